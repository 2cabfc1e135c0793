package io.stagedoor.ingress.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.events.SeatMap;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The bound's look: permits out plus checkouts passing from the front; no buyer fills it alone. */
class FullBoundTest {

    private static final int LIMIT = 3;

    private final CheckoutPermits permits = new CheckoutPermits(new ConcurrencyBound("checkouts", LIMIT),
            Duration.ofSeconds(30));
    private final SeatMap seatMap = new SeatMap();
    private final FullBound look = new FullBound(permits, seatMap, new IngressMetrics(new SimpleMeterRegistry()));

    FullBoundTest() {
        for (String hold : List.of("h-a", "h-b", "h-c")) {
            SeatChange held = new SeatChange("e", List.of("s-" + hold), SeatStatus.HELD, hold, null, Instant.now(),
                    List.of());
            seatMap.apply(new ConsumerRecord<>("seat-changes", 0, 0, "e", Json.write(held)));
        }
    }

    // One client trying to fill it: a buyer's flood of checkouts on their way counts two at most.
    @Test
    void oneBuyersCheckoutsOnTheirWayNeverFillTheBoundAlone() {
        for (int i = 0; i < 50; i++) {
            assertThat(look.look("h-a", "BUYER:flooder").shed()).isNull();
        }

        assertThat(look.full()).isFalse();
        assertThat(look.shed("h-c")).isEmpty();
    }

    @Test
    void checkoutsOnTheirWayFillTheBoundUntilTheyReachTheRing() {
        FullBound.Look first = look.look("h-a", "BUYER:a");
        assertThat(look.look("h-b", "BUYER:b").shed()).isNull();
        Permit taken = permits.tryAcquire().orElseThrow();

        assertThat(look.full()).isTrue();
        FullBound.Look third = look.look("h-c", "BUYER:c");
        assertThat(third.shed().problem().status()).isEqualTo(503);
        assertThat(third.shed().problem().retryAfter()).isEqualTo(CheckoutBoundRing.RETRY_AFTER_SECONDS);

        first.passed().run();
        first.passed().run(); // once only
        assertThat(look.full()).isFalse();
        assertThat(look.look("h-c", "BUYER:c").shed()).isNull();
        taken.release();
    }

    // A checkout of a hold this instance does not know as live (a replay of a sold one) always goes on.
    @Test
    void aCheckoutOfAHoldNotLiveHereGoesOnEvenWhenFull() {
        for (int i = 0; i < LIMIT; i++) {
            permits.tryAcquire().orElseThrow();
        }

        assertThat(look.shed("h-a")).isPresent();
        assertThat(look.shed("h-sold-long-ago")).isEmpty();
    }
}
