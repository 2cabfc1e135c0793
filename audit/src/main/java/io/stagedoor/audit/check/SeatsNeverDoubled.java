package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Replays every seat's changes in the order the inventory wrote them (one event's changes share a partition) and
 * fails on a seat held while another live hold had it, sold twice, sold without being held by the buyer's hold,
 * or made available again after it was sold. Changes in the lead-in before the window set the seats' state but
 * are not judged; a seat first seen in the window is taken as it is.
 */
final class SeatsNeverDoubled implements Check {

    static final String NAME = "seats-never-doubled";
    private static final char SEPARATOR = '\u001f';

    private record SeatState(SeatStatus status, String holdId) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, SeatState> seats = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long judged = 0;
        for (Located<SeatChange> located : evidence.seatChanges()) {
            SeatChange change = located.value();
            boolean judging = !located.ref().timestamp().isBefore(window.from());
            if (judging) {
                judged++;
            }
            for (String seat : change.seats()) {
                String key = change.eventId() + SEPARATOR + seat;
                String problem = problem(seats.get(key), change, change.eventId() + "/" + seat);
                if (problem != null && judging) {
                    offenses.add(Offense.at(located.ref(), change.eventId() + "/" + seat, problem));
                }
                seats.put(key, new SeatState(change.status(), change.holdId()));
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("seatChangesJudged", judged);
        details.put("seatChangesInLeadIn", evidence.seatChanges().size() - judged);
        details.put("seatsSeen", seats.size());
        return CheckResult.judged(NAME, "no seat was held by two live holds at once, and no seat was sold twice",
                judged, offenses, details);
    }

    /** What is wrong with {@code change} given the seat's state before it, or null. */
    private static String problem(SeatState prior, SeatChange change, String seat) {
        if (prior == null) {
            return null;
        }
        String hold = change.holdId();
        boolean sameHold = Objects.equals(prior.holdId(), hold);
        return switch (change.status()) {
            case HELD -> switch (prior.status()) {
                case AVAILABLE -> null;
                case HELD -> sameHold ? null : AuditMessages.heldTwice(seat, prior.holdId(), hold);
                case SOLD -> AuditMessages.heldWhileSold(seat, prior.holdId(), hold);
            };
            case SOLD -> switch (prior.status()) {
                case HELD -> sameHold ? null : AuditMessages.soldWhileHeldByAnother(seat, prior.holdId(), hold);
                case SOLD -> AuditMessages.soldTwice(seat, prior.holdId(), hold);
                case AVAILABLE -> AuditMessages.soldWithoutHold(seat, hold);
            };
            case AVAILABLE -> switch (prior.status()) {
                case AVAILABLE -> null;
                case HELD -> sameHold ? null : AuditMessages.releasedByStranger(seat, prior.holdId(), hold);
                case SOLD -> AuditMessages.soldSeatReleased(seat, prior.holdId(), hold);
            };
        };
    }
}
