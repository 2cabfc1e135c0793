package io.stagedoor.client;

/** Why the client stopped trying and handed the last answer (or failure) back. */
public enum GiveUp {
    /** The answer is final: a status the client never retries (any 4xx but 429, any 5xx but 503). */
    NOT_RETRYABLE,
    /** The retry policy's attempt budget is spent. */
    ATTEMPTS_EXHAUSTED,
    /** The next attempt could not be made, honouring the wait, before the call's deadline. */
    DEADLINE_EXCEEDED
}
