package io.stagedoor.workers.inventory;

import static io.stagedoor.workers.inventory.InventoryDriver.HOLD_TTL;
import static io.stagedoor.workers.inventory.InventoryDriver.SWEEP;
import static io.stagedoor.workers.inventory.InventoryDriver.seats;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seat cap per buyer per event, on the inventory's own topology (no broker): a buyer may hold and buy at most the
 * event's {@code maxSeatsPerBuyer} seats together; a hold past it is rejected with {@link Reasons#BUYER_SEAT_LIMIT}.
 */
class BuyerSeatCapTest {

    private static final String EVENT = "ev";

    private final InventoryDriver inventory = new InventoryDriver("cap");

    @BeforeEach
    void start() {
        define(EVENT, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
    }

    @AfterEach
    void stop() {
        inventory.close();
    }

    @Test
    void aBuyerWithEightSeatsOfAnEventIsRefusedANinthButOthersAndOtherEventsAreNot() {
        assertThat(hold("script-7", seats(1, 5)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("script-7", seats(6, 8)).status()).isEqualTo(ResultStatus.HELD);

        Result ninth = hold("script-7", seats(9, 9));
        assertThat(ninth.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(ninth.reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(inventory.seatChanges.readValuesToList()).extracting(SeatChange::cause)
                .containsExactly("held", "held");

        assertThat(hold("buyer-2", seats(9, 16)).status()).isEqualTo(ResultStatus.HELD);
        define("other", EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        assertThat(hold("other", "script-7", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void theCapIsTheEventsOwnAndAsksForAtMostItInOneHold() {
        define("small", 2);

        assertThat(hold("small", "b1", seats(1, 3)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(hold("small", "b1", seats(1, 2)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("small", "b1", seats(3, 3)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        // A seat named twice in one hold is one seat.
        assertThat(hold("small", "b2", List.of("s5", "s5", "s6")).status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void aBuyerAtTheCapIsToldSoEvenForSeatsThatAreTaken() {
        assertThat(hold("b1", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b2", seats(9, 10)).status()).isEqualTo(ResultStatus.HELD);

        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void onceAHoldExpiresItsSeatsStopCounting() {
        assertThat(hold("b1", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);

        pass(HOLD_TTL.plus(SWEEP));
        assertThat(inventory.seatChanges.readValuesToList()).extracting(SeatChange::cause)
                .containsExactly("held", "expired");

        assertThat(hold("b1", seats(9, 16)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(17, 17)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void boughtSeatsKeepCountingForGood() {
        Result held = hold("b1", seats(1, 6));
        Result paid = buy(held);
        assertThat(paid.status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(hold("b1", seats(7, 8)).status()).isEqualTo(ResultStatus.HELD);

        // The 2-seat hold expires; the 6 bought seats never do.
        pass(HOLD_TTL.plus(SWEEP));
        pass(SeatBook.SETTLED_HOLD_RETENTION.plus(SWEEP));

        assertThat(hold("b1", seats(9, 11)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(hold("b1", seats(9, 10)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(11, 11)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void aDeclinedPaymentLeavesTheHoldCountingUntilItExpires() {
        Result held = hold("b1", seats(1, 8));
        CheckoutRequested checkout = checkout(held, "tok_decline");
        outcome(checkout, PaymentStatus.DECLINED);
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.PAYMENT_DECLINED);

        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void aReplayedHoldCountsOnceAndARejectedOneNotAtAll() {
        HoldRequested request = request(EVENT, "b1", seats(1, 4));
        inventory.holds.pipeInput(EVENT, request);
        inventory.holds.pipeInput(EVENT, request);
        assertThat(inventory.results.readValuesToList()).hasSize(1);
        assertThat(hold("b2", seats(5, 5)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(5, 8)).reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);

        assertThat(hold("b1", seats(6, 9)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(10, 10)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    private void define(String eventId, int maxSeatsPerBuyer) {
        inventory.define(eventId, 30, maxSeatsPerBuyer);
    }

    private Result hold(String buyer, List<String> seats) {
        return hold(EVENT, buyer, seats);
    }

    private Result hold(String eventId, String buyer, List<String> seats) {
        HoldRequested request = inventory.sendHold(eventId, buyer, seats);
        Result result = inventory.results.readValue();
        assertThat(result.correlationId()).isEqualTo(request.correlationId());
        return result;
    }

    private HoldRequested request(String eventId, String buyer, List<String> seats) {
        return inventory.holdRequest(eventId, buyer, seats);
    }

    private Result buy(Result held) {
        outcome(checkout(held, "tok_ok"), PaymentStatus.APPROVED);
        return inventory.results.readValue();
    }

    private CheckoutRequested checkout(Result held, String token) {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), held.owner(), token);
        assertThat(inventory.payments.readValue().correlationId()).isEqualTo(checkout.correlationId());
        return checkout;
    }

    private void outcome(CheckoutRequested checkout, PaymentStatus status) {
        inventory.sendOutcome(checkout, status);
    }

    private void pass(Duration time) {
        inventory.pass(time);
    }
}
