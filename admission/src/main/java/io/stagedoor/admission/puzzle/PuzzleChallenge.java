package io.stagedoor.admission.puzzle;

/**
 * One issued puzzle: find a counter {@code n} (decimal, at most {@value PuzzleWork#MAX_COUNTER_DIGITS} digits) such
 * that SHA-256 of {@code token + ":" + n} starts with {@code difficulty} zero bits, before {@code expiresAtMillis}.
 *
 * @param token           what the buyer solves and sends back, signed; carries every other field
 * @param id              the token's short, unforgeable id, which a spent solution is remembered by
 * @param eventId         the event whose room it lets the buyer join
 * @param buyerId         the only buyer it is good for
 * @param difficulty      leading zero bits asked
 * @param expiresAtMillis when it stops being good (epoch milliseconds)
 */
public record PuzzleChallenge(String token, String id, String eventId, String buyerId, int difficulty,
                              long expiresAtMillis) {
}
