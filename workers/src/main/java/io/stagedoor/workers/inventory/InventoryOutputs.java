package io.stagedoor.workers.inventory;

import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.PaymentActions;
import java.time.Instant;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/** What the inventory writes: results, seat changes and payment requests (charges and voids), each to its sink. */
final class InventoryOutputs {

    static final String RESULTS = "results-sink";
    static final String SEAT_CHANGES = "seat-changes-sink";
    static final String PAYMENTS = "payments-sink";

    private final ProcessorContext<String, Object> context;

    InventoryOutputs(ProcessorContext<String, Object> context) {
        this.context = context;
    }

    void result(Result result) {
        forward(RESULTS, result.correlationId(), result, result.correlationId(), false);
    }

    void seatChange(SeatChange change) {
        forward(SEAT_CHANGES, change.eventId(), change, null, false);
    }

    void charge(PaymentRequested request) {
        forward(PAYMENTS, request.correlationId(), request, request.correlationId(), false);
    }

    /** Asks the checkout pool to void the charge made under this correlation id. */
    void voidCharge(String correlationId, String eventId, String holdId, Instant now) {
        PaymentRequested request = new PaymentRequested(correlationId, eventId, holdId, null, 0, null, now);
        forward(PAYMENTS, correlationId, request, correlationId, true);
    }

    private void forward(String sink, String key, Object value, String correlationId, boolean isVoid) {
        RecordHeaders headers = new RecordHeaders();
        if (correlationId != null) {
            Headers.putCorrelationId(headers, correlationId);
        }
        if (isVoid) {
            PaymentActions.markVoid(headers);
        }
        context.forward(new Record<>(key, value, context.currentSystemTimeMs(), headers), sink);
    }
}
