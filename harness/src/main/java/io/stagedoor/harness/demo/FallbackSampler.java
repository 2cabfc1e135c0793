package io.stagedoor.harness.demo;

import io.stagedoor.admission.waitingroom.WaitingRoomMeter;
import io.stagedoor.harness.scrape.MetricsPage;
import io.stagedoor.harness.scrape.Scrape;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads the room's fallback counter ({@link WaitingRoomMeter#FALLBACK}, every operation) and the checkout bound's
 * sheds from the ingress's {@code /metrics} every {@link #EVERY}, each into a {@link FallbackTimeline}, from
 * {@link #start} until {@link #stop()}, which takes a last reading. A reading that fails is skipped: the counters are
 * cumulative, the next one catches up.
 */
final class FallbackSampler implements AutoCloseable {

    /** Between two readings: the split's resolution at each edge of the outage window. */
    static final Duration EVERY = Duration.ofMillis(500);

    private final MetricsPage page;
    private final Clock clock;
    private final FallbackTimeline timeline = new FallbackTimeline();
    private final FallbackTimeline checkoutSheds = new FallbackTimeline();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("demo-fallback-sampler").factory());

    private FallbackSampler(MetricsPage page, Clock clock) {
        this.page = page;
        this.clock = clock;
    }

    /** Takes a first reading now, then one every {@link #EVERY}. */
    static FallbackSampler start(MetricsPage page, Clock clock) {
        FallbackSampler sampler = new FallbackSampler(page, clock);
        sampler.ticker.scheduleAtFixedRate(sampler::read, 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
        return sampler;
    }

    FallbackTimeline timeline() {
        return timeline;
    }

    /** The checkout bound's sheds over the run, read with the same readings. */
    FallbackTimeline checkoutSheds() {
        return checkoutSheds;
    }

    /** Stops the readings and takes the last one; once: later calls do nothing. */
    synchronized void stop() {
        if (ticker.isShutdown()) {
            return;
        }
        ticker.shutdown();
        try {
            ticker.awaitTermination(MetricsPage.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        read();
    }

    /** {@link #stop()}, for a run that ended early. */
    @Override
    public void close() {
        stop();
    }

    private void read() {
        try {
            Scrape metrics = page.read();
            Instant at = clock.instant();
            timeline.record(at, (long) metrics.counterSum(WaitingRoomMeter.FALLBACK.meterName()));
            checkoutSheds.record(at, (long) metrics.counter(IngressMetrics.SHED).stream()
                    .filter(sample -> SaleHealth.CHECKOUT_BOUND_REASON.equals(sample.tag("reason")))
                    .mapToDouble(Scrape.Sample::value).sum());
        } catch (IOException unread) {
            // skipped: the next reading counts what this one would have
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
