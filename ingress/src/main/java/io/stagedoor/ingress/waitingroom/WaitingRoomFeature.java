package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.entryloop.HeadroomBoard;
import io.stagedoor.admission.entryloop.InProcessHeadroomBoard;
import io.stagedoor.admission.entryloop.RateLaw;
import io.stagedoor.admission.entryloop.RedisHeadroomBoard;
import io.stagedoor.admission.parking.InProcessCrowdCounts;
import io.stagedoor.admission.parking.InProcessParkedAccounts;
import io.stagedoor.admission.parking.ParkingRules;
import io.stagedoor.admission.parking.RedisCrowdCounts;
import io.stagedoor.admission.parking.RedisParkedAccounts;
import io.stagedoor.admission.puzzle.InProcessSpentPuzzles;
import io.stagedoor.admission.puzzle.JoinPuzzles;
import io.stagedoor.admission.puzzle.RedisSpentPuzzles;
import io.stagedoor.admission.puzzle.SpentPuzzles;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.admission.waitingroom.RoomSteps;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.admission.waitingroom.WaitingRoomBuilder;
import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.presale.PresaleFeature;
import io.stagedoor.ingress.presale.PresaleGate;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.util.function.LongSupplier;

/**
 * The waiting room, as one thing to register with Jersey: the queue routes for buyers, the admin routes for
 * operators and the pass gate on the hold route (at {@code RingOrder.WAITING_ROOM}); it opens scheduled rooms by
 * itself at their opening ({@link RoomOpenings}) and moves the rate of rooms with a closed loop ({@link EntryLoops}).
 * It owns its audit producer and
 * uses the process's shared Redis access: close it after the server stops, before the access.
 *
 * <pre>{@code
 * WaitingRoomFeature waitingRoom = WaitingRoomFeature.create(new WaitingRoomWiring(catalog, redis, secret,
 *         kafka, topics, registry, clock, instanceCount));
 * config.register(waitingRoom);
 * results.onResult(waitingRoom::resultArrived);
 * views.onSeatChange(waitingRoom::seatChanged);
 * }</pre>
 */
public final class WaitingRoomFeature implements Feature, AutoCloseable {

    /** The header a hold carries its pass in. */
    public static final String PASS_HEADER = "X-Waiting-Room-Pass";
    /** The cookie a browser carries its pass in, when the header is absent. */
    public static final String PASS_COOKIE = "stagedoor_pass";
    /** The header a buyer joining again presents their signed ticket in, to keep their place. */
    public static final String TICKET_HEADER = "X-Waiting-Room-Ticket";
    /** The cookie that keeps a browser's signed ticket, scoped to the event's queue; read like the header. */
    public static final String TICKET_COOKIE = "stagedoor_ticket";
    /** The header a join carries its puzzle's solution in, {@code <challenge>:<counter>}. */
    public static final String PUZZLE_HEADER = "Puzzle-Solution";
    /** The most spent puzzles one instance without Redis remembers (each for one puzzle lifetime at most). */
    private static final int SPENT_PUZZLES_IN_PROCESS = 1_000_000;
    /** The longest a join waits for the shared store of spent puzzles. */
    private static final java.time.Duration SPENT_PUZZLES_TIMEOUT = java.time.Duration.ofSeconds(1);
    /** The most accounts one event's parked list holds (a flagged join past it is still parked, and recorded). */
    private static final int MOST_PARKED = 1_000_000;
    /** How long a parked list outlives the last account parked in it. */
    private static final java.time.Duration PARKED_KEPT = java.time.Duration.ofDays(7);
    /** The most networks and accounts per network one instance without Redis counts at once. */
    private static final int CROWDS_IN_PROCESS = 1_000_000;
    private static final int CROWD_MEMBERS_IN_PROCESS = 1_000;
    /** The longest a join waits for the parked list and the crowd counts. */
    private static final java.time.Duration PARKING_TIMEOUT = java.time.Duration.ofSeconds(1);
    /** The largest operator request body. */
    private static final int MAX_CONTROL_BYTES = 4 * 1024;
    /** The longest the closed loop waits for the shared board. */
    private static final java.time.Duration BOARD_TIMEOUT = java.time.Duration.ofSeconds(1);

    private final WaitingRoom room;
    private final WaitingRoomAudit audit;
    private final EventRooms events;
    private final SessionEnds sessionEnds;
    private final RoomOpenings openings;
    private final LaneRebalancer lanes;
    private final EntryLoops loops;
    private final JoinPuzzleGate puzzles;
    private final ParkingGate parking;
    private final TrustedProxies proxies;
    private final PresaleGate presales;

    private WaitingRoomFeature(WaitingRoom room, WaitingRoomAudit audit, EventRooms events, SessionEnds sessionEnds,
                               RoomOpenings openings, EntryLoops loops, JoinPuzzleGate puzzles, ParkingGate parking,
                               TrustedProxies proxies, PresaleGate presales, LaneRebalancer lanes) {
        this.lanes = lanes;
        this.presales = presales;
        this.puzzles = puzzles;
        this.parking = parking;
        this.proxies = proxies;
        this.room = room;
        this.audit = audit;
        this.events = events;
        this.sessionEnds = sessionEnds;
        this.openings = openings;
        this.loops = loops;
    }

    /** Uses the shared Redis (when given) and connects to Kafka (when given). */
    public static WaitingRoomFeature create(WaitingRoomWiring wiring) {
        WaitingRoomAudit audit = wiring.kafka() == null ? null : new WaitingRoomAudit(wiring.kafka(),
                wiring.topics().waitingRoom(), wiring.registry(), wiring.redis() == null);
        try {
            WaitingRoomBuilder builder = WaitingRoom.builder()
                    .passSecret(wiring.passSecret())
                    .clock(wiring.clock())
                    .meterRegistry(wiring.registry())
                    .options(wiring.options().withInstanceCount(wiring.instanceCount()))
                    .steps(audit == null ? RoomSteps.none() : audit);
            WaitingRoom room = wiring.redis() == null ? builder.inProcess() : builder.redis(wiring.redis());
            SeatMap seats = wiring.seats();
            return new WaitingRoomFeature(room, audit,
                    new EventRooms(wiring.catalog(), seats == null ? event -> false : seats::soldOut),
                    new SessionEnds(room, wiring.catalog(), wiring.clock()),
                    new RoomOpenings(room, wiring.catalog(), wiring.clock()).start(), loops(wiring, room, audit),
                    puzzles(wiring), parking(wiring, audit), wiring.proxies(), presales(wiring),
                    new LaneRebalancer(room, wiring.catalog()).start());
        } catch (RuntimeException e) {
            if (audit != null) {
                audit.close();
            }
            throw e;
        }
    }

    /** Join puzzles signed under a key of their own derived from the pass secret, spent where the room lives. */
    private static JoinPuzzleGate puzzles(WaitingRoomWiring wiring) {
        SpentPuzzles spent = wiring.redis() == null
                ? new InProcessSpentPuzzles(SPENT_PUZZLES_IN_PROCESS, wiring.clock()::millis)
                : new RedisSpentPuzzles(wiring.redis(), wiring.topics().namespace(), SPENT_PUZZLES_TIMEOUT);
        return new JoinPuzzleGate(new JoinPuzzles(wiring.passSecret(), spent, wiring.clock()::millis));
    }

    /** The wiring's presale gate, else one on the store the rooms share that publishes nothing. */
    private static PresaleGate presales(WaitingRoomWiring wiring) {
        return wiring.presales() != null ? wiring.presales() : new PresaleFeature(wiring.catalog(), wiring.redis(),
                wiring.passSecret(), null, wiring.topics(), wiring.clock()).gate();
    }

    /** The parked lane's rules on the store the rooms share; its flags go to the waiting-room topic. */
    private static ParkingGate parking(WaitingRoomWiring wiring, WaitingRoomAudit audit) {
        LongSupplier millis = wiring.clock()::millis;
        ParkingRules rules = wiring.redis() == null
                ? new ParkingRules(new InProcessParkedAccounts(MOST_PARKED), new InProcessCrowdCounts(
                        CROWDS_IN_PROCESS, CROWD_MEMBERS_IN_PROCESS, millis), millis)
                : new ParkingRules(new RedisParkedAccounts(wiring.redis(), wiring.topics().namespace(), MOST_PARKED,
                        PARKED_KEPT, PARKING_TIMEOUT), new RedisCrowdCounts(wiring.redis(),
                        wiring.topics().namespace(), PARKING_TIMEOUT), millis);
        return new ParkingGate(rules, audit == null ? flag -> { } : audit::flag, wiring.clock(), wiring.registry());
    }

    /** The closed loops of the rooms that have one, on the board the rooms share; null without a headroom probe. */
    private static EntryLoops loops(WaitingRoomWiring wiring, WaitingRoom room, WaitingRoomAudit audit) {
        if (wiring.headroom() == null) {
            return null;
        }
        HeadroomBoard board = wiring.redis() == null ? new InProcessHeadroomBoard(wiring.clock()::millis)
                : new RedisHeadroomBoard(wiring.redis(), wiring.topics().namespace(), BOARD_TIMEOUT);
        EntryLoops.RateSteps steps = audit == null ? (event, rate, at, step) -> { } : audit::rateStep;
        return new EntryLoops(room, wiring.catalog(), board, wiring.headroom(), RateLaw.defaults(), steps,
                wiring.clock(), wiring.redis() != null).start();
    }

    @Override
    public boolean configure(FeatureContext context) {
        context.register(new QueueResource(room, events, puzzles, parking, proxies, presales));
        context.register(new AdminParkedLaneResource(events, parking, new JsonBody(HttpJson.mapper(), MAX_CONTROL_BYTES)));
        context.register(new AdminWaitingRoomResource(room, events, new JsonBody(HttpJson.mapper(), MAX_CONTROL_BYTES),
                loops));
        context.register(new PassGate(room, events::gated));
        return true;
    }

    /**
     * Feed with every result the instance reads ({@code ResultsView.onResult}): a confirmed checkout ends the buyer's
     * session, and holds are remembered with their buyer. Never blocks.
     */
    public void resultArrived(Result result) {
        sessionEnds.resultArrived(result);
    }

    /** Feed with every seat change the instance reads: a buyer's last hold expiring ends their session. Never blocks. */
    public void seatChanged(SeatChange change) {
        sessionEnds.seatChanged(change);
    }

    /** Steps the closed loops once, as their own ticker does every second (for tests); nothing without loops. */
    public void stepEntryLoops() {
        if (loops != null) {
            loops.tick();
        }
    }

    /** Sets the lanes' rates now, as the feature's own ticker does every second (for tests). */
    public void rebalanceLanes() {
        lanes.tick();
    }

    /** Opens the rooms whose opening has passed now, as the feature's own ticker does every 200 ms (for tests). */
    public void openDueRooms() {
        openings.tick();
    }

    /** The room itself (for tests and metrics). */
    public WaitingRoom room() {
        return room;
    }

    /** Stops opening rooms, closes the room, then the audit producer (flushing what it can within a second). */
    @Override
    public void close() {
        if (loops != null) {
            loops.close();
        }
        openings.close();
        lanes.close();
        room.close();
        if (audit != null) {
            audit.close();
        }
    }
}
