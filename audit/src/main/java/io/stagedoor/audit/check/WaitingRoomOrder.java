package io.stagedoor.audit.check;

import io.stagedoor.admission.waitingroom.ShuffleOrder;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.WaitingRoomRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Waiting-room admissions followed positions at the recorded rate. Per event, no position may be admitted beyond
 * what the entry rate in force allowed since the opening (the integral of the rate from the shuffle's time), plus
 * one second's worth of slack for instances that each admit their share. That is the store's own promise: its
 * frontier starts at 0 at the opening and never grows faster than the rate. The admitted positions the topic shows
 * are a lagging view of that frontier (a buyer is admitted when they next ask), so they may catch up in a burst
 * after a quiet stretch and are not held to the rate between any two moments. Buyers who come back late for their
 * pass (a low position admitted late) are fine; nobody may be admitted twice. In a window that opens mid-sale, the
 * first second of admissions sets the starting point. The opening's step may be written after steps stamped later
 * (it is stamped with the opening time); its allowance still starts at the opening. A second opening of the same
 * room (Redis restarted empty, and the store opened it afresh) starts the allowance again where it is read.
 * Tickets an instance issued from its own queue while Redis was unreachable ({@code local-…}) have positions of
 * that queue alone: they are checked for double admission and counted, but are not held to the shared queue's
 * positions. A "slots-freed" step (a session ended while every active slot was taken, and the store moved its
 * frontier at once) adds its places to the allowance. Admissions of a passthrough room are not held to the rate.
 *
 * <p>Places follow arrival: after the opening, a join may not be given a place ahead of one who joined more than
 * {@link #ARRIVAL_SLACK} earlier. Instances gather joins for a window before one call gives them their places, so
 * joins at two instances within that window, plus the call's time, may be placed in either order (decision 0027).
 * Joins before the opening (placed by the draw), in a random room, or from an own queue are not held to it; an
 * opening, or a second one after Redis lost the room, starts it afresh.
 *
 * <p>A random room's draws are replayed (decision 0029): an admission at a place inside a window the topic shows
 * drawn ("drawn": its first place, count and seed) must be the place the buyer's draw gives there
 * ({@link ShuffleOrder#drawnPlace}); one elsewhere is counted as not on record (the early joiners' draw, or a window
 * whose record was lost with its instance).
 */
final class WaitingRoomOrder implements Check {

    static final String NAME = "waiting-room-order";
    private static final Duration BASELINE = Duration.ofSeconds(1);
    /** How tickets from an instance's own fallback queue begin. */
    static final String LOCAL_TICKET = "local-";
    private static final String PASSTHROUGH = "passthrough";
    private static final String RANDOM = "random";
    /** How much earlier a join must be than another to be owed an earlier place. */
    static final Duration ARRIVAL_SLACK = Duration.ofSeconds(1);

    /** One event's replay: the allowance is the integral of the rate, in positions. */
    private static final class Room {
        private double allowance;
        private Instant lastAt;
        private double rate;
        private long frontier;
        private Double base;
        private Double baselineLevel;
        private Instant baselineUntil;
        private final Set<String> admitted = new HashSet<>();
        /** Whether an opening was seen: places given after it follow arrival. */
        private boolean opened;
        /** Joins of the last {@link #ARRIVAL_SLACK}, oldest first: when, and the place given. */
        private final ArrayDeque<long[]> recentJoins = new ArrayDeque<>();
        /** The highest place given to a join older than {@link #ARRIVAL_SLACK}. */
        private long settledPlace;
        /** A random room's drawn windows, first place → count, and the seed they were drawn by. */
        private final TreeMap<Long, Long> draws = new TreeMap<>();
        private long drawSeed;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, Room> rooms = new HashMap<>();
        Offenses offenses = new Offenses(keep);
        long admissions = 0;
        long local = 0;
        long passthrough = 0;
        long joins = 0;
        long drawsReplayed = 0;
        long drawsNotOnRecord = 0;
        for (Located<WaitingRoomRecord> located : evidence.waitingRoom()) {
            WaitingRoomRecord record = located.value();
            Instant at = record.at() != null ? record.at() : located.ref().timestamp();
            Room room = rooms.computeIfAbsent(record.eventId(), id -> new Room());
            if (room.lastAt != null && at.isAfter(room.lastAt)) {
                room.allowance += room.rate * Duration.between(room.lastAt, at).toNanos() / 1e9;
            }
            room.lastAt = room.lastAt == null || at.isAfter(room.lastAt) ? at : room.lastAt;
            if (record.rate() > 0) {
                room.rate = record.rate();
            }
            switch (record.kind()) {
                case WaitingRoomRecord.SHUFFLED -> {
                    // A room seen open before lost its state with Redis: the store's frontier starts again from 0
                    // at the call that found it gone, the latest moment seen, not at the opening the step names.
                    room.base = seenOpen(room) ? -room.allowance : -allowanceAt(room, at);
                    room.frontier = 0;
                    room.opened = true;
                    room.recentJoins.clear();
                    room.settledPlace = 0;
                    room.draws.clear();
                }
                case WaitingRoomRecord.DRAWN -> {
                    if (record.count() != null && record.count() > 0) {
                        room.draws.put(record.position(), record.count());
                        room.drawSeed = record.seed();
                    }
                }
                case WaitingRoomRecord.JOINED -> {
                    if (placedByArrival(room, record)) {
                        joins++;
                        inArrivalOrder(room, located, at, offenses);
                    }
                }
                // Slots that freed in a full room let the next in line in at once, beyond the rate: the store
                // recorded by how many places its frontier moved.
                case WaitingRoomRecord.SLOTS_FREED -> room.allowance += record.position();
                case WaitingRoomRecord.ADMITTED -> {
                    admissions++;
                    if (record.ticket() != null && record.ticket().startsWith(LOCAL_TICKET)) {
                        local++;
                        notTwice(room, located, offenses);
                    } else if (PASSTHROUGH.equals(record.queueing())) {
                        // A passthrough room admits everyone at once: only double admission can be wrong.
                        passthrough++;
                        notTwice(room, located, offenses);
                    } else {
                        if (RANDOM.equals(record.queueing())) {
                            if (drawnAsRecorded(room, located, offenses)) {
                                drawsReplayed++;
                            } else {
                                drawsNotOnRecord++;
                            }
                        }
                        admit(room, located, at, offenses);
                    }
                }
                default -> { }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("events", rooms.size());
        details.put("admissions", admissions);
        details.put("fallbackAdmissions", local);
        details.put("passthroughAdmissions", passthrough);
        details.put("joinsPlacedByArrival", joins);
        details.put("drawsReplayed", drawsReplayed);
        details.put("drawsNotOnRecord", drawsNotOnRecord);
        details.put("records", evidence.waitingRoom().size());
        return CheckResult.judged(NAME, "waiting-room admissions followed positions and the recorded rate",
                admissions, offenses, details);
    }

    /** Whether the join's place was given by arrival: after the opening, in a FIFO room, by the shared queue. */
    private static boolean placedByArrival(Room room, WaitingRoomRecord record) {
        return room.opened && record.position() > 0 && !RANDOM.equals(record.queueing())
                && (record.ticket() == null || !record.ticket().startsWith(LOCAL_TICKET));
    }

    /**
     * Whether a random room's admission falls in a window on record; an offense when it does at another place than
     * the buyer's draw there gives.
     */
    private static boolean drawnAsRecorded(Room room, Located<WaitingRoomRecord> located, Offenses offenses) {
        WaitingRoomRecord record = located.value();
        Map.Entry<Long, Long> window = room.draws.floorEntry(record.position());
        if (window == null || record.position() >= window.getKey() + window.getValue() || record.buyerId() == null) {
            return false;
        }
        long drawn = ShuffleOrder.drawnPlace(room.drawSeed, window.getKey(), window.getValue(), record.buyerId());
        if (drawn != record.position()) {
            offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.position(),
                    AuditMessages.notTheDrawnPlace(record.eventId(), record.buyerId(), record.position(), drawn,
                            window.getKey(), window.getValue())));
        }
        return true;
    }

    /** An offense when the join got a place ahead of one who joined more than the slack before it. */
    private static void inArrivalOrder(Room room, Located<WaitingRoomRecord> located, Instant at, Offenses offenses) {
        long now = at.toEpochMilli();
        while (!room.recentJoins.isEmpty() && room.recentJoins.peekFirst()[0] < now - ARRIVAL_SLACK.toMillis()) {
            room.settledPlace = Math.max(room.settledPlace, room.recentJoins.pollFirst()[1]);
        }
        WaitingRoomRecord record = located.value();
        if (record.position() < room.settledPlace) {
            offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.position(),
                    AuditMessages.placedAheadOfEarlierJoin(record.eventId(), record.position(), room.settledPlace,
                            ARRIVAL_SLACK)));
        }
        room.recentJoins.addLast(new long[] {now, record.position()});
    }

    /** Whether the room was open before this step: it had an opening, a baseline or an admission. */
    private static boolean seenOpen(Room room) {
        return room.base != null || room.frontier > 0;
    }

    /**
     * The room's allowance as it stood at {@code at}. The opening's step is stamped with the opening time (the store
     * counts admissions from then) but is written by the first call after it, which may come after steps stamped
     * later (while the store was unreachable, say): its allowance is what the rate gave up to the opening.
     */
    private static double allowanceAt(Room room, Instant at) {
        double lateSeconds = Math.max(0, Duration.between(at, room.lastAt).toNanos() / 1e9);
        return room.allowance - room.rate * lateSeconds;
    }

    /** False (and an offense) when the ticket was admitted before. */
    private static boolean notTwice(Room room, Located<WaitingRoomRecord> located, Offenses offenses) {
        WaitingRoomRecord record = located.value();
        String ticket = record.ticket() != null ? record.ticket() : record.buyerId();
        if (ticket != null && !room.admitted.add(ticket)) {
            offenses.add(Offense.at(located.ref(), ticket, AuditMessages.admittedTwice(record.eventId(), ticket)));
            return false;
        }
        return true;
    }

    private static void admit(Room room, Located<WaitingRoomRecord> located, Instant at, Offenses offenses) {
        WaitingRoomRecord record = located.value();
        if (!notTwice(room, located, offenses)) {
            return;
        }
        if (record.position() <= room.frontier) {
            return;
        }
        room.frontier = record.position();
        double level = room.frontier - room.allowance;
        if (room.base == null) {
            if (room.baselineUntil == null) {
                room.baselineUntil = at.plus(BASELINE);
            }
            if (!at.isAfter(room.baselineUntil) || room.baselineLevel == null) {
                // The latest frontier of the first second is the baseline: early stragglers do not set it.
                room.baselineLevel = level;
                return;
            }
            room.base = room.baselineLevel;
        }
        double slack = Math.max(1, Math.ceil(room.rate));
        double ahead = level - room.base - slack;
        if (ahead > 0) {
            offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.position(),
                    AuditMessages.aheadOfRate(record.eventId(), record.position(), ahead, room.rate)));
        }
    }
}
