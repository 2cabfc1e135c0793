package io.stagedoor.workers.inventory;

import static io.stagedoor.workers.inventory.InventoryDriver.PRICE_CENTS;
import static io.stagedoor.workers.inventory.InventoryDriver.START;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.ids.CorrelationIds;
import io.stagedoor.topics.PaymentKeys;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A checkout key names one purchase: the gateway key binds the checkout, its hold and its amount, and a key that paid
 * for one hold is refused on another, even under a new correlation id (the ingress forgot the key's fingerprint and
 * gave it a new first-acceptance time).
 */
class PaidKeysTest {

    private static final String BUYER = "b1";
    private static final CorrelationIds IDS = new CorrelationIds(
            "a-secret-of-at-least-thirty-two-bytes!".getBytes(StandardCharsets.UTF_8), Clock.systemUTC());

    private final InventoryDriver inventory = new InventoryDriver("paid-keys");
    private String firstHold;
    private String otherHold;

    @BeforeEach
    void holdOneSeatOfTwoEvents() {
        inventory.define("ev-1", 10, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        inventory.define("ev-2", 10, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        inventory.sendHold("ev-1", BUYER, List.of("s1"));
        firstHold = inventory.results.readValue().holdId();
        inventory.sendHold("ev-2", BUYER, List.of("s1", "s2"));
        otherHold = inventory.results.readValue().holdId();
        inventory.seatChanges.readValuesToList();
    }

    @AfterEach
    void stop() {
        inventory.close();
    }

    @Test
    void thePaymentIsAskedUnderAKeyBoundToTheCheckoutItsHoldAndItsAmount() {
        CheckoutRequested checkout = checkout("ev-1", firstHold, IDS.issueIdempotent(BUYER, "checkout:k1", START));

        PaymentRequested payment = inventory.payments.readValue();

        assertThat(payment.paymentKey()).isEqualTo(PaymentKeys.of(checkout.correlationId(), firstHold, PRICE_CENTS));
        assertThat(payment.gatewayKey()).isNotEqualTo(checkout.correlationId());
        assertThat(PaymentKeys.binds(payment.paymentKey(), checkout.correlationId(), otherHold, PRICE_CENTS)).isFalse();
        assertThat(PaymentKeys.binds(payment.paymentKey(), checkout.correlationId(), firstHold, 2 * PRICE_CENTS)).isFalse();
    }

    @Test
    void aKeyThatPaidForAHoldIsRefusedOnAHoldOfAnotherEventUnderANewTime() {
        CheckoutRequested paid = checkout("ev-1", firstHold, IDS.issueIdempotent(BUYER, "checkout:k1", START));
        inventory.payments.readValue();
        inventory.sendOutcome(paid, PaymentStatus.APPROVED);
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.CONFIRMED);
        inventory.seatChanges.readValuesToList();

        inventory.pass(Duration.ofMinutes(5));
        String replayed = IDS.issueIdempotent(BUYER, "checkout:k1", START.plus(Duration.ofMinutes(5)));
        assertThat(replayed).isNotEqualTo(paid.correlationId());
        checkout("ev-2", otherHold, replayed);

        Result refused = inventory.results.readValue();
        assertThat(refused.correlationId()).isEqualTo(replayed);
        assertThat(refused.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(refused.reason()).isEqualTo(Reasons.CHECKOUT_ID_REUSED);
        assertThat(inventory.payments.isEmpty()).isTrue();
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
    }

    @Test
    void anotherKeyOfTheSameBuyerPaysForTheOtherHold() {
        CheckoutRequested paid = checkout("ev-1", firstHold, IDS.issueIdempotent(BUYER, "checkout:k1", START));
        inventory.payments.readValue();
        inventory.sendOutcome(paid, PaymentStatus.APPROVED);
        inventory.results.readValue();

        checkout("ev-2", otherHold, IDS.issueIdempotent(BUYER, "checkout:k2", START));

        assertThat(inventory.payments.readValue().holdId()).isEqualTo(otherHold);
    }

    // The retention is a setting (workers.checkout-id-retention): past it, the key is forgotten in every task (a
    // tombstone on the checkout-keys topic) and may check out another hold, paid under its own gateway key.
    @Test
    void pastTheRetentionAPaidKeyIsForgottenEverywhereAndPaysForAnotherHoldUnderItsOwnGatewayKey() {
        try (InventoryDriver shortMemory = new InventoryDriver("paid-keys-short", Duration.ofMinutes(3))) {
            shortMemory.define("ev-1", 10, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
            shortMemory.sendHold("ev-1", BUYER, List.of("s1"));
            String one = shortMemory.results.readValue().holdId();
            shortMemory.sendHold("ev-1", BUYER, List.of("s2"));
            String two = shortMemory.results.readValue().holdId();
            CheckoutRequested paid = new CheckoutRequested(IDS.issueIdempotent(BUYER, "checkout:k1", START), "ev-1",
                    one, BUYER, "tok_ok", START);
            shortMemory.checkouts.pipeInput("ev-1", paid);
            shortMemory.payments.readValue();
            String keyPart = CorrelationIds.keyPart(paid.correlationId());
            assertThat(shortMemory.checkoutKeys.readRecord().key()).isEqualTo(keyPart);

            shortMemory.pass(Duration.ofMinutes(4));
            var forgotten = shortMemory.checkoutKeys.readRecord();
            assertThat(forgotten.key()).isEqualTo(keyPart);
            assertThat(forgotten.value()).isNull();

            String later = IDS.issueIdempotent(BUYER, "checkout:k1", START.plus(Duration.ofMinutes(4)));
            shortMemory.checkouts.pipeInput("ev-1", new CheckoutRequested(later, "ev-1", two, BUYER, "tok_ok",
                    shortMemory.clock.instant()));
            PaymentRequested payment = shortMemory.payments.readValue();
            assertThat(payment.holdId()).isEqualTo(two);
            assertThat(payment.paymentKey()).isEqualTo(PaymentKeys.of(later, two, PRICE_CENTS));
        }
    }

    private CheckoutRequested checkout(String eventId, String holdId, String correlationId) {
        CheckoutRequested request = new CheckoutRequested(correlationId, eventId, holdId, BUYER, "tok_ok",
                inventory.clock.instant());
        inventory.checkouts.pipeInput(eventId, request);
        return request;
    }
}
