package io.stagedoor.ingress.waitingroom;

/**
 * What an operator changes: {@code {"entryRatePerSecond": 80}}, {@code {"paused": true}}, or both. Absent members
 * stay as they are.
 *
 * @param entryRatePerSecond the new entry rate, buyers per second
 * @param paused             true to stop admitting, false to resume
 */
public record RoomControlBody(Double entryRatePerSecond, Boolean paused) {
}
