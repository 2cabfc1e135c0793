package io.stagedoor.ingress.follow;

import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.ingress.scans.TicketBook;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.json.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The views an instance answers from, each fed by a topic it follows: the event catalog (events), the seat map and
 * the ticket book (seat changes) and the results view (the results partitions this instance has a reason to read,
 * from one window back: {@link ResultLaneFollower}). Create them, attach what must see every result this instance
 * reads ({@code results().onResult}), then {@link #follow}; closing stops the followers.
 */
public final class TopicViews implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TopicViews.class);
    private static final Duration CATCH_UP = Duration.ofSeconds(30);

    private final EventCatalog catalog = new EventCatalog();
    private final SeatMap seatMap = new SeatMap();
    private final TicketBook tickets = new TicketBook();
    private final ResultsView results;
    private final List<AutoCloseable> followers = new CopyOnWriteArrayList<>();
    /** How long an idle fetch of the events topic (written without transactions, rarely) waits at the broker. */
    private static final java.time.Duration CATALOG_WAIT = java.time.Duration.ofMillis(500);

    private volatile ResultLaneFollower lanes;
    private final List<Consumer<SeatChange>> seatListeners = new CopyOnWriteArrayList<>();
    private final List<BooleanSupplier> failing = new CopyOnWriteArrayList<>();

    /** Empty views; results stay readable for {@code resultsWindow}, at most {@code maxResults} of them. */
    public TopicViews(Duration resultsWindow, long maxResults, int maxWaitingPolls) {
        this.results = new ResultsView(resultsWindow, maxResults, maxWaitingPolls);
    }

    /**
     * Starts following the topics and returns once the events topic was read to its end (or after 30 s, with a
     * warning), so the instance knows every event before it serves. Call once; should a follower fail to start,
     * {@link #close} still stops those that did. This instance is {@code index} of {@code count}: it follows its
     * home lanes of the results topic and the lanes polls here ask for.
     */
    public TopicViews follow(KafkaConnection kafka, TopicNames topics, Clock clock, int index, int count) {
        TopicFollower events = started(TopicFollower.start(kafka, topics.events(), Instant.EPOCH, CATALOG_WAIT,
                catalog::apply));
        TopicFollower seats = started(TopicFollower.start(kafka, topics.seatChanges(), Instant.EPOCH, record -> {
            seatMap.apply(record);
            tickets.apply(record);
            if (!seatListeners.isEmpty()) {
                SeatChange change = Json.read(record.value(), SeatChange.class);
                seatListeners.forEach(listener -> listener.accept(change));
            }
        }));
        lanes = started(ResultLaneFollower.start(kafka, topics.results(), index, count, results.window(), clock,
                results::apply));
        results.onLookup(lanes::lookedUp);
        failing.addAll(List.of(events::failing, seats::failing, lanes::failing));
        awaitCaughtUp(events);
        return this;
    }

    private <F extends AutoCloseable> F started(F follower) {
        followers.add(follower);
        return follower;
    }

    private static void awaitCaughtUp(TopicFollower follower) {
        try {
            if (!follower.awaitCaughtUp(CATCH_UP)) {
                LOG.warn("the events topic was not read to its end within 30 s; starting anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Calls {@code listener} with every seat change as it is read (on the follower thread; it must not block). */
    public void onSeatChange(Consumer<SeatChange> listener) {
        seatListeners.add(listener);
    }

    public EventCatalog catalog() {
        return catalog;
    }

    public SeatMap seatMap() {
        return seatMap;
    }

    public TicketBook tickets() {
        return tickets;
    }

    public ResultsView results() {
        return results;
    }

    /** The results lanes this instance follows and names in the ids it issues; null before {@link #follow}. */
    public ResultLaneFollower lanes() {
        return lanes;
    }

    /** Whether a follower fails right now: some view may be stale, and the instance should get no traffic. */
    public boolean failing() {
        return failing.stream().anyMatch(BooleanSupplier::getAsBoolean);
    }

    /** Stops the followers, the last started first. */
    @Override
    public void close() {
        for (AutoCloseable follower : followers.reversed()) {
            try {
                follower.close();
            } catch (Exception e) {
                LOG.warn("a topic follower did not stop cleanly: {}", e.toString());
            }
        }
    }
}
