package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The harness's timed waits: for a condition that only a poll can see (a part's port, an event reaching an
 * ingress), and for the length of a fault. Tests wait on futures; a harness that plays an outage has to wait for
 * the clock.
 */
final class Waits {

    private static final long POLL_MILLIS = 100;

    private Waits() {
    }

    /** Polls {@code condition} until it holds; fails after {@code timeout}. */
    static void until(Duration timeout, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(HarnessMessages.gaveUpWaiting(what, timeout));
            }
            pause(Duration.ofMillis(POLL_MILLIS));
        }
    }

    /** Lets {@code length} pass: an outage lasting, the load running. */
    static void pause(Duration length) {
        try {
            Thread.sleep(length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(HarnessMessages.interrupted(), e);
        }
    }
}
