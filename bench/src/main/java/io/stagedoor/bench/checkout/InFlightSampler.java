package io.stagedoor.bench.checkout;

import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.checkout.CheckoutPool;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples the payments in flight across pool instances every few milliseconds, so a run shows whether its lanes
 * were busy (a low mean with a low rate: lanes idle between payments; a mean near the slots with a low rate:
 * each payment costs more than the gateway's latency).
 */
final class InFlightSampler {

    private static final Duration EVERY = Duration.ofMillis(5);

    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong busy = new AtomicLong();
    private final Thread thread;
    private volatile boolean stopped;

    private InFlightSampler(List<CheckoutPool> pools) {
        thread = Thread.ofPlatform().daemon().name("in-flight-sampler").start(() -> {
            while (!stopped) {
                busy.addAndGet(pools.stream().mapToInt(CheckoutPool::busyLanes).sum());
                samples.incrementAndGet();
                try {
                    Thread.sleep(EVERY);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    static InFlightSampler start(List<Workers> workers) {
        return new InFlightSampler(workers.stream().map(Workers::pool).flatMap(Optional::stream).toList());
    }

    void stop() throws InterruptedException {
        stopped = true;
        thread.join();
    }

    /** The mean number of payments in flight, summed over the instances, from start to stop. */
    double mean() {
        long n = samples.get();
        return n == 0 ? 0 : (double) busy.get() / n;
    }
}
