package io.stagedoor.audit.check;

import io.stagedoor.admission.presale.PresaleLottery;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.PresaleRecord;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every presale lottery on the record is the lottery of its published seed over the registrations on the record
 * (decision 0038). Per draw: the registrations recorded before it are drawn again with its seed and code count; each
 * account recorded as granted a code in the draw must be one of those winners, each winner must be recorded as
 * granted, and the draw must have counted as many registrants as the record holds (a registration the draw counted and
 * the record lacks would let the draw be other than the record's). Codes passed to the wait-list must go to the next
 * registrants in lottery order.
 */
final class PresaleLotteryDrawn implements Check {

    static final String NAME = "presale-lottery";

    /** One event's presale as the record shows it. */
    private static final class Sale {
        private final Set<String> registered = new LinkedHashSet<>();
        private Located<PresaleRecord> drawn;
        private final Map<String, Located<PresaleRecord>> granted = new LinkedHashMap<>();
        private final Map<String, Located<PresaleRecord>> passed = new LinkedHashMap<>();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, Sale> sales = new LinkedHashMap<>();
        for (Located<PresaleRecord> located : evidence.presale()) {
            PresaleRecord record = located.value();
            Sale sale = sales.computeIfAbsent(record.eventId(), event -> new Sale());
            switch (record.kind()) {
                case PresaleRecord.REGISTERED -> {
                    if (sale.drawn == null) {
                        sale.registered.add(record.accountId());
                    }
                }
                case PresaleRecord.DRAWN -> sale.drawn = sale.drawn == null ? located : sale.drawn;
                case PresaleRecord.GRANTED -> (record.round() == 0 ? sale.granted : sale.passed)
                        .putIfAbsent(record.accountId(), located);
                default -> { }
            }
        }
        Offenses offenses = new Offenses(keep);
        long draws = 0;
        long grants = 0;
        for (Map.Entry<String, Sale> entry : sales.entrySet()) {
            Sale sale = entry.getValue();
            if (sale.drawn == null) {
                continue;
            }
            draws++;
            String eventId = entry.getKey();
            PresaleRecord drawn = sale.drawn.value();
            if (drawn.registrants() != sale.registered.size()) {
                offenses.add(Offense.at(sale.drawn.ref(), eventId + "#registrants", AuditMessages.presaleRegistrantsOff(
                        eventId, drawn.registrants(), sale.registered.size())));
            }
            PresaleLottery.Draw replayed = PresaleLottery.draw(HexFormat.of().parseHex(drawn.seed()),
                    sale.registered, (int) drawn.count());
            Set<String> winners = new LinkedHashSet<>(replayed.winners());
            for (Located<PresaleRecord> grant : sale.granted.values()) {
                grants++;
                if (!winners.contains(grant.value().accountId())) {
                    offenses.add(Offense.at(grant.ref(), eventId + "#" + grant.value().accountId(),
                            AuditMessages.presaleUnearnedCode(eventId, grant.value().accountId())));
                }
            }
            for (String winner : winners) {
                if (!sale.granted.containsKey(winner)) {
                    offenses.add(Offense.at(sale.drawn.ref(), eventId + "#" + winner,
                            AuditMessages.presaleWinnerWithoutCode(eventId, winner)));
                }
            }
            List<String> next = replayed.waitList().subList(0, Math.min(sale.passed.size(), replayed.waitList().size()));
            for (Located<PresaleRecord> pass : sale.passed.values()) {
                grants++;
                if (!next.contains(pass.value().accountId())) {
                    offenses.add(Offense.at(pass.ref(), eventId + "#" + pass.value().accountId(),
                            AuditMessages.presaleWaitListOutOfOrder(eventId, pass.value().accountId())));
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("draws", draws);
        details.put("codesGranted", grants);
        return CheckResult.judged(NAME, "every presale lottery is the lottery of its seed over the registrations",
                draws, offenses, details);
    }
}
