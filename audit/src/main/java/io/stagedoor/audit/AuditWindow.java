package io.stagedoor.audit;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The span an audit judges and the spans it reads around it. Requests and decisions are taken from {@code from}
 * to {@code to}; results, payments and seat changes are read {@code edge} further on each side (up to now), so a
 * request made just before {@code to} can still be matched with its result, and seat changes from
 * {@code seatLeadIn} earlier, so a hold made before the window is known when it is sold inside it.
 *
 * @param from       the first instant judged
 * @param to         the last instant judged
 * @param edge       how far past the window a result may land, and how close to an edge an unmatched record is
 *                   forgiven
 * @param seatLeadIn how much seat history before the window the seat replay reads
 * @param readTo     the last instant read: {@code to + edge}, but never after the moment the audit started
 */
public record AuditWindow(Instant from, Instant to, Duration edge, Duration seatLeadIn, Instant readTo) {

    public AuditWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(edge, "edge");
        Objects.requireNonNull(seatLeadIn, "seatLeadIn");
        Objects.requireNonNull(readTo, "readTo");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException(AuditMessages.windowBackwards(from, to));
        }
        if (edge.isNegative() || seatLeadIn.isNegative()) {
            throw new IllegalArgumentException(AuditMessages.negativeDuration(edge.isNegative() ? edge : seatLeadIn));
        }
    }

    /** The window from {@code from} to {@code to}, reading up to {@code to + edge} or {@code now}, whichever is first. */
    public static AuditWindow of(Instant from, Instant to, Duration edge, Duration seatLeadIn, Instant now) {
        Instant readTo = to.plus(edge).isAfter(now) ? now : to.plus(edge);
        if (readTo.isBefore(from)) {
            readTo = from;
        }
        return new AuditWindow(from, to, edge, seatLeadIn, readTo);
    }

    /** Where results, payments and voids start being read. */
    public Instant readFrom() {
        return from.minus(edge);
    }

    /** Where the seat replay starts. */
    public Instant seatsFrom() {
        return from.minus(seatLeadIn);
    }

    /** Whether {@code at} is inside the judged window. */
    public boolean judges(Instant at) {
        return !at.isBefore(from) && !at.isAfter(to);
    }

    /** Whether {@code at} lies within {@code edge} of either end of the window (or outside it). */
    public boolean nearEdge(Instant at) {
        return at.isBefore(from.plus(edge)) || at.isAfter(to.minus(edge));
    }

    /** Whether what follows {@code at} may not have been written yet when the read stopped. */
    public boolean settling(Instant at) {
        return at.isAfter(readTo.minus(edge));
    }
}
