package io.stagedoor.workers;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The checkout saga end to end: inventory, share-group pool and the simulated gateway on the real broker. */
class CheckoutIT {

    private TestPipeline pipeline;
    private SimulatedGateway gateway;
    private Workers workers;

    @BeforeEach
    void start() throws Exception {
        pipeline = new TestPipeline("checkout");
        gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(50)));
        workers = Workers.start(pipeline.settings(), gateway);
        pipeline.event("ev", 20);
        assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();
    }

    @AfterEach
    void stop() throws Exception {
        workers.close();
        pipeline.close();
    }

    @Test
    void aPaidCheckoutIsConfirmedWithOneTicketPerSeatAndTheSeatsAreSold() {
        Result held = pipeline.awaitResult(pipeline.hold("ev", "b1", List.of("s1", "s2")));
        CheckoutRequested checkout = pipeline.checkout("ev", held.holdId(), "b1", PayrailSettings.TOKEN_OK);

        Result confirmed = pipeline.awaitResult(checkout.correlationId());
        assertThat(confirmed.status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(confirmed.orderId()).isNotBlank();
        assertThat(confirmed.tickets()).hasSize(2).doesNotHaveDuplicates();
        assertThat(gateway.ledger().charges(pipeline.paymentKey(checkout.correlationId()))).isEqualTo(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.seatChanges.stream()
                .anyMatch(change -> change.status() == SeatStatus.SOLD && change.holdId().equals(held.holdId())));

        Result again = pipeline.awaitResult(pipeline.checkout("ev", held.holdId(), "b1", "tok_ok").correlationId());
        assertThat(again.reason()).isEqualTo(Reasons.HOLD_NOT_PAYABLE);
    }

    @Test
    void aDeclinedPaymentIsRejectedAndTheHoldCanBePaidAgain() {
        Result held = pipeline.awaitResult(pipeline.hold("ev", "b2", List.of("s3")));

        Result declined = pipeline.awaitResult(
                pipeline.checkout("ev", held.holdId(), "b2", PayrailSettings.TOKEN_DECLINE).correlationId());
        assertThat(declined.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(declined.reason()).isEqualTo(Reasons.PAYMENT_DECLINED);

        Result paid = pipeline.awaitResult(
                pipeline.checkout("ev", held.holdId(), "b2", PayrailSettings.TOKEN_OK).correlationId());
        assertThat(paid.status()).isEqualTo(ResultStatus.CONFIRMED);
    }

    @Test
    void aRedeliveredCheckoutGetsNoSecondResultAndNoSecondCharge() throws Exception {
        Result held = pipeline.awaitResult(pipeline.hold("ev", "b3", List.of("s4")));
        CheckoutRequested checkout = pipeline.checkout("ev", held.holdId(), "b3", PayrailSettings.TOKEN_OK);
        pipeline.resend(checkout);
        pipeline.awaitResult(checkout.correlationId());
        pipeline.resend(checkout);

        // A later request on the same partition has its result only after the redeliveries were processed.
        Result marker = pipeline.awaitResult(pipeline.hold("ev", "b3", List.of("s5")));
        assertThat(marker.status()).isEqualTo(ResultStatus.HELD);
        assertThat(pipeline.results.get(checkout.correlationId())).hasSize(1);
        assertThat(gateway.ledger().calls(pipeline.paymentKey(checkout.correlationId()))).isEqualTo(1);
        assertThat(gateway.ledger().charges(pipeline.paymentKey(checkout.correlationId()))).isEqualTo(1);
    }

    @Test
    void anotherBuyersHoldReadsAsNotFound() {
        Result held = pipeline.awaitResult(pipeline.hold("ev", "b4", List.of("s6")));
        Result stolen = pipeline.awaitResult(pipeline.checkout("ev", held.holdId(), "thief", "tok_ok").correlationId());
        assertThat(stolen.reason()).isEqualTo(Reasons.HOLD_NOT_FOUND);
        assertThat(stolen.seats()).isEmpty();
    }
}
