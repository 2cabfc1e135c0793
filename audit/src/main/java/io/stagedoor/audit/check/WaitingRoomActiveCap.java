package io.stagedoor.audit.check;

import io.stagedoor.admission.lanes.LaneRooms;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.WaitingRoomSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * No event's room had more buyers active than its cap. Per event, the check replays the sessions itself: an
 * admission starts one (ending at the pass's lifetime, from the event's definition), an "ended" or "revoked" step
 * ends it, and at every admission the sessions still on may not exceed the cap the step records. Each step's own
 * count of active buyers (the store's, after the step) is held to the cap too, which also covers sessions begun
 * before the window. Tickets an instance issued from its own queue while Redis was unreachable ({@code local-…})
 * are counted apart: each instance then admits its share of the cap, at least one, and is not held to the shared
 * count. A second opening of the same room (Redis restarted empty, and the store opened it afresh) ends every
 * session the replay holds: the store has forgotten them, and a shared room refuses a pass whose session it does not
 * know, so those buyers are active no longer; they are counted in the details ({@code endedByRestart}). A second
 * "shuffled" step of the window is one. So is the window's first when the room was first opened before the window
 * (the step is stamped with the opening time, not with when it was written, so only the record's own timestamp
 * tells): it ends the sessions admitted more than {@link #REOPENING_SLACK} before it was written, which an opening
 * made since could not have admitted. Otherwise the first opening's step ends nothing: it may reach the topic after
 * admissions another instance wrote.
 */
final class WaitingRoomActiveCap implements Check {

    static final String NAME = "waiting-room-active-cap";
    /**
     * How long after the call that opened a room its step may be written, at most: the room's deadline (1 s) and a
     * reply heard late, with room to spare.
     */
    static final Duration REOPENING_SLACK = Duration.ofSeconds(5);

    /** One event's sessions: buyer → when the session ends by its lifetime. */
    private static final class Sessions {
        private final Map<String, Instant> on = new HashMap<>();
        private int most;
        /** Whether a "shuffled" step of the room was seen: another one is a second opening. */
        private boolean opened;

        /**
         * Ends the sessions an opening written at {@code written} forgot, counting them: all of them after an
         * opening seen before, else those admitted more than {@link #REOPENING_SLACK} before it was written.
         */
        int reopened(Instant written, Duration lifetime) {
            int before = on.size();
            if (opened) {
                on.clear();
            } else {
                Instant admittedBefore = written.minus(REOPENING_SLACK);
                on.values().removeIf(ends -> ends.minus(lifetime).isBefore(admittedBefore));
            }
            opened = true;
            return before - on.size();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, Duration> lifetimes = new HashMap<>();
        for (Located<EventDefinition> event : evidence.events()) {
            lifetimes.put(event.value().eventId(), event.value().waitingRoom().passLifetime());
        }
        Map<String, Sessions> rooms = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long judged = 0;
        long local = 0;
        long endedByRestart = 0;
        for (Located<WaitingRoomRecord> located : evidence.waitingRoom()) {
            WaitingRoomRecord record = located.value();
            Instant at = record.at() != null ? record.at() : located.ref().timestamp();
            Sessions room = rooms.computeIfAbsent(record.eventId(), id -> new Sessions());
            room.on.values().removeIf(ends -> !ends.isAfter(at));
            int cap = record.maxActive() == null ? 0 : record.maxActive();
            // a lane's room ("<event>~<lane>") runs on its event's pass lifetime
            int lane = record.eventId().indexOf(LaneRooms.MARK);
            Duration lifetime = lifetimes.getOrDefault(lane < 0 ? record.eventId() : record.eventId().substring(0, lane),
                    WaitingRoomSettings.DEFAULT_PASS_LIFETIME);
            switch (record.kind()) {
                case WaitingRoomRecord.SHUFFLED -> endedByRestart += room.reopened(located.ref().timestamp(), lifetime);
                case WaitingRoomRecord.ADMITTED -> {
                    if (record.ticket() != null && record.ticket().startsWith(WaitingRoomOrder.LOCAL_TICKET)) {
                        local++;
                        continue;
                    }
                    judged++;
                    room.on.put(record.buyerId() != null ? record.buyerId() : record.ticket(), at.plus(lifetime));
                    room.most = Math.max(room.most, room.on.size());
                    if (cap > 0 && room.on.size() > cap) {
                        offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.buyerId(),
                                AuditMessages.activeOverCap(record.eventId(), room.on.size(), cap)));
                        continue;
                    }
                }
                case WaitingRoomRecord.ENDED, WaitingRoomRecord.REVOKED -> room.on.remove(record.buyerId());
                default -> { }
            }
            if (cap > 0 && record.active() != null && record.active() > cap) {
                offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.kind(),
                        AuditMessages.activeOverCap(record.eventId(), record.active(), cap)));
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("events", rooms.size());
        details.put("admissions", judged);
        details.put("fallbackAdmissions", local);
        details.put("endedByRestart", endedByRestart);
        Map<String, Integer> most = new LinkedHashMap<>();
        rooms.forEach((event, room) -> most.put(event, room.most));
        details.put("mostActive", most);
        return CheckResult.judged(NAME, "no waiting room had more buyers active than its cap", judged, offenses,
                details);
    }
}
