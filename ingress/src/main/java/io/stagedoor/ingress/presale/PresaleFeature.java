package io.stagedoor.ingress.presale;

import io.stagedoor.admission.presale.InProcessPresaleBook;
import io.stagedoor.admission.presale.PresaleBook;
import io.stagedoor.admission.presale.PresalePlan;
import io.stagedoor.admission.presale.Presales;
import io.stagedoor.admission.presale.RedisPresaleBook;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.PresaleSettings;
import io.stagedoor.topics.TopicNames;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Registered presales, as one thing to register with Jersey: the buyers' and the operators' routes, the
 * {@link PresaleGate} the waiting room asks before a join during a presale, and the schedule that draws and passes
 * codes when due ({@link #start()}; close it). The book lives where the rooms do (the
 * shared Redis, else this process); steps go to the presale topic through the instance's publisher.
 */
public final class PresaleFeature implements Feature, AutoCloseable {

    /** The most registrations one event's presale takes. */
    private static final int MOST_REGISTRATIONS = 10_000_000;
    /** How long a presale's keys outlive their last write. */
    private static final Duration KEPT = Duration.ofDays(60);
    /** The longest a registration waits for the presale topic to have it; past it, it is refused and not booked. */
    static final Duration RECORD_WITHIN = Duration.ofSeconds(3);
    /**
     * From registration's close to the earliest draw: longer than a registration can take ({@link #RECORD_WITHIN}
     * and the book's timeout), so no registration made in time lands after the lottery read the book.
     */
    static final Duration DRAW_SETTLE = Duration.ofSeconds(5);
    /** The longest a call waits for the shared book. */
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private final PresaleEvents events;
    private final Presales presales;
    private final PresaleJournal journal;
    private final Clock clock;
    private final PresaleGate gate;
    private final PresaleSchedule schedule;

    /**
     * @param redis     the shared Redis, or null for a book in this process
     * @param publisher where steps are published, or null to publish none
     */
    public PresaleFeature(EventCatalog catalog, RedisAccess redis, byte[] secret, Publisher publisher,
                          TopicNames topics, Clock clock) {
        PresaleBook book = redis == null ? new InProcessPresaleBook(MOST_REGISTRATIONS)
                : new RedisPresaleBook(redis, topics.namespace(), MOST_REGISTRATIONS, KEPT, TIMEOUT);
        this.events = new PresaleEvents(catalog);
        this.presales = new Presales(secret, book, clock::millis);
        this.journal = new PresaleJournal(publisher, topics.presale());
        this.clock = clock;
        this.gate = new PresaleGate(presales, journal, clock);
        this.schedule = new PresaleSchedule(catalog, presales, journal, clock);
    }

    /** Draws and passes codes on their own when due, from now on. */
    public PresaleFeature start() {
        schedule.start();
        return this;
    }

    /** Draws and passes what is due now, as the schedule does every second (for tests). */
    public void runDueSteps() {
        schedule.tick();
    }

    @Override
    public void close() {
        schedule.close();
    }

    /** What the waiting room asks before a join while an event's presale lasts. */
    public PresaleGate gate() {
        return gate;
    }

    @Override
    public boolean configure(FeatureContext context) {
        context.register(new PresaleResource(events, presales, journal, clock));
        context.register(new AdminPresaleResource(events, presales, journal, clock));
        return true;
    }

    /** When the lottery may run: at {@code drawAt}, and no sooner than {@link #DRAW_SETTLE} after registration closed. */
    static Instant drawFrom(PresaleSettings presale) {
        Instant settled = presale.registerUntil().plus(DRAW_SETTLE);
        return presale.drawAt().isAfter(settled) ? presale.drawAt() : settled;
    }

    /** What the presale logic needs of an event's presale settings. */
    static PresalePlan plan(PresaleSettings presale) {
        return new PresalePlan(presale.registerFrom(), presale.codes(), presale.codesUsedBy());
    }
}
