package io.stagedoor.audit.check;

import io.stagedoor.audit.evidence.RecordRef;
import java.time.Instant;

/**
 * One record that broke a check.
 *
 * @param record  where it lives ({@code results/3@1207})
 * @param at      its timestamp
 * @param subject what it is about: a correlation id, a seat, a buyer
 * @param what    what was wrong, in a sentence from {@link io.stagedoor.audit.AuditMessages}
 */
public record Offense(String record, Instant at, String subject, String what) {

    public static Offense at(RecordRef ref, String subject, String what) {
        return new Offense(ref.toString(), ref.timestamp(), subject, what);
    }
}
