package io.stagedoor.client;

/** A refusal's kind, from its problem type where the client knows it, else from its status. */
public enum RefusalType {
    /** 429: the caller was the reason; come back after Retry-After. */
    RATE_LIMITED,
    /** 503: the service was the reason; come back after Retry-After. */
    OVERLOADED,
    /** 403 waiting-room: join the event's waiting room and send its pass. */
    WAITING_ROOM,
    /** 401: the token is missing, forged or expired. */
    UNAUTHENTICATED,
    /** 403 for any other reason. */
    FORBIDDEN,
    /** 404: unknown, or not the caller's. */
    NOT_FOUND,
    /** 410: the result is older than the service's results window. */
    GONE,
    /** 400, 409, 413, 415, 422: the request itself was wrong. */
    INVALID,
    /** Any other 5xx. */
    SERVER_ERROR,
    /** Anything else. */
    OTHER;

    static RefusalType of(int status, String slug) {
        return switch (status) {
            case 429 -> RATE_LIMITED;
            case 503 -> OVERLOADED;
            case 401 -> UNAUTHENTICATED;
            case 403 -> "waiting-room".equals(slug) ? WAITING_ROOM : FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 410 -> GONE;
            case 400, 409, 413, 415, 422 -> INVALID;
            default -> status >= 500 ? SERVER_ERROR : OTHER;
        };
    }
}
