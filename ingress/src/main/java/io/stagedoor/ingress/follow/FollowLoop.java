package io.stagedoor.ingress.follow;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A follower's loop: runs its step until stopped. A step that fails is tried again after a pause, never given up
 * on: a follower that stopped for good would leave the views it feeds, and every poll answered from them, stale
 * while the instance still took requests. While steps fail the loop says so ({@link #failing}), and readiness
 * turns false. A {@link WakeupException} is a wakeup, not a failure. Thread-safe.
 */
final class FollowLoop {

    private static final Logger LOG = LoggerFactory.getLogger(FollowLoop.class);
    /** How long a failed step waits before it is tried again. */
    static final Duration RETRY = Duration.ofMillis(500);

    private final String topic;
    private final Runnable step;
    private final LongAdder failures = new LongAdder();
    private volatile boolean running = true;
    private volatile boolean failing;

    FollowLoop(String topic, Runnable step) {
        this.topic = topic;
        this.step = step;
    }

    /** Runs the step until {@link #stop}; returns on the calling thread once stopped. */
    void run() {
        while (running) {
            try {
                step.run();
                if (failing) {
                    failing = false;
                    LOG.info("following {} again", topic);
                }
            } catch (WakeupException woken) {
                // a wakeup: the step looks again, or the loop ends if stopped
            } catch (RuntimeException e) {
                failures.increment();
                if (!failing) {
                    failing = true;
                    LOG.error("following {} failed; trying again every {} ms", topic, RETRY.toMillis(), e);
                }
                LockSupport.parkNanos(RETRY.toNanos());
            }
        }
    }

    /** Ends the loop after its current step (wake the step up for it to end at once). */
    void stop() {
        running = false;
    }

    /** Whether the last step failed: the views fed by this loop may be stale. */
    boolean failing() {
        return failing;
    }

    /** The steps that failed since the start. */
    long failures() {
        return failures.sum();
    }
}
