package io.stagedoor.bench.bucket;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A closed loop: {@code inFlight} requests outstanding at all times for a fixed time, each completion issuing
 * the next. Latency is from issue to completion, recorded in a concurrent HdrHistogram recorder.
 */
final class LoadRound {

    /** What one round measured. */
    record Result(long decisions, long admitted, long errors, double seconds, Histogram latencyMicros) {
        double perSecond() {
            return decisions / seconds;
        }
    }

    private final BucketContender contender;
    private final Supplier<String> keys;
    private final int inFlight;
    private final Recorder recorder = new Recorder(3);
    private final LongAdder decisions = new LongAdder();
    private final LongAdder admitted = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private volatile boolean running = true;

    LoadRound(BucketContender contender, Supplier<String> keys, int inFlight) {
        this.contender = contender;
        this.keys = keys;
        this.inFlight = inFlight;
    }

    Result run(Duration length) throws InterruptedException {
        CountDownLatch drained = new CountDownLatch(inFlight);
        long start = System.nanoTime();
        for (int i = 0; i < inFlight; i++) {
            next(drained);
        }
        TimeUnit.NANOSECONDS.sleep(length.toNanos());
        running = false;
        long stopped = System.nanoTime();
        // A slow peer may still have calls outstanding; they finish, but outside the measured window.
        drained.await(60, TimeUnit.SECONDS);
        return new Result(decisions.sum(), admitted.sum(), errors.sum(), (stopped - start) / 1e9,
                recorder.getIntervalHistogram());
    }

    private void next(CountDownLatch drained) {
        while (running) {
            long issued = System.nanoTime();
            CompletableFuture<Boolean> call;
            try {
                call = contender.decide(keys.get());
            } catch (RuntimeException e) {
                call = CompletableFuture.failedFuture(e);
            }
            if (!call.isDone()) {
                call.whenComplete((ok, error) -> {
                    record(issued, ok, error);
                    next(drained);
                });
                return;
            }
            // Completed on this thread: loop rather than recurse, so a run of cached answers cannot overflow the stack.
            Boolean ok = call.handle((value, error) -> error == null ? value : null).join();
            record(issued, ok, ok == null ? new IllegalStateException("failed") : null);
        }
        drained.countDown();
    }

    private void record(long issued, Boolean ok, Throwable error) {
        if (!running) {
            return;
        }
        if (error != null) {
            // A failure is no decision: counted apart, and kept out of the rate and the latencies.
            errors.increment();
            return;
        }
        recorder.recordValue(Math.max(1, (System.nanoTime() - issued) / 1_000));
        decisions.increment();
        if (Boolean.TRUE.equals(ok)) {
            admitted.increment();
        }
    }

}
