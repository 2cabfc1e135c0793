package io.stagedoor.admission.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/** What every small Redis store does with a call: gives up on it after the store's own timeout. */
public final class StoreCalls {

    private StoreCalls() {
    }

    /**
     * {@code call}, failed with a {@code TimeoutException} once {@code timeout} has passed without an answer. The
     * timeout acts on a copy, so giving up never completes the client's own future.
     */
    public static <T> CompletableFuture<T> within(CompletionStage<T> call, Duration timeout) {
        return call.toCompletableFuture().copy().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
