package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.PresaleRecord;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Every presale code opened at most one session, of an account it was granted to: a "used" step of an account never
 * recorded as granted a code is an offense, and so is a second "used" of one account with no "returned" (a join that
 * got no place gives its code back) between. A code is bound to its account by construction (decision 0038), so a use
 * by its own account is the only use there is.
 */
final class PresaleCodesUsed implements Check {

    static final String NAME = "presale-codes";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Set<String> granted = new HashSet<>();
        Map<String, Integer> inUse = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long uses = 0;
        for (Located<PresaleRecord> located : evidence.presale()) {
            PresaleRecord record = located.value();
            String key = record.eventId() + "#" + record.accountId();
            switch (record.kind()) {
                case PresaleRecord.GRANTED -> granted.add(key);
                case PresaleRecord.USED -> {
                    uses++;
                    if (!granted.contains(key)) {
                        offenses.add(Offense.at(located.ref(), key,
                                AuditMessages.presaleCodeNeverGranted(record.eventId(), record.accountId())));
                    } else if (inUse.merge(key, 1, Integer::sum) > 1) {
                        offenses.add(Offense.at(located.ref(), key,
                                AuditMessages.presaleCodeUsedTwice(record.eventId(), record.accountId())));
                    }
                }
                case PresaleRecord.RETURNED -> inUse.computeIfPresent(key, (k, count) -> count > 1 ? count - 1 : null);
                default -> { }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("codesUsed", uses);
        return CheckResult.judged(NAME, "every presale code opened at most one session, of its own account", uses,
                offenses, details);
    }
}
