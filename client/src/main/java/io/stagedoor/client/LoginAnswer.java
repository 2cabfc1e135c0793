package io.stagedoor.client;

/** The answer to a login: {@link LoggedIn}, {@link Refusal} or {@link Unreachable}. */
public sealed interface LoginAnswer extends Answer permits LoggedIn, Refusal, Unreachable {
}
