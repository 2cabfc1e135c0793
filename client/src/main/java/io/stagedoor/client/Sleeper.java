package io.stagedoor.client;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Waits without holding a thread: the future completes once {@code wait} has passed. The default schedules on
 * {@link CompletableFuture#delayedExecutor}; tests pass one that moves a fake clock instead.
 */
@FunctionalInterface
public interface Sleeper {

    /** Completes no earlier than {@code wait} from now. */
    CompletableFuture<Void> sleep(Duration wait);

    /** The real one: a delayed task on the common pool, measured on the monotonic clock, so it never fires early. */
    static Sleeper scheduled() {
        return wait -> wait.isNegative() || wait.isZero()
                ? CompletableFuture.completedFuture(null)
                : CompletableFuture.runAsync(() -> { },
                        CompletableFuture.delayedExecutor(wait.toNanos(), TimeUnit.NANOSECONDS));
    }
}
