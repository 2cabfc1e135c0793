package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Unreadable;
import java.util.Map;

/** Every record read follows the contract: a record no reader can parse is evidence lost. */
final class ReadableRecords implements Check {

    static final String NAME = "records-readable";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Offenses offenses = new Offenses(keep);
        for (Unreadable record : evidence.unreadable()) {
            offenses.add(Offense.at(record.ref(), record.ref().topic(), AuditMessages.unreadable(record.reason())));
        }
        return CheckResult.judged(NAME, "every record read follows the topic contract",
                evidence.reading().records(), offenses, Map.of("recordsRead", evidence.reading().records()));
    }
}
