package io.stagedoor.workers.checkout;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
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
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
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
     * Charges for {@code request}, giving the gateway at most the payment timeout. Holds no thread while the gateway
     * works: the caller waits on the answer as it likes (a lane waits in slices, renewing its record's lock between).
     *
     * @return the outcome; completes exceptionally with {@link VoidFailedException} when the call's fate is unknown
     *         and the void was not confirmed either: the request must be retried (with the same idempotency key)
     *         rather than reported
     */
    CompletableFuture<PaymentOutcome> pay(PaymentRequested request) {
        long started = System.nanoTime();
        metrics.paymentStarted();
        // the call is a client span of the payment's trace, current while the request goes out (so it carries it)
        Span call = Traces.tracer().spanBuilder("payment gateway charge").setSpanKind(SpanKind.CLIENT).startSpan();
        Context traced = Context.current().with(call);
        CompletableFuture<Charge> charge;
        try (Scope ignored = traced.makeCurrent()) {
            charge = gateway.charge(request.gatewayKey(), request.amountCents(), request.paymentToken())
                    .toCompletableFuture().copy();
        } catch (RuntimeException refusedAtOnce) {
            charge = CompletableFuture.failedFuture(refusedAtOnce);
        }
        AtomicReference<String> label = new AtomicReference<>("error");
        return charge.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((answer, error) -> {
                    if (error == null) {
                        label.set(answer.status().name().toLowerCase(Locale.ROOT));
                        return CompletableFuture.completedFuture(outcome(request, answer));
                    }
                    label.set("timed-out");
                    return voidUnanswered(request, unwrap(error));
                })
                .thenCompose(outcome -> outcome)
                .whenComplete((outcome, error) -> {
                    call.setAttribute(OUTCOME, label.get());
                    call.end();
                    // in the call's trace, so the latency histogram's exemplar links to it
                    try (Scope ignored = traced.makeCurrent()) {
                        metrics.paymentFinished(label.get(), Duration.ofNanos(System.nanoTime() - started));
                    }
                });
    }

    private PaymentOutcome outcome(PaymentRequested request, Charge charge) {
        return switch (charge.status()) {
            case APPROVED -> outcome(request, PaymentStatus.APPROVED, charge.chargeId(), null);
            case DECLINED -> outcome(request, PaymentStatus.DECLINED, null, charge.reason());
            case VOIDED -> outcome(request, PaymentStatus.TIMED_OUT, null, "voided");
        };
    }

    /** A call without an answer (or failed in a way that leaves its fate unknown) is voided before it is reported. */
    private CompletableFuture<PaymentOutcome> voidUnanswered(PaymentRequested request, Throwable error) {
        String why = error instanceof TimeoutException ? "no answer within " + timeout : String.valueOf(error);
        LOG.debug("payment {} has no answer ({}); voiding it", request.correlationId(), why);
        return voidCharge(request.gatewayKey(), why)
                .thenApply(voided -> outcome(request, PaymentStatus.TIMED_OUT, null, why));
    }

    /**
     * Voids the charge made under the gateway key {@code key}, giving the gateway at most the payment timeout; completes
     * exceptionally with {@link VoidFailedException} when the gateway did not confirm it.
     */
    CompletableFuture<Void> voidCharge(String key, String reason) {
        CompletableFuture<Void> voided;
        try {
            voided = gateway.voidCharge(key, reason).toCompletableFuture().copy();
        } catch (RuntimeException refusedAtOnce) {
            voided = CompletableFuture.failedFuture(refusedAtOnce);
        }
        return voided.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionallyCompose(error -> {
                    Throwable cause = unwrap(error);
                    return CompletableFuture.failedFuture(new VoidFailedException(
                            WorkersMessages.cannotVoid(key, cause instanceof Exception e ? e : new ExecutionException(cause)),
                            cause));
                });
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException || error instanceof ExecutionException
                ? (error.getCause() == null ? error : error.getCause()) : error;
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
