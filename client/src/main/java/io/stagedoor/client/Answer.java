package io.stagedoor.client;

/**
 * What a call ends with: a value, never an exception, so a caller (or a load driver counting outcomes) switches
 * over the cases. {@link Refusal} and {@link Unreachable} are answers to every kind of call.
 */
public sealed interface Answer permits SubmitAnswer, ResultAnswer, LoginAnswer, QueueAnswer {

    /** What the call cost. */
    CallStats stats();
}
