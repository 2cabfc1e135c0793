package io.stagedoor.workers.inventory;

import io.opentelemetry.context.Context;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.PaymentActions;
import java.time.Instant;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * What the inventory writes: results, seat changes, payment requests (charges and voids) and paid checkout keys, each
 * to its sink.
 */
final class InventoryOutputs {

    static final String RESULTS = "results-sink";
    static final String SEAT_CHANGES = "seat-changes-sink";
    static final String PAYMENTS = "payments-sink";
    static final String CHECKOUT_KEYS = "checkout-keys-sink";

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

    /** Tells every inventory task what a checkout key paid for ({@code null}: forget it). */
    void paidKey(String keyPart, String value) {
        forward(CHECKOUT_KEYS, keyPart, value, null, false);
    }

    /** Asks the checkout pool to void the charge {@code outcome} reports, under the gateway key it was made with. */
    void voidCharge(PaymentOutcome outcome, Instant now) {
        String correlationId = outcome.correlationId();
        PaymentRequested request = new PaymentRequested(correlationId, outcome.eventId(), outcome.holdId(), null, 0,
                null, now, outcome.gatewayKey());
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
        // the trace of the input being decided; none for an output of the expiry punctuator
        Traces.carry(Context.current(), headers);
        context.forward(new Record<>(key, value, context.currentSystemTimeMs(), headers), sink);
    }
}
