package io.stagedoor.audit;

import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.replay.ReplayProgress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What to audit and how.
 *
 * @param kafka       bootstrap servers of the cluster that holds the topics
 * @param topics      the topic names (namespace)
 * @param from        the first instant judged
 * @param to          the last instant judged
 * @param edge        how far past the window results may land, and how near an edge an unmatched record is forgiven
 *                    (default 30 s)
 * @param seatLeadIn  seat history read before the window, longer than a hold lives (default 15 min)
 * @param maxOffenses offenses kept per check; all are counted (default 20)
 * @param progress    told how the replay advances (default nobody)
 * @param clock       what "now" is: the read never goes past it (default the system clock)
 */
public record AuditOptions(io.stagedoor.topics.connection.KafkaConnection kafka, TopicNames topics, Instant from, Instant to, Duration edge,
                           Duration seatLeadIn, int maxOffenses, ReplayProgress progress, Clock clock) {

    public static final Duration DEFAULT_EDGE = Duration.ofSeconds(30);
    public static final Duration DEFAULT_SEAT_LEAD_IN = Duration.ofMinutes(15);
    public static final int DEFAULT_MAX_OFFENSES = 20;

    public AuditOptions {
        Objects.requireNonNull(kafka, "kafka");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(edge, "edge");
        Objects.requireNonNull(seatLeadIn, "seatLeadIn");
        Objects.requireNonNull(clock, "clock");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException(AuditMessages.windowBackwards(from, to));
        }
        if (maxOffenses < 0) {
            throw new IllegalArgumentException(AuditMessages.negativeMaxOffenses(maxOffenses));
        }
        if (progress == null) {
            progress = ReplayProgress.NONE;
        }
    }

    /** The window from {@code from} to {@code to} on {@code kafka}, with every other setting at its default. */
    public static AuditOptions of(String kafka, TopicNames topics, Instant from, Instant to) {
        return of(io.stagedoor.topics.connection.KafkaConnection.plaintext(kafka), topics, from, to);
    }

    /** The window from {@code from} to {@code to} through {@code kafka}, with every other setting at its default. */
    public static AuditOptions of(io.stagedoor.topics.connection.KafkaConnection kafka, TopicNames topics, Instant from,
                                  Instant to) {
        return new AuditOptions(kafka, topics, from, to, DEFAULT_EDGE, DEFAULT_SEAT_LEAD_IN, DEFAULT_MAX_OFFENSES,
                ReplayProgress.NONE, Clock.systemUTC());
    }

    public AuditOptions withEdge(Duration newEdge) {
        return new AuditOptions(kafka, topics, from, to, newEdge, seatLeadIn, maxOffenses, progress, clock);
    }

    public AuditOptions withSeatLeadIn(Duration newLeadIn) {
        return new AuditOptions(kafka, topics, from, to, edge, newLeadIn, maxOffenses, progress, clock);
    }

    public AuditOptions withMaxOffenses(int newMax) {
        return new AuditOptions(kafka, topics, from, to, edge, seatLeadIn, newMax, progress, clock);
    }

    public AuditOptions withProgress(ReplayProgress newProgress) {
        return new AuditOptions(kafka, topics, from, to, edge, seatLeadIn, maxOffenses, newProgress, clock);
    }

    public AuditOptions withClock(Clock newClock) {
        return new AuditOptions(kafka, topics, from, to, edge, seatLeadIn, maxOffenses, progress, newClock);
    }
}
