package io.stagedoor.ingress.audit;

import io.stagedoor.topics.AdmissionRecord;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refusals the refusal cache answered, counted in memory and audited as one {@link AdmissionRecord} per limit, key,
 * route and second of the clock that carries how many refusals it stands for: a client that ignores Retry-After
 * costs the audit a counter, not a Kafka record per request. Every {@link #FLUSH_INTERVAL} the seconds that have
 * ended are written out (everything at {@link #close}), so the audit sees a refusal within about two seconds and
 * the refusals of one record fall in one second of its timeline.
 *
 * <p>Bounded: at most {@code maxKeys} tallies (plus the few that requests in flight may add at the same moment);
 * past that a refusal is written on its own, with a count of 1, so memory stays bounded and every refusal is
 * still counted exactly.
 */
public final class RefusalTally implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RefusalTally.class);

    /** Tallies held at most. */
    public static final int MAX_KEYS = 100_000;
    /** How often the seconds that ended are written out. */
    public static final Duration FLUSH_INTERVAL = Duration.ofSeconds(1);

    private record Key(String limit, String subject, String route, long second) {
    }

    /**
     * The first refusal of a key's second and how many there were. Mutable for the hot path's sake, and safe: the
     * count changes only inside {@code ConcurrentHashMap.compute} and is read only after {@code remove}, both
     * under the map's lock for that key.
     */
    private static final class Tally {
        private final AdmissionRecord first;
        private long count = 1;

        Tally(AdmissionRecord first) {
            this.first = first;
        }

        Tally counted() {
            count++;
            return this;
        }

        AdmissionRecord record() {
            return count == 1 ? first : new AdmissionRecord(first.limit(), first.key(), first.outcome(),
                    first.source(), first.cost(), first.remaining(), first.retryAfterSeconds(), first.capacity(),
                    first.refillTokens(), first.refillPeriodMillis(), first.clockMillis(), first.route(),
                    first.correlationId(), first.at(), count);
        }
    }

    private final ConcurrentHashMap<Key, Tally> tallies = new ConcurrentHashMap<>();
    private final Consumer<AdmissionRecord> audit;
    private final int maxKeys;
    private final LongSupplier clockMillis;
    private final ScheduledExecutorService flusher;

    /**
     * @param audit       where the records go
     * @param maxKeys     tallies held at most
     * @param clockMillis the clock the refusals are stamped with, read by the periodic flush
     * @param periodic    whether to flush every {@link #FLUSH_INTERVAL} on a thread of its own (tests flush by hand)
     */
    public RefusalTally(Consumer<AdmissionRecord> audit, int maxKeys, LongSupplier clockMillis, boolean periodic) {
        this.audit = audit;
        this.maxKeys = maxKeys;
        this.clockMillis = clockMillis;
        this.flusher = periodic ? Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("audit-refusal-tally").daemon(true).factory()) : null;
        if (flusher != null) {
            long interval = FLUSH_INTERVAL.toMillis();
            flusher.scheduleAtFixedRate(this::flushEnded, interval, interval, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Counts one refusal of {@code subject} by {@code limit} on {@code route} at {@code nowMillis}; {@code first}
     * builds its record, asked only when it is the first of its second (or when the tally is full).
     */
    public void count(String limit, String subject, String route, long nowMillis, Supplier<AdmissionRecord> first) {
        Key key = new Key(limit, subject, route, Math.floorDiv(nowMillis, 1000));
        if (tallies.size() >= maxKeys && !tallies.containsKey(key)) {
            audit.accept(first.get());
            return;
        }
        tallies.compute(key, (k, tally) -> tally == null ? new Tally(first.get()) : tally.counted());
    }

    /** Writes out the tallies of every second before the one {@code nowMillis} falls in. */
    public void flushBefore(long nowMillis) {
        long current = Math.floorDiv(nowMillis, 1000);
        for (Iterator<Key> keys = tallies.keySet().iterator(); keys.hasNext(); ) {
            Key key = keys.next();
            if (key.second() < current) {
                write(key);
            }
        }
    }

    /** Tallies held now. */
    public int size() {
        return tallies.size();
    }

    /** Stops the periodic flush and writes out every tally, the current second's too. */
    @Override
    public void close() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        tallies.keySet().forEach(this::write);
    }

    private void flushEnded() {
        try {
            flushBefore(clockMillis.getAsLong());
        } catch (RuntimeException e) {
            // An exception would cancel the schedule; the tallies not yet written stay for the next flush.
            LOG.warn("could not write the refusal tallies: {}", e.toString());
        }
    }

    private void write(Key key) {
        Tally tally = tallies.remove(key);
        if (tally != null) {
            audit.accept(tally.record());
        }
    }
}
