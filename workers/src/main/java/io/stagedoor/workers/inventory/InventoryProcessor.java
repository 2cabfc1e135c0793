package io.stagedoor.workers.inventory;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.trace.RequestLogs;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.workers.WorkerMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One inventory task: takes hold requests, checkout requests and payment outcomes of the events in its
 * partition, in order, and expires holds on a wall-clock punctuator. Each input is processed once by
 * correlation id; a redelivered one changes nothing and emits nothing.
 */
final class InventoryProcessor implements Processor<String, Object, String, Object> {

    private static final Logger LOG = LoggerFactory.getLogger(InventoryProcessor.class);

    private final Duration holdTtl;
    private final Duration expiryInterval;
    private final Duration checkoutRetention;
    private final Clock clock;
    private final WorkerMetrics metrics;
    private final Map<String, InventoryEvents.Known> events;
    private ProcessorContext<String, Object> context;
    private SeatBook book;
    private InventoryEvents catalog;
    private InventoryOutputs out;
    private CheckoutSaga saga;
    private PaidKeys paidKeys;

    /** @param events the event definitions read so far, shared by the tasks of one inventory */
    InventoryProcessor(Duration holdTtl, Duration expiryInterval, Duration checkoutRetention, Clock clock,
                       WorkerMetrics metrics, Map<String, InventoryEvents.Known> events) {
        this.events = events;
        this.checkoutRetention = checkoutRetention;
        this.holdTtl = holdTtl;
        this.expiryInterval = expiryInterval;
        this.clock = clock;
        this.metrics = metrics;
    }

    @Override
    public void init(ProcessorContext<String, Object> context) {
        this.context = context;
        book = new SeatBook(context);
        catalog = new InventoryEvents(context, events);
        out = new InventoryOutputs(context);
        paidKeys = new PaidKeys(context, book, out, checkoutRetention);
        saga = new CheckoutSaga(book, catalog, out, metrics, paidKeys);
        context.schedule(expiryInterval, PunctuationType.WALL_CLOCK_TIME, ignored -> expireDue());
    }

    /**
     * Decides one input in the span of its request's trace (carried in the record's headers), which every output it
     * makes carries on ({@link InventoryOutputs}).
     */
    @Override
    public void process(Record<String, Object> record) {
        String correlationId = Headers.correlationId(record.headers());
        Span span = Traces.consuming("inventory " + kind(record.value()), topic(), record.headers(), correlationId);
        try (Scope ignored = span.makeCurrent(); RequestLogs logs = RequestLogs.about(correlationId, span)) {
            decide(record);
        } finally {
            span.end();
        }
    }

    private String topic() {
        return context.recordMetadata().map(RecordMetadata::topic).orElse("");
    }

    private static String kind(Object value) {
        return switch (value) {
            case HoldRequested ignored -> "hold";
            case CheckoutRequested ignored -> "checkout";
            case PaymentOutcome ignored -> "payment outcome";
            case null, default -> "record";
        };
    }

    private void decide(Record<String, Object> record) {
        Instant now = clock.instant();
        switch (record.value()) {
            case HoldRequested request -> hold(request, now);
            case CheckoutRequested request -> saga.checkout(request, now);
            case PaymentOutcome outcome -> saga.settle(outcome, now);
            case null -> LOG.debug("ignoring a tombstone with key {}", record.key());
            default -> LOG.warn("ignoring an unexpected {}", record.value().getClass().getSimpleName());
        }
    }

    private void hold(HoldRequested request, Instant now) {
        String processedKey = "hold:" + request.correlationId();
        if (book.processed(processedKey) != null) {
            return;
        }
        List<String> seats = request.seats().stream().distinct().toList();
        String reason = refusal(request, seats, now);
        if (reason != null) {
            metrics.rejected(reason);
            out.result(Result.rejected(request, reason, now));
            book.markProcessed(processedKey, reason, now);
            return;
        }
        String holdId = InventoryIds.holdId(request.correlationId());
        Instant expiresAt = now.plus(holdTtl);
        book.claim(request.eventId(), seats, new SeatClaim(SeatStatus.HELD, holdId));
        book.countBuyerSeats(request.eventId(), request.buyerId(), seats.size());
        book.save(new Hold(holdId, request.eventId(), request.buyerId(), seats, expiresAt, Hold.State.HELD, null));
        book.revisit(holdId, expiresAt);
        book.markProcessed(processedKey, "held", now);
        metrics.holdGranted();
        out.seatChange(new SeatChange(request.eventId(), seats, SeatStatus.HELD, holdId, "held", now));
        out.result(Result.held(request, holdId, expiresAt, now));
    }

    /**
     * Why this hold cannot be granted, or null when every seat exists and is free and the buyer stays within the
     * event's seat cap. All or none. The cap is judged before the seats, so a buyer at the cap is told so whichever
     * seats it asks for.
     */
    private String refusal(HoldRequested request, List<String> seats, Instant now) {
        InventoryEvents.Known event = catalog.find(request.eventId(), now);
        if (event == null) {
            return Reasons.UNKNOWN_EVENT;
        }
        if (seats.isEmpty() || !event.seats().containsAll(seats)) {
            return Reasons.UNKNOWN_SEAT;
        }
        int cap = event.definition().maxSeatsPerBuyer();
        if (book.buyerSeats(request.eventId(), request.buyerId()) + seats.size() > cap) {
            return Reasons.BUYER_SEAT_LIMIT;
        }
        return book.allFree(request.eventId(), seats) ? null : Reasons.SEAT_UNAVAILABLE;
    }

    private void expireDue() {
        Instant now = clock.instant();
        for (String holdId : book.takeDue(now, paidKeys::forgotten)) {
            Hold hold = book.hold(holdId);
            if (hold == null) {
                continue;
            }
            switch (hold.state()) {
                case HELD -> {
                    if (hold.expiresAt().isAfter(now)) {
                        book.revisit(holdId, hold.expiresAt());
                    } else {
                        expire(hold, now);
                    }
                }
                // A pinned hold waits for its payment outcome; unpinning schedules it again.
                case PINNED -> { }
                case SOLD, EXPIRED -> book.forget(holdId);
            }
        }
    }

    private void expire(Hold hold, Instant now) {
        book.free(hold.eventId(), hold.seats());
        // Held seats count against the buyer's cap until they are free again; sold ones stay counted for good.
        book.countBuyerSeats(hold.eventId(), hold.buyerId(), -hold.seats().size());
        book.save(hold.in(Hold.State.EXPIRED));
        book.revisit(hold.holdId(), now.plus(SeatBook.SETTLED_HOLD_RETENTION));
        metrics.holdExpired();
        out.seatChange(new SeatChange(hold.eventId(), hold.seats(), SeatStatus.AVAILABLE, hold.holdId(), "expired", now));
    }
}
