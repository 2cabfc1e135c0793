package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.WaitingRoomRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parked lane (decision 0037): lists every buyer parked in the window with why, and whether an operator released
 * them, and holds the room to its promise that a parked buyer is given no real place until released: a "joined" step
 * of a buyer after their "parked" one, with no "released" between, is an offense. (A join the parked list could not
 * judge in time is let through unparked, counted by the ingress's {@code parking.unjudged}; it shows here too.) A
 * buyer's real place given before they were parked is theirs and is not judged.
 */
final class WaitingRoomParked implements Check {

    static final String NAME = "waiting-room-parked";

    /** One parked buyer as the window shows them. */
    record Parked(String eventId, String buyerId, String reason, String at, boolean released) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, Parked> parked = new TreeMap<>();
        Map<String, Boolean> parkedNow = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long flags = 0;
        long judged = 0;
        for (Located<WaitingRoomRecord> located : evidence.waitingRoom()) {
            WaitingRoomRecord record = located.value();
            String key = record.eventId() + "#" + record.buyerId();
            switch (record.kind()) {
                case WaitingRoomRecord.PARKED -> {
                    flags++;
                    parked.putIfAbsent(key, new Parked(record.eventId(), record.buyerId(), record.reason(),
                            String.valueOf(record.at()), false));
                    parkedNow.put(key, true);
                }
                case WaitingRoomRecord.RELEASED -> {
                    parked.computeIfPresent(key, (k, was) -> new Parked(was.eventId(), was.buyerId(), was.reason(),
                            was.at(), true));
                    parkedNow.put(key, false);
                }
                case WaitingRoomRecord.JOINED -> {
                    judged++;
                    if (Boolean.TRUE.equals(parkedNow.get(key))) {
                        offenses.add(Offense.at(located.ref(), key,
                                AuditMessages.placeWhileParked(record.eventId(), record.buyerId(), record.position())));
                    }
                }
                default -> { }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("joins", judged);
        details.put("flags", flags);
        details.put("released", parked.values().stream().filter(Parked::released).count());
        List<Parked> listed = new ArrayList<>(parked.values());
        details.put("parked", listed.subList(0, Math.min(listed.size(), keep)));
        return CheckResult.judged(NAME, "parked buyers were given no real place until released", flags + judged,
                offenses, details);
    }
}
