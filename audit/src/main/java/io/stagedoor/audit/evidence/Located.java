package io.stagedoor.audit.evidence;

/**
 * A parsed record and where it was read.
 *
 * @param value the record's value
 * @param ref   where it lives
 * @param <T>   the value's type
 */
public record Located<T>(T value, RecordRef ref) {
}
