package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.entryloop.Headroom;
import io.stagedoor.admission.entryloop.HeadroomBoard;
import io.stagedoor.admission.entryloop.PlottedStep;
import io.stagedoor.admission.entryloop.RateLaw;
import io.stagedoor.admission.entryloop.RateMove;
import io.stagedoor.admission.waitingroom.EntryRate;
import io.stagedoor.admission.waitingroom.RoomPlan;
import io.stagedoor.admission.waitingroom.RoomSnapshot;
import io.stagedoor.admission.waitingroom.RoomSource;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.topics.EntryLoopSettings;
import io.stagedoor.topics.EntryLoopStep;
import io.stagedoor.topics.EventDefinition;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The closed loop of every event whose room has an {@code entryLoop}: each {@link #tick} (every {@value #TICK_MILLIS}
 * ms on a thread of its own) posts this instance's {@link HeadroomProbe} reading to the board and reads back the
 * pipeline's, and for each open, unpaused looped room that this instance claims this tick, moves the rate by
 * {@link RateLaw}. A move is a rate change of the room, a {@code rate-step} record with its inputs on the
 * waiting-room topic and a point on the operator page's plot. A tick that cannot read the board or the room takes
 * no step: the loop never steps on a reading it did not get. A room answered by this instance's own queue while
 * the shared one is unreachable is left alone too.
 */
final class EntryLoops implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EntryLoops.class);
    static final long TICK_MILLIS = 1_000;
    private static final Duration CALL_WAIT = Duration.ofSeconds(2);

    private final WaitingRoom room;
    private final EventCatalog catalog;
    private final HeadroomBoard board;
    private final HeadroomProbe probe;
    private final RateLaw law;
    private final RateSteps steps;
    private final Clock clock;
    private final boolean shared;
    private final String instanceId = UUID.randomUUID().toString();
    private final Ticker ticker = new Ticker("entry-loop", TICK_MILLIS, this::tick);

    /** Where a loop's moves are published for audit. */
    @FunctionalInterface
    interface RateSteps {
        void record(String eventId, double rate, Instant at, EntryLoopStep step);
    }

    /** @param shared whether the room and board are every instance's (Redis), so a room answered in-process is not */
    EntryLoops(WaitingRoom room, EventCatalog catalog, HeadroomBoard board, HeadroomProbe probe, RateLaw law,
               RateSteps steps, Clock clock, boolean shared) {
        this.room = room;
        this.catalog = catalog;
        this.board = board;
        this.probe = probe;
        this.law = law;
        this.steps = steps;
        this.clock = clock;
        this.shared = shared;
    }

    EntryLoops start() {
        ticker.start();
        return this;
    }

    /** One round of every looped room. Never throws. */
    void tick() {
        long now = clock.millis();
        List<EventDefinition> looped = catalog.all().stream().filter(event -> looped(event, now)).toList();
        if (looped.isEmpty()) {
            return;
        }
        try {
            Headroom pipeline = await(board.share(instanceId, probe.read(), now));
            for (EventDefinition event : looped) {
                step(event, pipeline, now);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.debug("entry loop took no step this tick: {}", e.toString());
        }
    }

    /** The event's last steps, oldest first, for the operator page. */
    CompletionStage<List<PlottedStep>> plotted(String eventId) {
        return board.steps(eventId);
    }

    private void step(EventDefinition event, Headroom pipeline, long now)
            throws InterruptedException, ExecutionException, TimeoutException {
        String eventId = event.eventId();
        if (!await(board.claimStep(eventId, instanceId, Duration.ofMillis(TICK_MILLIS - TICK_MILLIS / 10)))) {
            return;
        }
        RoomPlan plan = EventRooms.configured(event);
        RoomSnapshot before = await(room.snapshot(eventId, plan));
        if (before.paused() || (shared && before.source() != RoomSource.REDIS)) {
            return;
        }
        EntryLoopSettings bounds = event.waitingRoom().entryLoop();
        double rate = before.rate().perSecond();
        RateMove move = law.next(rate, bounds.floor(), bounds.ceiling(), pipeline);
        if (move.rate() == rate) {
            LOG.debug("entry loop of {} holds at {} on {}", eventId, rate, pipeline);
            return;
        }
        await(room.changeRate(eventId, plan, EntryRate.of(move.rate())));
        // Stamped after the room's own rate-changed step, which the audit expects to find before this one.
        long taken = clock.millis();
        steps.record(eventId, move.rate(), Instant.ofEpochMilli(taken), new EntryLoopStep(rate, bounds.floor(),
                bounds.ceiling(), pipeline.permitsInUse(), pipeline.permitsLimit(), pipeline.consumerLag(),
                pipeline.resultP99Millis(), pipeline.schedulingLagMillis(), pipeline.instances(), move.reason()));
        board.remember(eventId, new PlottedStep(taken, move.rate(), move.reason()));
    }

    private static boolean looped(EventDefinition event, long now) {
        return event.waitingRoom().enabled() && event.waitingRoom().entryLoop() != null
                && event.waitingRoom().opensAt().toEpochMilli() <= now;
    }

    private static <T> T await(CompletionStage<T> stage) throws InterruptedException, ExecutionException,
            TimeoutException {
        return stage.toCompletableFuture().get(CALL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        ticker.close();
    }
}
