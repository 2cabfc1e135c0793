package io.stagedoor.client;

/**
 * The service answered success with a body this client cannot read: a service and client of different versions,
 * or a proxy in the way. It fails the call's future; it is never retried, because a retry would read the same.
 */
public final class MalformedAnswerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MalformedAnswerException(String message) {
        super(message);
    }
}
