package io.stagedoor.harness.chaos;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.RetryPolicy;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.client.Unreachable;
import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.load.OpenLoop;
import io.stagedoor.harness.load.Pacing;
import io.stagedoor.workers.payment.PayrailSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * Bounded, steady load from the Java client: {@code rate} times a second a buyer (rotating through
 * {@code buyers}, so none comes near the buyer-seats limit) holds one seat nobody else asks for, waits for the
 * result, and pays for the hold with a good card. POSTs alternate between the two ingress instances with one
 * attempt each, so every refusal and shed is seen; a POST that got no answer is sent once more, with the same
 * {@code Idempotency-Key}, to the other instance (as a load balancer would), which answers with the same
 * correlation id if the first one was accepted. Results are long-polled on the second instance. At most
 * {@link #MAX_VISITS} visits are under way at once; a visit that would exceed it is not started and counted.
 */
final class SteadyLoad implements AutoCloseable {

    static final int MAX_VISITS = 2_000;
    private static final int POLL_INSTANCE = 1;

    private final ChaosCluster cluster;
    private final String eventId;
    private final List<String> seats;
    private final String buyerPrefix;
    private final LoadTally tally;
    private final StagedoorClient[] submitters;
    private final StagedoorClient poller;
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final Duration resultWait;
    private OpenLoop.Run run;

    SteadyLoad(ChaosCluster cluster, String eventId, List<String> seats, String buyerPrefix, LoadTally tally) {
        this.cluster = cluster;
        this.eventId = eventId;
        this.seats = List.copyOf(seats);
        this.buyerPrefix = buyerPrefix;
        this.tally = tally;
        this.resultWait = cluster.settings().resultWait();
        RetryPolicy once = RetryPolicy.noRetries().withRequestTimeout(Duration.ofSeconds(5))
                .withMaxElapsed(Duration.ofSeconds(10));
        this.submitters = new StagedoorClient[]{
                StagedoorClient.builder().baseUri(cluster.ingress(0)).retryPolicy(once).build(),
                StagedoorClient.builder().baseUri(cluster.ingress(1)).retryPolicy(once).build()};
        RetryPolicy patient = RetryPolicy.defaults().withMaxAttempts(1_000)
                .withMaxElapsed(resultWait.plusSeconds(30)).withBackoff(Duration.ofMillis(200), Duration.ofSeconds(1));
        this.poller = StagedoorClient.builder().baseUri(cluster.ingress(POLL_INSTANCE)).retryPolicy(patient).build();
    }

    /** Starts offering visits at the configured rate until {@link #stop()}; visits beyond the seats are not made. */
    void start() {
        run = new OpenLoop(Pacing.perSecond(cluster.settings().rate()), MAX_VISITS, OpenLoop.WhenFull.SKIP)
                .start(Duration.ZERO, seats.size(), (none, visit, due) -> visit((int) visit));
    }

    /** Offers no more visits. */
    void stop() {
        if (run != null) {
            run.stop();
            tally.skipped.set(run.skipped());
        }
    }

    /**
     * Waits until every visit begun has its answers (each bounded by the result wait); throws the first exception
     * a visit threw, or a {@link TimeoutException} when they are not all answered in three result waits and a minute.
     */
    void awaitVisits() {
        try {
            if (!run.await(Duration.ofSeconds(resultWait.toSeconds() * 3 + 60))) {
                throw new CompletionException(new TimeoutException(HarnessMessages.visitsStillUnderWay()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
        tally.skipped.set(run.skipped());
        run.failure().ifPresent(failure -> {
            throw new CompletionException(failure);
        });
    }

    @Override
    public void close() {
        stop();
        if (run != null) {
            run.cancel();
        }
        for (StagedoorClient client : submitters) {
            client.close();
        }
        poller.close();
    }

    private void visit(int visit) {
        String buyer = buyerPrefix + (visit % cluster.settings().buyers());
        String token = tokens.computeIfAbsent(buyer, cluster::token);
        int instance = visit % 2;
        Optional<Decided> hold = submitAndAwait(instance, token,
                (client, options) -> client.hold(token, eventId, List.of(seats.get(visit)), options));
        hold.filter(decided -> decided.result().status() == ResultStatus.HELD).ifPresent(held ->
                submitAndAwait(1 - instance, token, (client, options) ->
                        client.checkout(token, held.result().holdId(), PayrailSettings.TOKEN_OK, options)));
    }

    private Optional<Decided> submitAndAwait(int instance, String token,
                                             BiFunction<StagedoorClient, RequestOptions, CompletableFuture<SubmitAnswer>> post) {
        RequestOptions options = RequestOptions.none().withIdempotencyKey(UUID.randomUUID().toString());
        FaultPhase sentIn = tally.phase();
        long began = System.nanoTime();
        SubmitAnswer answer = post.apply(submitters[instance], options).join();
        if (answer instanceof Unreachable) {
            tally.failedOver.incrementAndGet();
            answer = post.apply(submitters[1 - instance], options).join();
        }
        tally.submitted(answer, sentIn, System.nanoTime() - began);
        if (!(answer instanceof Accepted accepted)) {
            return Optional.empty();
        }
        ResultAnswer result = poller.awaitResult(token, accepted.correlationId(), resultWait).join();
        tally.resulted(accepted.correlationId(), result);
        return result instanceof Decided decided ? Optional.of(decided) : Optional.empty();
    }
}
