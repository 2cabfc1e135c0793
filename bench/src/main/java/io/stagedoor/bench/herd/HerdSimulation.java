package io.stagedoor.bench.herd;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.admission.waitingroom.InProcessRoomStore;
import io.stagedoor.admission.waitingroom.QueueTicket;
import io.stagedoor.admission.waitingroom.RedisRoomStore;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.admission.waitingroom.RoomPlan;
import io.stagedoor.admission.waitingroom.RoomState;
import io.stagedoor.admission.waitingroom.RoomStore;
import io.stagedoor.admission.waitingroom.RoomTickets;
import io.stagedoor.admission.waitingroom.SessionEnd;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.bench.load.RedisCommandStats;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * {@code bench/run herd}: an on-sale of millions of buyers through the real room code ({@link WaitingRoom} with
 * signed tickets, one per simulated instance) and the real room script in a real Redis, on a fake clock in ticks of
 * 100 ms. Buyers arrive evenly over the arrival minutes and ask when told ({@code Retry-After}); bots ask every
 * second. A buyer far from the frontier is counted rather than run (their poll makes no store call either way); a
 * sample of buyers, and every buyer near the frontier, run through the room on every poll. Every store call is
 * real. Prints a line per minute and writes charts.
 */
public final class HerdSimulation {

    private static final String EVENT = "herd";
    private static final byte[] SECRET = "the herd simulation's secret, 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final Instant OPENS = Instant.parse("2026-12-04T19:00:00Z");
    private static final int TICK_MILLIS = 100;
    private static final int TICKS_PER_SECOND = 1000 / TICK_MILLIS;
    private static final int TICKS_PER_MINUTE = 60 * TICKS_PER_SECOND;
    private static final int MAX_RETRY_SECONDS = 30;

    private final HerdSettings settings;
    private final FakeClock clock = new FakeClock(OPENS);
    private final SimulatedTimer timer = new SimulatedTimer(clock);
    private final SpyStore store;
    private final RoomStore backing;
    private final RedisCommandStats redis;
    private final List<WaitingRoom> rooms = new ArrayList<>();
    private final Crowd crowd;
    private final SplittableRandom random = new SplittableRandom(7);
    private final java.util.BitSet bots;
    private final ArrayDeque<int[]> sessions = new ArrayDeque<>();
    /** Joins whose batch has not been sent yet, by the tick they arrived in. */
    private final ArrayDeque<Arrivals> unsettled = new ArrayDeque<>();
    private final List<Integer> admittedOrder = new ArrayList<>();
    private final MinuteCounts counts = new MinuteCounts();
    private final List<MinuteCounts.Closed> minutes = new ArrayList<>();
    private RoomPlan plan;
    private int arrived;
    private long seatsLeft;
    private long totalJoins;
    private long totalPolls;
    private long totalBotPolls;
    private long roomLooks;

    private HerdSimulation(HerdSettings settings, RoomStore backing, RedisCommandStats redis) {
        this.settings = settings;
        this.store = new SpyStore(backing);
        this.backing = backing;
        this.redis = redis;
        this.crowd = new Crowd(settings.arrivals(), MAX_RETRY_SECONDS * TICKS_PER_SECOND + 1);
        this.bots = new java.util.BitSet(settings.arrivals());
        this.seatsLeft = settings.seats();
        this.plan = RoomPlan.of(settings.rate(), OPENS, Duration.ofMinutes(15)).withMaxActive(settings.maxActive());
        RoomOptions options = RoomOptions.defaults().withTickets(RoomTickets.SIGNED,
                Duration.ofMillis(settings.joinWindowMillis()), Duration.ofMillis(settings.viewAgeMillis()));
        for (int i = 0; i < settings.instances(); i++) {
            rooms.add(WaitingRoom.builder().passSecret(SECRET).clock(clock).timer(timer)
                    .options(options.withInstanceCount(settings.instances())).remote(store, () -> { }));
        }
    }

    public static void main(String[] args) throws Exception {
        HerdSettings settings = HerdSettings.read(args);
        System.out.printf("herd: %,d arrivals over %.0f min, %,d seats (%d per buyer), %.1f %% bot accounts polling "
                        + "every %d s, %d instances, entry %.0f/s, cap %d, join window %d ms, view age %d ms, "
                        + "sample %.1f %%, redis %s%n", settings.arrivals(), settings.arrivalMinutes(), settings.seats(),
                settings.seatsPerBuyer(), settings.botAccounts() * 100, settings.botPollSeconds(), settings.instances(),
                settings.rate(), settings.maxActive(), settings.joinWindowMillis(), settings.viewAgeMillis(),
                settings.sample() * 100, settings.redis());
        if (settings.redis().equals("in-process")) {
            new HerdSimulation(settings, new InProcessRoomStore(), null).run();
            return;
        }
        EmbeddedRedis embedded = settings.redis().equals("embedded") ? EmbeddedRedis.start(0) : null;
        String uri = embedded != null ? embedded.uri() : settings.redis();
        RedisClient client = RedisClient.create(uri);
        try (StatefulRedisConnection<String, String> connection = client.connect(StringCodec.UTF8);
             RedisCommandStats stats = new RedisCommandStats(uri)) {
            connection.sync().flushall();
            connection.sync().configResetstat();
            RoomStore backing = new RedisRoomStore(connection.async(), RoomOptions.defaults());
            new HerdSimulation(settings, backing, stats).run();
        } finally {
            client.shutdown();
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private void run() throws Exception {
        long begin = System.nanoTime();
        RedisCommandStats.Reading start = redis == null ? null : redis.read();
        RedisCommandStats.Reading minuteStart = start;
        int arrivalTicks = (int) Math.round(settings.arrivalMinutes() * TICKS_PER_MINUTE);
        int lastTick = settings.minutes() * TICKS_PER_MINUTE;
        System.out.println(HerdReport.HEADER);
        for (int tick = 0; tick < lastTick; tick++) {
            if (tick > 0) {
                clock.advance(Duration.ofMillis(TICK_MILLIS));
            }
            Arrivals arrivals = arrive(tick, arrivalTicks);
            if (!arrivals.joins().isEmpty()) {
                unsettled.add(arrivals);
            }
            timer.runDue();
            // A batch is sent when its window closes: joins of a window ago have their places now.
            int windowTicks = (settings.joinWindowMillis() + TICK_MILLIS - 1) / TICK_MILLIS;
            while (!unsettled.isEmpty() && unsettled.peekFirst().tick() <= tick - windowTicks) {
                settle(unsettled.pollFirst(), tick);
            }
            poll(tick);
            endSessions(tick);
            if ((tick + 1) % TICKS_PER_MINUTE == 0 || done(tick, arrivalTicks)) {
                RedisCommandStats.Reading now = redis == null ? null : redis.read();
                MinuteCounts.Closed closed = counts.close(tick / TICKS_PER_MINUTE, store, waiting(),
                        now == null ? null : now.since(minuteStart), (tick % TICKS_PER_MINUTE + 1) / (double) TICKS_PER_SECOND);
                minutes.add(closed);
                System.out.println(HerdReport.line(closed.minute(spreadOf(closed.minute()))));
                minuteStart = now;
            }
            if (done(tick, arrivalTicks)) {
                break;
            }
        }
        RedisCommandStats.Reading total = redis == null ? null : redis.read().since(start);
        HerdReport report = new HerdReport(settings, minutes.stream().map(m -> m.minute(spreadOf(m.minute()))).toList());
        report.summary(totalJoins, totalPolls, totalBotPolls, roomLooks, admittedOrder.size(), total, store,
                (System.nanoTime() - begin) / 1e9);
        if (redis != null) {
            report.perOperation(CommandsPerCall.measure(backing, redis, clock.millis()), store, totalJoins, totalPolls);
        }
        report.writeHtml();
        rooms.forEach(WaitingRoom::close);
    }

    /** Everyone has arrived, and nobody waits any longer. */
    private boolean done(int tick, int arrivalTicks) {
        return tick >= arrivalTicks && arrived == settings.arrivals() && unsettled.isEmpty() && waiting() == 0
                && sessions.isEmpty();
    }

    private long waiting() {
        return counts.waiting;
    }

    /** One tick's joins: the first buyer's index, and each join's answer to come. */
    private record Arrivals(int tick, int first, List<CompletableFuture<QueueTicket>> joins) {
    }

    /** This tick's arrivals join, each at the instance the balancer sends them to. */
    private Arrivals arrive(int tick, int arrivalTicks) {
        int due = tick >= arrivalTicks ? settings.arrivals()
                : (int) Math.min(settings.arrivals(), (long) settings.arrivals() * (tick + 1) / arrivalTicks);
        List<CompletableFuture<QueueTicket>> joins = new ArrayList<>(Math.max(0, due - arrived));
        int first = arrived;
        for (; arrived < due; arrived++) {
            int buyer = arrived;
            if (random.nextDouble() < settings.botAccounts()) {
                bots.set(buyer);
            }
            crowd.joinedTick[buyer] = tick;
            joins.add(room(buyer).join(EVENT, plan, name(buyer)).toCompletableFuture());
        }
        return new Arrivals(tick, first, joins);
    }

    /** The joins of this tick have their places (their batch was sent when its window closed). */
    private void settle(Arrivals arrivals, int tick) {
        List<CompletableFuture<QueueTicket>> joins = arrivals.joins();
        for (int i = 0; i < joins.size(); i++) {
            int buyer = arrivals.first() + i;
            QueueTicket ticket = joins.get(i).join();
            totalJoins++;
            counts.joins++;
            if (ticket.standing() != QueueTicket.Standing.WAITING) {
                crowd.state[buyer] = Crowd.GONE;
                continue;
            }
            crowd.state[buyer] = Crowd.WAITING;
            counts.waiting++;
            crowd.place[buyer] = (int) ticket.position();
            crowd.ticket[buyer] = ticket.ticket();
            crowd.estimateSeconds[buyer] = (int) ticket.estimatedWait().toSeconds();
            crowd.askAt(buyer, tick + askAgainTicks(buyer, ticket.retryAfterSeconds()));
        }
    }

    /** Pending joins flush on the timer before the tick's polls: run the batches due now, wait for their calls. */
    private void poll(int tick) {
        RoomState room = store.latest();
        double frontier = room == null ? 0 : room.frontier();
        // Anyone within the longest Retry-After of the frontier may be reached before they ask again: run them.
        double near = frontier + settings.rate() * (MAX_RETRY_SECONDS + 2);
        for (int buyer : crowd.askingAt(tick)) {
            if (crowd.state[buyer] != Crowd.WAITING) {
                continue;
            }
            boolean bot = bots.get(buyer);
            totalPolls++;
            counts.polls++;
            if (bot) {
                totalBotPolls++;
                counts.botPolls++;
            }
            if (plan.soldOut() || crowd.place[buyer] <= near || sampled(buyer)) {
                look(buyer, tick);
            } else {
                crowd.askAt(buyer, tick + askAgainTicks(buyer, MAX_RETRY_SECONDS));
            }
        }
    }

    private void look(int buyer, int tick) {
        roomLooks++;
        QueueTicket standing = room(buyer).look(EVENT, plan, name(buyer), crowd.ticket[buyer]).toCompletableFuture()
                .join().orElseThrow();
        switch (standing.standing()) {
            case WAITING -> crowd.askAt(buyer, tick + askAgainTicks(buyer, standing.retryAfterSeconds()));
            case ADMITTED -> admitted(buyer, tick);
            default -> gone(buyer);
        }
    }

    private void admitted(int buyer, int tick) {
        crowd.state[buyer] = Crowd.ADMITTED;
        crowd.admittedTick[buyer] = tick;
        counts.waiting--;
        counts.admitted++;
        counts.estimateSeconds += crowd.estimateSeconds[buyer];
        counts.actualSeconds += (tick - crowd.joinedTick[buyer]) / (double) TICKS_PER_SECOND;
        admittedOrder.add(buyer);
        sessions.add(new int[] {buyer, tick + (int) Math.round(settings.shopMinutes() * TICKS_PER_MINUTE)});
        seatsLeft -= settings.seatsPerBuyer();
        if (seatsLeft <= 0 && !plan.soldOut()) {
            plan = plan.withSoldOut(true);
        }
    }

    private void gone(int buyer) {
        crowd.state[buyer] = Crowd.GONE;
        crowd.ticket[buyer] = null;
        counts.waiting--;
    }

    /** Sessions whose shopping time is over end: their slot frees, as a checkout's does. */
    private void endSessions(int tick) {
        List<CompletableFuture<Boolean>> ends = new ArrayList<>();
        while (!sessions.isEmpty() && sessions.peekFirst()[1] <= tick) {
            int buyer = sessions.pollFirst()[0];
            ends.add(room(buyer).end(EVENT, plan, name(buyer), SessionEnd.CHECKED_OUT).toCompletableFuture());
            crowd.ticket[buyer] = null;
        }
        ends.forEach(CompletableFuture::join);
    }

    /** Ticks until the buyer asks again: when told, or every few seconds for a bot. */
    private int askAgainTicks(int buyer, long retryAfterSeconds) {
        long seconds = bots.get(buyer) ? settings.botPollSeconds() : Math.max(1, retryAfterSeconds);
        return (int) Math.min(MAX_RETRY_SECONDS, seconds) * TICKS_PER_SECOND;
    }

    private boolean sampled(int buyer) {
        return (buyer * 2654435761L & 0xFFFF) < settings.sample() * 0x10000;
    }

    private WaitingRoom room(int buyer) {
        return rooms.get(buyer % rooms.size());
    }

    private static String name(int buyer) {
        return "b" + buyer;
    }

    /** The 99th percentile of |admission rank − arrival rank| among those admitted in {@code minute}. */
    private long spreadOf(int minute) {
        List<Integer> sortedByArrival = new ArrayList<>(admittedOrder);
        sortedByArrival.sort(null);
        java.util.Map<Integer, Integer> arrivalRank = new java.util.HashMap<>();
        for (int i = 0; i < sortedByArrival.size(); i++) {
            arrivalRank.put(sortedByArrival.get(i), i);
        }
        List<Long> spreads = new ArrayList<>();
        for (int rank = 0; rank < admittedOrder.size(); rank++) {
            int buyer = admittedOrder.get(rank);
            if (crowd.admittedTick[buyer] / TICKS_PER_MINUTE == minute) {
                spreads.add((long) Math.abs(rank - arrivalRank.get(buyer)));
            }
        }
        if (spreads.isEmpty()) {
            return 0;
        }
        spreads.sort(null);
        return spreads.get((int) Math.min(spreads.size() - 1, Math.ceil(spreads.size() * 0.99) - 1));
    }
}
