package io.stagedoor.client;

/**
 * The answer to waiting for a result: {@link Decided}, {@link StillPending} when the wait ran out first,
 * {@link Refusal} (404 unknown or not yours, 410 too old, or the POST itself refused) or {@link Unreachable}.
 */
public sealed interface ResultAnswer extends Answer permits Decided, StillPending, Refusal, Unreachable {
}
