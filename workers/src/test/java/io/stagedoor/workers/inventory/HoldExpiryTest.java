package io.stagedoor.workers.inventory;

import static io.stagedoor.workers.inventory.InventoryDriver.HOLD_TTL;
import static io.stagedoor.workers.inventory.InventoryDriver.SWEEP;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Holds nobody pays for, on the inventory's own topology (no broker; {@code HoldExpiryIT} proves it on a broker):
 * the wall-clock sweep frees a held hold's seats once its lifetime has passed, not before, and not while a checkout
 * is paying for it; a checkout after that is rejected as expired and asks for no payment.
 */
class HoldExpiryTest {

    private static final String EVENT = "ev";

    private final InventoryDriver inventory = new InventoryDriver("expiry");
    private Result held;

    @BeforeEach
    void holdTwoSeats() {
        inventory.define(EVENT, 5, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        inventory.sendHold(EVENT, "early", List.of("s1", "s2"));
        held = inventory.results.readValue();
        assertThat(held.status()).isEqualTo(ResultStatus.HELD);
        inventory.seatChanges.readValue();
    }

    @AfterEach
    void stop() {
        inventory.close();
    }

    @Test
    void aHoldIsStillHeldAtTheLastSweepBeforeItsLifetimeEnds() {
        inventory.pass(HOLD_TTL.minus(SWEEP));

        assertThat(inventory.seatChanges.isEmpty()).isTrue();
        inventory.sendHold(EVENT, "next", List.of("s2"));
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);
    }

    @Test
    void theFirstSweepAfterItsLifetimeExpiresTheHoldAndFreesItsSeats() {
        inventory.pass(HOLD_TTL.minus(SWEEP));
        inventory.pass(SWEEP);

        assertThat(inventory.seatChanges.readValuesToList()).containsExactly(new SeatChange(EVENT,
                List.of("s1", "s2"), SeatStatus.AVAILABLE, held.holdId(), "expired", held.expiresAt()));
        inventory.sendHold(EVENT, "next", List.of("s2"));
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void aCheckoutAfterExpiryIsRejectedAsExpiredAndAsksForNoPayment() {
        inventory.pass(HOLD_TTL.plus(SWEEP));

        inventory.sendCheckout(EVENT, held.holdId(), "early", "tok_ok");
        Result late = inventory.results.readValue();
        assertThat(late.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(late.reason()).isEqualTo(Reasons.HOLD_EXPIRED);
        assertThat(inventory.payments.isEmpty()).isTrue();
    }

    @Test
    void aHoldBeingPaidForOutlivesItsLifetimeAndIsSoldWhenThePaymentIsApproved() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), "early", "tok_ok");
        inventory.pass(HOLD_TTL.plus(SWEEP.multipliedBy(5)));
        assertThat(inventory.seatChanges.isEmpty()).isTrue();

        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(inventory.seatChanges.readValue().status()).isEqualTo(SeatStatus.SOLD);
    }

    @Test
    void aHoldWhosePaymentFailsAfterItsLifetimeExpiresAtTheNextSweep() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), "early", "tok_decline");
        inventory.pass(HOLD_TTL.plus(SWEEP));
        inventory.sendOutcome(checkout, PaymentStatus.DECLINED);
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.PAYMENT_DECLINED);

        inventory.pass(SWEEP);
        assertThat(inventory.seatChanges.readValuesToList()).extracting(SeatChange::cause).containsExactly("expired");
    }

    @Test
    void soldSeatsNeverExpire() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), "early", "tok_ok");
        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(inventory.seatChanges.readValue().status()).isEqualTo(SeatStatus.SOLD);

        inventory.pass(HOLD_TTL.plus(SWEEP));
        inventory.pass(SeatBook.SETTLED_HOLD_RETENTION.plus(SWEEP));
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
        inventory.sendHold(EVENT, "next", List.of("s1"));
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);
    }

    @Test
    void oneSweepExpiresEveryHoldWhoseLifetimeHasEndedOldestFirst() {
        inventory.pass(Duration.ofMinutes(1));
        inventory.sendHold(EVENT, "second", List.of("s3"));
        Result second = inventory.results.readValue();
        inventory.seatChanges.readValue();

        inventory.pass(HOLD_TTL.multipliedBy(2));
        assertThat(inventory.seatChanges.readValuesToList()).extracting(SeatChange::holdId)
                .containsExactly(held.holdId(), second.holdId());
    }
}
