package io.stagedoor.client;

import java.util.Optional;

/**
 * Per-call choices for a POST. Every field is optional: without an idempotency key the client makes one per logical
 * call (and sends it on every retry of that call); without a retry policy the client's own applies.
 *
 * @param idempotencyKey  the {@code Idempotency-Key} to send; give your own to make retries of your own safe too
 * @param waitingRoomPass the pass for the event's waiting room, sent as {@code X-Waiting-Room-Pass}
 * @param retryPolicy     a policy for this call only
 */
public record RequestOptions(String idempotencyKey, String waitingRoomPass, RetryPolicy retryPolicy) {

    private static final RequestOptions NONE = new RequestOptions(null, null, null);

    public RequestOptions {
        if (idempotencyKey != null && idempotencyKey.isBlank()) {
            throw new IllegalArgumentException(ClientMessages.blank("idempotencyKey"));
        }
        if (waitingRoomPass != null && waitingRoomPass.isBlank()) {
            throw new IllegalArgumentException(ClientMessages.blank("waitingRoomPass"));
        }
    }

    /** No key (one is made per call), no pass, the client's retry policy. */
    public static RequestOptions none() {
        return NONE;
    }

    public RequestOptions withIdempotencyKey(String key) {
        return new RequestOptions(key, waitingRoomPass, retryPolicy);
    }

    public RequestOptions withWaitingRoomPass(String pass) {
        return new RequestOptions(idempotencyKey, pass, retryPolicy);
    }

    public RequestOptions withRetryPolicy(RetryPolicy policy) {
        return new RequestOptions(idempotencyKey, waitingRoomPass, policy);
    }

    /** The policy for this call: its own, else {@code fallback}. */
    public RetryPolicy policyOr(RetryPolicy fallback) {
        return Optional.ofNullable(retryPolicy).orElse(fallback);
    }
}
