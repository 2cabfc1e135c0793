package io.stagedoor.client;

/**
 * The answer to joining or asking about the waiting room: {@link InQueue}, {@link PassIssued}, {@link WaitOver}, or
 * not.
 */
public sealed interface QueueAnswer extends Answer permits InQueue, PassIssued, WaitOver, Refusal, Unreachable {
}
