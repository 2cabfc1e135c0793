package io.stagedoor.topics;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How an event's waiting room admits buyers to the seat map.
 *
 * @param enabled            whether the hold route requires a waiting-room pass for this event
 * @param entryRatePerSecond buyers admitted per second
 * @param opensAt            when the room opens; buyers who join earlier are shuffled at this moment
 * @param passLifetime       how long a pass stays valid once issued; also the longest a buyer counts as active
 * @param maxActive          the most admitted buyers active at once (a buyer stops being active on checking out,
 *                           when their holds end, when an operator revokes the pass, or when it expires); 0 or
 *                           absent for no cap, the entry rate alone deciding (default)
 * @param queueing           how the room chooses whom to admit: {@value #FIFO} (default: first come, first served,
 *                           early joiners shuffled at the opening), {@value #RANDOM} (a lottery among everyone queued,
 *                           drawn from the recorded seed), {@value #PASSTHROUGH} (everyone admitted at once, still
 *                           counted) or {@value #REJECT} (closed: nobody joins, those queued are told so)
 * @param preQueueAt         when buyers may start to join (the pre-queue, shuffled at {@code opensAt}); before it a
 *                           join is refused with when to come back. Absent: any time (default), and never after
 *                           {@code opensAt}
 * @param entryLoop          when present, the entry rate follows the pipeline's headroom between the loop's floor and
 *                           ceiling, starting at {@code entryRatePerSecond}; absent: the rate stays where operators
 *                           set it (default)
 * @param joinPuzzle         when present, a join carries the solution of a puzzle the ingress issued to the buyer
 *                           ({@link JoinPuzzleSettings}); absent: joining costs nothing (default)
 * @param parking            when present, the parked lane's rules flag accounts whose joins look automated and park
 *                           them ({@link ParkingSettings}); absent: nobody is parked (default)
 * @param presale            when present, a registered presale: while it lasts, the room takes only joins that carry
 *                           an access code of the buyer's own ({@link PresaleSettings}); absent: none (default)
 * @param lanes              when present, the room's lanes ({@link LaneSettings}), one of them for everyone else;
 *                           absent: one queue for all (default)
 */
public record WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                                  Integer maxActive, String queueing, Instant preQueueAt, EntryLoopSettings entryLoop,
                                  JoinPuzzleSettings joinPuzzle, ParkingSettings parking, PresaleSettings presale,
                                  List<LaneSettings> lanes) {

    public static final String FIFO = "fifo";
    public static final String RANDOM = "random";
    public static final String PASSTHROUGH = "passthrough";
    public static final String REJECT = "reject";
    private static final java.util.List<String> METHODS = java.util.List.of(FIFO, RANDOM, PASSTHROUGH, REJECT);

    public static final double DEFAULT_ENTRY_RATE = 50.0;
    /** The most lanes a room has: each costs a snapshot a second and a try on a poll that names no lane. */
    public static final int MOST_LANES = 8;
    public static final Duration DEFAULT_PASS_LIFETIME = Duration.ofMinutes(15);

    public WaitingRoomSettings {
        if (!(entryRatePerSecond > 0)) {
            throw new IllegalArgumentException(TopicsMessages.entryRateNotPositive(entryRatePerSecond));
        }
        if (passLifetime == null || passLifetime.isNegative() || passLifetime.isZero()) {
            throw new IllegalArgumentException(TopicsMessages.passLifetimeNotPositive(passLifetime));
        }
        if (opensAt == null) {
            opensAt = Instant.EPOCH;
        }
        if (maxActive == null) {
            maxActive = 0;
        }
        if (maxActive < 0) {
            throw new IllegalArgumentException(TopicsMessages.maxActiveNegative(maxActive));
        }
        preQueueAt = preQueueAt == null ? Instant.EPOCH : preQueueAt;
        if (preQueueAt.isAfter(opensAt)) {
            throw new IllegalArgumentException(TopicsMessages.preQueueAfterOpening(preQueueAt, opensAt));
        }
        if (lanes != null) {
            lanes = List.copyOf(lanes);
            if (lanes.size() > MOST_LANES) {
                throw new IllegalArgumentException(TopicsMessages.tooManyLanes(lanes.size(), MOST_LANES));
            }
            long everyoneElse = lanes.stream().filter(LaneSettings::takesEveryoneElse).count();
            if (everyoneElse != 1) {
                throw new IllegalArgumentException(TopicsMessages.lanesNeedOneForEveryoneElse(everyoneElse));
            }
            if (lanes.stream().map(LaneSettings::name).distinct().count() != lanes.size()) {
                throw new IllegalArgumentException(TopicsMessages.laneNamesRepeat());
            }
            if (entryLoop != null) {
                throw new IllegalArgumentException(TopicsMessages.lanesWithEntryLoop());
            }
        }
        queueing = queueing == null ? FIFO : queueing.toLowerCase(java.util.Locale.ROOT);
        if (!METHODS.contains(queueing)) {
            throw new IllegalArgumentException(TopicsMessages.unknownQueueing(queueing, METHODS));
        }
    }

    /** A room with one queue for all. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive, String queueing, Instant preQueueAt, EntryLoopSettings entryLoop,
                               JoinPuzzleSettings joinPuzzle, ParkingSettings parking, PresaleSettings presale) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, preQueueAt, entryLoop, joinPuzzle,
                parking, presale, null);
    }

    /** A room with no presale. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive, String queueing, Instant preQueueAt, EntryLoopSettings entryLoop,
                               JoinPuzzleSettings joinPuzzle, ParkingSettings parking) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, preQueueAt, entryLoop, joinPuzzle,
                parking, null);
    }

    /** A room that parks nobody. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive, String queueing, Instant preQueueAt, EntryLoopSettings entryLoop,
                               JoinPuzzleSettings joinPuzzle) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, preQueueAt, entryLoop, joinPuzzle,
                null);
    }

    /** A room whose joins cost nothing. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive, String queueing, Instant preQueueAt, EntryLoopSettings entryLoop) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, preQueueAt, entryLoop, null);
    }

    /** A room whose rate stays where operators set it. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive, String queueing, Instant preQueueAt) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, preQueueAt, null);
    }

    /** A room without a cap on active buyers. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, 0, FIFO, null);
    }

    /** A first-come-first-served room with at most {@code maxActive} buyers active at once. */
    public WaitingRoomSettings(boolean enabled, double entryRatePerSecond, Instant opensAt, Duration passLifetime,
                               Integer maxActive) {
        this(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, FIFO, null);
    }

    /** These settings with at most {@code max} buyers active at once (0 for no cap). */
    public WaitingRoomSettings withMaxActive(int max) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, max, queueing, preQueueAt,
                entryLoop, joinPuzzle, parking, presale, lanes);
    }

    /** These settings choosing whom to admit by {@code method} ({@value #FIFO}, {@value #RANDOM}, ...). */
    public WaitingRoomSettings withQueueing(String method) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, method,
                preQueueAt, entryLoop, joinPuzzle, parking, presale, lanes);
    }

    /** These settings letting buyers join from {@code from} (the pre-queue) until the opening shuffles them. */
    public WaitingRoomSettings withPreQueueAt(Instant from) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing, from,
                entryLoop, joinPuzzle, parking, presale, lanes);
    }

    /** These settings with the entry rate following the pipeline's headroom between {@code floor} and {@code ceiling}. */
    public WaitingRoomSettings withEntryLoop(double floor, double ceiling) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing,
                preQueueAt, new EntryLoopSettings(floor, ceiling), joinPuzzle, parking, presale, lanes);
    }

    /** These settings asking each join for the solution of a puzzle of {@code puzzle}'s kind. */
    public WaitingRoomSettings withJoinPuzzle(JoinPuzzleSettings puzzle) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing,
                preQueueAt, entryLoop, puzzle, parking, presale, lanes);
    }

    /** These settings parking accounts that {@code rules} flag. */
    public WaitingRoomSettings withParking(ParkingSettings rules) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing,
                preQueueAt, entryLoop, joinPuzzle, rules, presale, lanes);
    }

    /** These settings with {@code sale} as the room's presale. */
    public WaitingRoomSettings withPresale(PresaleSettings sale) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing,
                preQueueAt, entryLoop, joinPuzzle, parking, sale, lanes);
    }

    /** These settings with the room queueing in {@code roomLanes}. */
    public WaitingRoomSettings withLanes(List<LaneSettings> roomLanes) {
        return new WaitingRoomSettings(enabled, entryRatePerSecond, opensAt, passLifetime, maxActive, queueing,
                preQueueAt, entryLoop, joinPuzzle, parking, presale, roomLanes);
    }

    /** A room that is off: the hold route asks for no pass. */
    public static WaitingRoomSettings disabled() {
        return new WaitingRoomSettings(false, DEFAULT_ENTRY_RATE, Instant.EPOCH, DEFAULT_PASS_LIFETIME);
    }
}
