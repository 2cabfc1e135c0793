package io.stagedoor.workers.inventory;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.PaymentKeys;
import io.stagedoor.workers.WorkerMetrics;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The inventory's two steps of a checkout (ARCHITECTURE.md, "How a request travels"): pin a valid hold and ask
 * for its payment; then, on the outcome, sell the seats or unpin the hold. Every successful payment ends in a
 * sold seat or a void sent back to the gateway, and so does every payment the pool gave up on (its fate unknown).
 */
final class CheckoutSaga {

    private static final Logger LOG = LoggerFactory.getLogger(CheckoutSaga.class);
    private static final String APPROVED = PaymentStatus.APPROVED.wire();

    private final SeatBook book;
    private final InventoryEvents catalog;
    private final InventoryOutputs out;
    private final WorkerMetrics metrics;
    private final PaidKeys paidKeys;

    CheckoutSaga(SeatBook book, InventoryEvents catalog, InventoryOutputs out, WorkerMetrics metrics,
                 PaidKeys paidKeys) {
        this.paidKeys = paidKeys;
        this.book = book;
        this.catalog = catalog;
        this.out = out;
        this.metrics = metrics;
    }

    /**
     * Step 1: the checkout's key names no other purchase, and the hold exists, is the buyer's, has not expired and
     * is not being paid or sold: pin it and ask for the payment, under a gateway key bound to this checkout, hold
     * and amount ({@link PaymentKeys}).
     */
    void checkout(CheckoutRequested request, Instant now) {
        // Every id derived from one buyer's Idempotency-Key has the same key part, whatever its time: a key that paid
        // for one hold must not check out another, even after the ingress forgot the key's fingerprint.
        PaidKeys.Purchase paid = paidKeys.paidBy(request.correlationId());
        if (paid != null && !paid.holdId().equals(request.holdId())) {
            metrics.rejected(Reasons.CHECKOUT_ID_REUSED);
            out.result(Result.rejected(request, Reasons.CHECKOUT_ID_REUSED, List.of(), now));
            return;
        }
        String processedKey = "checkout:" + request.correlationId();
        if (book.processed(processedKey) != null
                || (paid != null && paid.correlationId().equals(request.correlationId()))) {
            return;
        }
        Hold hold = book.hold(request.holdId());
        // Another buyer's hold reads as absent: its existence is not theirs to learn.
        boolean visible = hold != null && hold.eventId().equals(request.eventId())
                && hold.buyerId().equals(request.buyerId());
        InventoryEvents.Known event = catalog.find(request.eventId(), now);
        String reason = !visible ? Reasons.HOLD_NOT_FOUND
                : hold.expiredAt(now) ? Reasons.HOLD_EXPIRED
                : hold.state() != Hold.State.HELD ? Reasons.HOLD_NOT_PAYABLE
                : event == null ? Reasons.UNKNOWN_EVENT
                : null;
        if (reason != null) {
            metrics.rejected(reason);
            out.result(Result.rejected(request, reason, visible ? hold.seats() : List.of(), now));
            book.markProcessed(processedKey, reason, now);
            return;
        }
        book.save(hold.pinnedBy(request));
        book.markProcessed(processedKey, "pinned", now);
        paidKeys.paid(request.correlationId(), hold.holdId(), now);
        long amount = event.definition().priceCents() * hold.seats().size();
        out.charge(new PaymentRequested(request.correlationId(), request.eventId(), hold.holdId(), request.buyerId(),
                amount, request.paymentToken(), now, PaymentKeys.of(request.correlationId(), hold.holdId(), amount)));
    }

    /** Step 3: the payment outcome sells the seats or returns the hold to the buyer until it expires. */
    void settle(PaymentOutcome outcome, Instant now) {
        String processedKey = "outcome:" + outcome.correlationId();
        String earlier = book.processed(processedKey);
        if (earlier != null) {
            // A second outcome for one checkout can only follow a redelivery; if it reports money taken that the
            // first did not, give it back.
            if (outcome.status() == PaymentStatus.APPROVED && !APPROVED.equals(earlier)) {
                voidCharge(outcome, now, "approved after " + earlier);
            }
            return;
        }
        book.markProcessed(processedKey, outcome.status().wire(), now);
        Hold hold = book.hold(outcome.holdId());
        if (hold == null || !hold.pinnedBy(outcome.correlationId())) {
            LOG.warn("payment outcome {} for checkout {} finds hold {} not pinned by it", outcome.status().wire(),
                    outcome.correlationId(), outcome.holdId());
            if (outcome.status().mayHaveCharged()) {
                voidCharge(outcome, now, "hold not pinned");
            }
            return;
        }
        CheckoutRequested request = hold.checkout();
        if (outcome.status() == PaymentStatus.APPROVED) {
            sell(hold, request, now);
            return;
        }
        unpin(hold, request, outcome, now);
        if (outcome.status().mayHaveCharged()) {
            voidCharge(outcome, now, "payment request dead-lettered");
        }
    }

    private void sell(Hold hold, CheckoutRequested request, Instant now) {
        book.claim(hold.eventId(), hold.seats(), new SeatClaim(SeatStatus.SOLD, hold.holdId()));
        book.save(hold.in(Hold.State.SOLD));
        book.revisit(hold.holdId(), now.plus(SeatBook.SETTLED_HOLD_RETENTION));
        metrics.sale();
        List<String> tickets = InventoryIds.tickets(request.correlationId(), hold.seats());
        out.seatChange(new SeatChange(hold.eventId(), hold.seats(), SeatStatus.SOLD, hold.holdId(), "sold", now, tickets));
        String orderId = InventoryIds.orderId(request.correlationId());
        out.result(Result.confirmed(request, hold.seats(), orderId, tickets, now));
    }

    private void unpin(Hold hold, CheckoutRequested request, PaymentOutcome outcome, Instant now) {
        book.save(hold.unpinned());
        // The hold expires when it would have; one whose time passed while pinned expires at the next sweep.
        book.revisit(hold.holdId(), hold.expiresAt());
        Result result = switch (outcome.status()) {
            case DECLINED -> Result.rejected(request, Reasons.PAYMENT_DECLINED, hold.seats(), now);
            case TIMED_OUT -> Result.rejected(request, Reasons.PAYMENT_TIMEOUT, hold.seats(), now);
            default -> new Result(request.correlationId(), request.buyerId(), ResultStatus.FAILED,
                    Reasons.PAYMENT_FAILED, request.eventId(), request.holdId(), hold.seats(), null, null, List.of(),
                    request.admittedAt(), now);
        };
        metrics.rejected(result.reason());
        out.result(result);
    }

    private void voidCharge(PaymentOutcome outcome, Instant now, String why) {
        LOG.info("voiding the charge of checkout {}: {}", outcome.correlationId(), why);
        metrics.voided();
        out.voidCharge(outcome, now);
    }
}
