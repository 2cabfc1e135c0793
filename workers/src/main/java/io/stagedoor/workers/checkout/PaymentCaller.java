package io.stagedoor.workers.checkout;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.trace.Traces;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkersMessages;
import io.stagedoor.workers.payment.Charge;
import io.stagedoor.workers.payment.PaymentGateway;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes one payment call, under the request's gateway key ({@link PaymentRequested#gatewayKey}: bound to the checkout,
 * its hold and its amount), and turns it into the outcome the inventory expects. A call that does not answer in
 * time (or fails in any way that leaves its fate unknown) is voided before it is reported as timed out, so a
 * charge the gateway made after all is given back, never kept without a seat.
 */
final class PaymentCaller {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentCaller.class);

    private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("stagedoor.payment.outcome");

    private final PaymentGateway gateway;
    private final Duration timeout;
    private final WorkerMetrics metrics;
    private final Clock clock;

    PaymentCaller(PaymentGateway gateway, Duration timeout, WorkerMetrics metrics, Clock clock) {
        this.gateway = gateway;
        this.timeout = timeout;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * Charges for {@code request}, waiting at most the payment timeout.
     *
     * @throws VoidFailedException when the call's fate is unknown and the void was not confirmed either: the
     *                             request must be retried (with the same idempotency key) rather than reported
     * @throws InterruptedException when the pool stops waiting (drain timeout)
     */
    PaymentOutcome pay(PaymentRequested request) throws InterruptedException, VoidFailedException {
        long started = System.nanoTime();
        metrics.paymentStarted();
        String label = "error";
        Span call = Traces.tracer().spanBuilder("payment gateway charge").setSpanKind(SpanKind.CLIENT).startSpan();
        try (Scope ignored = call.makeCurrent()) {
            Charge charge = gateway.charge(request.gatewayKey(), request.amountCents(), request.paymentToken())
                    .toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            label = charge.status().name().toLowerCase(java.util.Locale.ROOT);
            return switch (charge.status()) {
                case APPROVED -> outcome(request, PaymentStatus.APPROVED, charge.chargeId(), null);
                case DECLINED -> outcome(request, PaymentStatus.DECLINED, null, charge.reason());
                case VOIDED -> outcome(request, PaymentStatus.TIMED_OUT, null, "voided");
            };
        } catch (TimeoutException | ExecutionException e) {
            label = "timed-out";
            String why = e instanceof TimeoutException ? "no answer within " + timeout : String.valueOf(e.getCause());
            LOG.debug("payment {} has no answer ({}); voiding it", request.correlationId(), why);
            voidOrThrow(request.gatewayKey(), why);
            return outcome(request, PaymentStatus.TIMED_OUT, null, why);
        } finally {
            call.setAttribute(OUTCOME, label);
            call.end();
            metrics.paymentFinished(label, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /** Voids the charge made under the gateway key {@code key}, waiting at most the payment timeout for the gateway. */
    void voidOrThrow(String key, String reason) throws InterruptedException, VoidFailedException {
        try {
            gateway.voidCharge(key, reason).toCompletableFuture()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new VoidFailedException(WorkersMessages.cannotVoid(key, e), e);
        }
    }

    private PaymentOutcome outcome(PaymentRequested request, PaymentStatus status, String chargeId, String reason) {
        Instant now = clock.instant();
        return PaymentOutcome.of(request, status, chargeId, reason, now);
    }

    /** The gateway confirmed neither the charge nor its void: the request has to be tried again. */
    static final class VoidFailedException extends Exception {

        private static final long serialVersionUID = 1L;

        VoidFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
