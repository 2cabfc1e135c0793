package io.stagedoor.client;

/** The kinds of call the client makes, as reported to a {@link CallListener}. */
public enum Operation {
    HOLD, CHECKOUT, RESULT, LOGIN, QUEUE_JOIN, QUEUE_STATUS, QUEUE_LEAVE
}
