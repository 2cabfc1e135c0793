package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.PaymentKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Money matches seats. Every hold sold in the window has exactly one approved payment that was not voided (an
 * approved outcome on the payment-outcomes topic, one per correlation id however often it was redelivered), and that
 * payment was made for it: the gateway key it was charged under binds its checkout, this hold and its amount
 * ({@link PaymentKeys}), and the amount is the event's price for the hold's seats. So a sale paid by a charge made for
 * another hold (a gateway answering a reused key with its first approval) fails whatever the window, even when that
 * charge lies before it. Every
 * payment approved in the window was either sold (its hold appears sold on the seat-changes topic) or voided (the
 * inventory's void request on the payments topic). An approval so recent that its sale may still be on its way is
 * counted as pending.
 */
final class PaymentsMatchSales implements Check {

    static final String NAME = "payments-match-sales";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Set<String> voided = new HashSet<>();
        evidence.voids().forEach(v -> voided.add(v.value()));
        Map<String, Located<PaymentOutcome>> approved = new LinkedHashMap<>();
        for (Located<PaymentOutcome> outcome : evidence.outcomes()) {
            if (outcome.value().status() == PaymentStatus.APPROVED) {
                approved.putIfAbsent(outcome.value().correlationId(), outcome);
            }
        }
        Map<String, List<String>> keptByHold = new HashMap<>();
        approved.forEach((id, outcome) -> {
            if (!voided.contains(id)) {
                keptByHold.computeIfAbsent(outcome.value().holdId(), hold -> new ArrayList<>(1)).add(id);
            }
        });
        Map<String, Located<SeatChange>> sales = new LinkedHashMap<>();
        for (Located<SeatChange> change : evidence.seatChanges()) {
            if (change.value().status() == SeatStatus.SOLD && change.value().holdId() != null) {
                sales.putIfAbsent(change.value().holdId(), change);
            }
        }
        Map<String, Long> prices = new HashMap<>();
        evidence.events().forEach(event -> prices.put(event.value().eventId(), event.value().priceCents()));
        Offenses offenses = new Offenses(keep);
        long salesJudged = 0;
        long notOwn = 0;
        for (Map.Entry<String, Located<SeatChange>> sale : sales.entrySet()) {
            if (!window.judges(sale.getValue().ref().timestamp())) {
                continue;
            }
            salesJudged++;
            List<String> payments = keptByHold.getOrDefault(sale.getKey(), List.of());
            if (payments.isEmpty()) {
                offenses.add(Offense.at(sale.getValue().ref(), sale.getKey(),
                        AuditMessages.soldWithoutPayment(sale.getKey())));
            } else if (payments.size() > 1) {
                offenses.add(Offense.at(sale.getValue().ref(), sale.getKey(),
                        AuditMessages.soldWithPayments(sale.getKey(), payments)));
            } else {
                PaymentOutcome payment = approved.get(payments.get(0)).value();
                String why = notItsOwn(payment, sale.getValue().value(), prices);
                if (why != null) {
                    notOwn++;
                    offenses.add(Offense.at(sale.getValue().ref(), sale.getKey(),
                            AuditMessages.soldWithoutOwnPayment(sale.getKey(), payment.correlationId(), why)));
                }
            }
        }
        long approvalsJudged = 0;
        long voidedCount = 0;
        long pending = 0;
        for (Located<PaymentOutcome> outcome : approved.values()) {
            if (!window.judges(outcome.ref().timestamp())) {
                continue;
            }
            approvalsJudged++;
            String id = outcome.value().correlationId();
            if (voided.contains(id)) {
                voidedCount++;
            } else if (!sales.containsKey(outcome.value().holdId())) {
                if (window.settling(outcome.ref().timestamp())) {
                    pending++;
                } else {
                    offenses.add(Offense.at(outcome.ref(), id,
                            AuditMessages.approvedWithoutSale(id, outcome.value().holdId())));
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("holdsSold", salesJudged);
        details.put("paymentsApproved", approvalsJudged);
        details.put("salesPaidForAnotherPurchase", notOwn);
        details.put("paymentsVoided", voidedCount);
        details.put("pending", pending);
        return CheckResult.judged(NAME, "every sold seat has exactly one approved payment made for it, and every"
                + " approved payment a sold seat or a recorded void", salesJudged + approvalsJudged, offenses, details);
    }

    /**
     * Why {@code payment} was not made for {@code sale}, or null when it was: its gateway key binds its checkout, the
     * sold hold and its amount, and the amount is the event's price (when the event is known) for the seats sold.
     */
    private static String notItsOwn(PaymentOutcome payment, SeatChange sale, Map<String, Long> prices) {
        if (!PaymentKeys.binds(payment.paymentKey(), payment.correlationId(), sale.holdId(), payment.amountCents())) {
            return "its gateway key " + payment.paymentKey() + " is not bound to this hold and amount";
        }
        Long price = prices.get(sale.eventId());
        if (price != null && payment.amountCents() != price * sale.seats().size()) {
            return "it charged " + payment.amountCents() + " cents for " + sale.seats().size() + " seats at "
                    + price + " cents";
        }
        return null;
    }
}
