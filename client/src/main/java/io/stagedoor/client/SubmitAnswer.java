package io.stagedoor.client;

/** The answer to a hold or checkout: {@link Accepted}, {@link Refusal} or {@link Unreachable}. */
public sealed interface SubmitAnswer extends Answer permits Accepted, Refusal, Unreachable {
}
