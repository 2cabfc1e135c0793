package io.stagedoor.audit.evidence;

/**
 * A record the audit could not parse: a contract violation in itself.
 *
 * @param ref    where it lives
 * @param reason what the parser said
 */
public record Unreadable(RecordRef ref, String reason) {
}
