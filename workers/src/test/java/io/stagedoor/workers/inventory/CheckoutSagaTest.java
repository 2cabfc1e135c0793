package io.stagedoor.workers.inventory;

import static io.stagedoor.workers.inventory.InventoryDriver.PRICE_CENTS;
import static io.stagedoor.workers.inventory.InventoryDriver.START;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentActions;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.util.List;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The inventory's two steps of a checkout on its own topology (no broker; {@code CheckoutIT} runs the whole saga with
 * the pool and a gateway): a checkout of the buyer's live hold pins it and asks for one payment; an approval sells
 * the seats and confirms, any other outcome returns the hold to the buyer; money that may have been taken for a
 * checkout that sold nothing is voided. Each step is processed once per correlation id.
 */
class CheckoutSagaTest {

    private static final String EVENT = "ev";
    private static final String BUYER = "b1";

    private final InventoryDriver inventory = new InventoryDriver("saga");
    private Result held;

    @BeforeEach
    void holdTwoSeats() {
        inventory.define(EVENT, 10, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        inventory.sendHold(EVENT, BUYER, List.of("s1", "s2"));
        held = inventory.results.readValue();
        inventory.seatChanges.readValue();
    }

    @AfterEach
    void stop() {
        inventory.close();
    }

    @Test
    void aCheckoutOfTheBuyersHoldAsksForOnePaymentOfEverySeatKeyedByItsCorrelationId() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");

        TestRecord<String, PaymentRequested> record = inventory.payments.readRecord();
        assertThat(record.key()).isEqualTo(checkout.correlationId());
        assertThat(Headers.correlationId(record.headers())).isEqualTo(checkout.correlationId());
        assertThat(PaymentActions.isVoid(record.headers())).isFalse();
        assertThat(record.value()).isEqualTo(new PaymentRequested(checkout.correlationId(), EVENT, held.holdId(),
                BUYER, 2 * PRICE_CENTS, "tok_ok", START));
        // The result waits for the payment outcome.
        assertThat(inventory.results.isEmpty()).isTrue();
    }

    @Test
    void anApprovedPaymentSellsTheSeatsAndConfirmsWithOneTicketPerSeat() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);

        TestRecord<String, Result> record = inventory.results.readRecord();
        assertThat(record.key()).isEqualTo(checkout.correlationId());
        assertThat(Headers.correlationId(record.headers())).isEqualTo(checkout.correlationId());
        Result confirmed = record.value();
        assertThat(confirmed.status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(confirmed.orderId()).isEqualTo(InventoryIds.orderId(checkout.correlationId()));
        assertThat(confirmed.seats()).containsExactly("s1", "s2");
        assertThat(confirmed.tickets()).hasSize(2).doesNotHaveDuplicates();
        assertThat(inventory.seatChanges.readValuesToList()).containsExactly(new SeatChange(EVENT,
                List.of("s1", "s2"), SeatStatus.SOLD, held.holdId(), "sold", START, confirmed.tickets()));
        assertThat(inventory.payments.readValuesToList()).hasSize(1);
    }

    @Test
    void aSoldHoldIsNotPayableAgain() {
        buy();

        inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.HOLD_NOT_PAYABLE);
        assertThat(inventory.payments.isEmpty()).isTrue();
    }

    @Test
    void aHoldBeingPaidForIsNotPayableByASecondCheckout() {
        inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.payments.readValue();

        inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.HOLD_NOT_PAYABLE);
        assertThat(inventory.payments.isEmpty()).isTrue();
    }

    @Test
    void anotherBuyersHoldReadsAsNotFoundAndShowsNoSeats() {
        inventory.sendCheckout(EVENT, held.holdId(), "thief", "tok_ok");

        Result stolen = inventory.results.readValue();
        assertThat(stolen.reason()).isEqualTo(Reasons.HOLD_NOT_FOUND);
        assertThat(stolen.seats()).isEmpty();
        assertThat(inventory.payments.isEmpty()).isTrue();
    }

    /** Every outcome but an approval: the result it ends in, and whether money may have been taken. */
    enum Unpaid {
        DECLINED(PaymentStatus.DECLINED, ResultStatus.REJECTED, Reasons.PAYMENT_DECLINED, false),
        TIMED_OUT(PaymentStatus.TIMED_OUT, ResultStatus.REJECTED, Reasons.PAYMENT_TIMEOUT, false),
        /** Dead-lettered: an earlier delivery may have charged, so the inventory asks for a void. */
        FAILED(PaymentStatus.FAILED, ResultStatus.FAILED, Reasons.PAYMENT_FAILED, true);

        final PaymentStatus outcome;
        final ResultStatus status;
        final String reason;
        final boolean voided;

        Unpaid(PaymentStatus outcome, ResultStatus status, String reason, boolean voided) {
            this.outcome = outcome;
            this.status = status;
            this.reason = reason;
            this.voided = voided;
        }
    }

    @ParameterizedTest
    @EnumSource(Unpaid.class)
    void aPaymentNotApprovedSellsNothingAndReturnsTheHoldToTheBuyer(Unpaid unpaid) {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok");
        inventory.payments.readValue();
        inventory.sendOutcome(checkout, unpaid.outcome);

        Result result = inventory.results.readValue();
        assertThat(result).extracting(Result::correlationId, Result::status, Result::reason)
                .containsExactly(checkout.correlationId(), unpaid.status, unpaid.reason);
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
        assertThat(voids(inventory.payments.readRecordsToList()))
                .containsExactlyElementsOf(unpaid.voided ? List.of(checkout.correlationId()) : List.of());

        // The hold is the buyer's again: a new checkout pays for it.
        CheckoutRequested again = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.sendOutcome(again, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.CONFIRMED);
    }

    @Test
    void aRedeliveredCheckoutAsksForNoSecondPaymentAndARedeliveredOutcomeGivesNoSecondResult() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.checkouts.pipeInput(EVENT, checkout);
        assertThat(inventory.payments.readValuesToList()).hasSize(1);

        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValuesToList()).hasSize(1);
        assertThat(inventory.seatChanges.readValuesToList()).hasSize(1);
        assertThat(inventory.payments.isEmpty()).isTrue();
    }

    @Test
    void anApprovalRedeliveredAfterADeclineIsVoided() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok");
        inventory.payments.readValue();
        inventory.sendOutcome(checkout, PaymentStatus.DECLINED);
        inventory.results.readValue();

        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        assertThat(voids(inventory.payments.readRecordsToList())).containsExactly(checkout.correlationId());
        assertThat(inventory.results.isEmpty()).isTrue();
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
    }

    @Test
    void anApprovalForAHoldItsCheckoutDoesNotPinIsVoidedAndSellsNothing() {
        CheckoutRequested stranger = inventory.checkoutRequest(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.outcomes.pipeInput(EVENT, inventory.outcome(stranger, PaymentStatus.APPROVED));

        assertThat(voids(inventory.payments.readRecordsToList())).containsExactly(stranger.correlationId());
        assertThat(inventory.results.isEmpty()).isTrue();
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
    }

    private void buy() {
        CheckoutRequested checkout = inventory.sendCheckout(EVENT, held.holdId(), BUYER, "tok_ok");
        inventory.sendOutcome(checkout, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.CONFIRMED);
        inventory.payments.readValuesToList();
        inventory.seatChanges.readValuesToList();
    }

    /** The correlation ids of the void requests among these payments records; each is keyed by its id. */
    private static List<String> voids(List<TestRecord<String, PaymentRequested>> records) {
        List<TestRecord<String, PaymentRequested>> voids = records.stream()
                .filter(record -> PaymentActions.isVoid(record.headers())).toList();
        for (TestRecord<String, PaymentRequested> record : voids) {
            assertThat(record.key()).isEqualTo(record.value().correlationId());
        }
        return voids.stream().map(record -> record.value().correlationId()).toList();
    }
}
