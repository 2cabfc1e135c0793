package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.audit.evidence.ResultSummary;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replays each buyer's seats of each event, held and bought together, in the order the inventory changed them (one
 * event's seat changes share a partition), and fails on a hold that took a buyer past the event's
 * {@code maxSeatsPerBuyer}. Held seats stop counting when they are available again; sold seats count for good.
 *
 * <p>A seat change names its hold and the hold's "held" result names its buyer. A hold whose result lies before the
 * results' read (one made early in the seat lead-in) cannot be attributed and is not counted, so a replayed count can
 * be too low, never too high; changes in the lead-in set the counts but are not judged. The cap judged at a change is
 * the most generous of the event's definitions written by then (the earliest one read when compaction kept none that
 * old), so an operator's edit of the cap never makes an honest hold look wrong.
 */
final class BuyerSeatsWithinCap implements Check {

    static final String NAME = "buyer-seats-within-cap";
    private static final char SEPARATOR = '\u001f';

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, String> buyerOfHold = new HashMap<>();
        for (Located<ResultSummary> located : evidence.results()) {
            ResultSummary result = located.value();
            if (result.status() == ResultStatus.HELD && result.holdId() != null && result.owner() != null) {
                buyerOfHold.put(result.holdId(), result.owner());
            }
        }
        Map<String, List<Located<EventDefinition>>> definitions = new HashMap<>();
        for (Located<EventDefinition> located : evidence.events()) {
            definitions.computeIfAbsent(located.value().eventId(), id -> new ArrayList<>()).add(located);
        }
        Map<String, Set<String>> countedOfHold = new HashMap<>();
        Map<String, Integer> seatsOfBuyer = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long judged = 0;
        long unattributed = 0;
        long undefined = 0;
        int most = 0;
        for (Located<SeatChange> located : evidence.seatChanges()) {
            SeatChange change = located.value();
            String buyer = change.holdId() == null ? null : buyerOfHold.get(change.holdId());
            if (buyer == null) {
                unattributed++;
                continue;
            }
            Set<String> counted = countedOfHold.computeIfAbsent(change.holdId(), hold -> new HashSet<>());
            int delta = 0;
            for (String seat : change.seats()) {
                if (change.status() == SeatStatus.AVAILABLE ? counted.remove(seat) : counted.add(seat)) {
                    delta += change.status() == SeatStatus.AVAILABLE ? -1 : 1;
                }
            }
            int seats = seatsOfBuyer.merge(change.eventId() + SEPARATOR + buyer, delta, Integer::sum);
            Instant at = located.ref().timestamp();
            if (change.status() != SeatStatus.HELD || at.isBefore(window.from())) {
                continue;
            }
            Integer cap = capAt(definitions.get(change.eventId()), at);
            if (cap == null) {
                undefined++;
                continue;
            }
            judged++;
            most = Math.max(most, seats);
            if (seats > cap) {
                offenses.add(Offense.at(located.ref(), change.eventId() + "/" + buyer,
                        AuditMessages.overSeatCap(buyer, change.eventId(), seats, cap, change.holdId())));
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("holdsJudged", judged);
        details.put("seatChangesUnattributed", unattributed);
        details.put("holdsOfUndefinedEvents", undefined);
        details.put("mostSeatsOfOneBuyer", most);
        return CheckResult.judged(NAME, "no buyer held and bought more seats of an event than its maxSeatsPerBuyer",
                judged, offenses, details);
    }

    /** The most generous cap of the definitions written by {@code at}, else the earliest read; null when none. */
    private static Integer capAt(List<Located<EventDefinition>> definitions, Instant at) {
        if (definitions == null) {
            return null;
        }
        Integer cap = null;
        for (Located<EventDefinition> definition : definitions) {
            if (!definition.ref().timestamp().isAfter(at)) {
                cap = cap == null ? definition.value().maxSeatsPerBuyer()
                        : Math.max(cap, definition.value().maxSeatsPerBuyer());
            }
        }
        return cap != null ? cap : definitions.getFirst().value().maxSeatsPerBuyer();
    }
}
