package io.stagedoor.workers.checkout;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PaymentsInFlightTest {

    private static final Duration RETENTION = Duration.ofSeconds(60);

    private final AtomicLong now = new AtomicLong();
    private final PaymentsInFlight inFlight = new PaymentsInFlight(RETENTION, now::get);
    private final AtomicInteger started = new AtomicInteger();

    private Supplier<CompletableFuture<AcknowledgeType>> work(CompletableFuture<AcknowledgeType> result) {
        return () -> {
            started.incrementAndGet();
            return result;
        };
    }

    @Test
    void aSecondDeliveryWhileThePaymentRunsJoinsItAndStartsNothing() {
        CompletableFuture<AcknowledgeType> payment = new CompletableFuture<>();
        PaymentsInFlight.Work first = inFlight.claim("charge k", work(payment));
        PaymentsInFlight.Work second = inFlight.claim("charge k", work(new CompletableFuture<>()));

        assertThat(first.joined()).isFalse();
        assertThat(second.joined()).isTrue();
        assertThat(started).hasValue(1);
        payment.complete(AcknowledgeType.ACCEPT);
        assertThat(second.result()).isCompletedWithValue(AcknowledgeType.ACCEPT);
    }

    @Test
    void aDeliveryOfAPaymentSettledWithinTheRetentionIsAcceptedWithoutStartingIt() {
        inFlight.claim("charge k", work(CompletableFuture.completedFuture(AcknowledgeType.ACCEPT)));
        now.addAndGet(RETENTION.toNanos() - 1);

        PaymentsInFlight.Work again = inFlight.claim("charge k", work(new CompletableFuture<>()));

        assertThat(again.joined()).isTrue();
        assertThat(again.result()).isCompletedWithValue(AcknowledgeType.ACCEPT);
        assertThat(started).hasValue(1);
    }

    @Test
    void aSettledPaymentIsForgottenAfterTheRetention() {
        inFlight.claim("charge k", work(CompletableFuture.completedFuture(AcknowledgeType.ACCEPT)));
        now.addAndGet(RETENTION.toNanos());

        assertThat(inFlight.size()).isZero();
        assertThat(inFlight.claim("charge k", work(new CompletableFuture<>())).joined()).isFalse();
        assertThat(started).hasValue(2);
    }

    @Test
    void aReleasedPaymentIsForgottenAtOnceSoItsNextDeliveryTriesAgain() {
        inFlight.claim("charge k", work(CompletableFuture.completedFuture(AcknowledgeType.RELEASE)));

        assertThat(inFlight.claim("charge k", work(new CompletableFuture<>())).joined()).isFalse();
        assertThat(started).hasValue(2);
    }

    @Test
    void workThatFailsOrCannotStartReadsRelease() {
        PaymentsInFlight.Work failed = inFlight.claim("charge a",
                work(CompletableFuture.failedFuture(new IllegalStateException("broker away"))));
        PaymentsInFlight.Work refused = inFlight.claim("charge b", () -> {
            throw new IllegalStateException("gateway refused at once");
        });

        assertThat(failed.result()).isCompletedWithValue(AcknowledgeType.RELEASE);
        assertThat(refused.result()).isCompletedWithValue(AcknowledgeType.RELEASE);
        assertThat(inFlight.size()).isZero();
    }

    @Test
    void aVoidAndAChargeUnderTheSameGatewayKeyAreDifferentWork() {
        inFlight.claim("charge k", work(new CompletableFuture<>()));

        assertThat(inFlight.claim("void k", work(new CompletableFuture<>())).joined()).isFalse();
        assertThat(started).hasValue(2);
    }
}
