package io.stagedoor.client;

/**
 * Hears what the client does, for reports and metrics. Called on the thread that completes the call; keep it quick
 * and thread-safe (one listener serves every call of a client). Exceptions it throws are not caught.
 */
public interface CallListener {

    /** Nothing heard. */
    CallListener NONE = new CallListener() {
    };

    /** The client is about to wait and try again. */
    default void onRetry(Operation operation, RetryStep step) {
    }

    /** A call ended with {@code answer}; {@code answer.stats()} says what it cost. */
    default void onFinished(Operation operation, Answer answer) {
    }
}
