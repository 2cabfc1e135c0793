package io.stagedoor.admission.limiter;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The limiter's decisions over the in-process store, on a fake clock. */
class LimiterTest {

    private final AtomicLong clock = new AtomicLong(1_900_000_000_000L);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AdmissionMetrics metrics = new AdmissionMetrics(registry);
    private final Limiter limiter = Limiter.builder().clock(clock::get).meterRegistry(registry).inProcess();
    private final LimitPolicy buyer = Limits.defaults().policy("buyer-seats");
    private final LimitPolicy organizer = Limits.defaults().policy("organizer-holds");

    @AfterEach
    void close() {
        limiter.close();
    }

    private Decision decide(LimitCheck... checks) {
        return limiter.decide(List.of(checks)).toCompletableFuture().join();
    }

    @Test
    void theEleventhHoldIsRefusedWithATrueRetryAfter() {
        for (int i = 0; i < 10; i++) {
            assertThat(decide(LimitCheck.of(buyer, "b1")).admitted()).isTrue();
        }
        Decision eleventh = decide(LimitCheck.of(buyer, "b1"));
        assertThat(eleventh.admitted()).isFalse();
        assertThat(eleventh.refusedBy()).isEqualTo(buyer);
        assertThat(eleventh.retryAfterSeconds()).isEqualTo(6);
        clock.addAndGet(6_000);
        assertThat(decide(LimitCheck.of(buyer, "b1")).admitted()).isTrue();
        assertThat(decide(LimitCheck.of(buyer, "b1")).admitted()).isFalse();
    }

    // A refusal for few seats is remembered; a later request for more seats must hear the wait for all of them,
    // not the wait the remembered refusal was told.
    @Test
    void aLargerHoldAnsweredFromTheRefusalCacheIsToldTheWaitForAllItsSeats() {
        assertThat(decide(new LimitCheck(buyer, "b-seats", 8)).admitted()).isTrue();
        Decision four = decide(new LimitCheck(buyer, "b-seats", 4));
        assertThat(four.source()).isEqualTo(DecisionSource.IN_PROCESS);
        assertThat(four.retryAfterSeconds()).isEqualTo(12);

        Decision eight = decide(new LimitCheck(buyer, "b-seats", 8));

        assertThat(eight.source()).isEqualTo(DecisionSource.REFUSAL_CACHE);
        assertThat(eight.retryAfterSeconds()).isEqualTo(36);
        clock.addAndGet(36_000);
        assertThat(decide(new LimitCheck(buyer, "b-seats", 8)).admitted()).isTrue();
    }

    @Test
    void everyDecisionCarriesTheClockItWasDecidedAt() {
        long decidedAt = clock.get();
        for (int i = 0; i < 11; i++) {
            assertThat(decide(LimitCheck.of(buyer, "stamped")).decidedAtMillis()).isEqualTo(decidedAt);
        }
        clock.addAndGet(1);
        Decision cached = decide(LimitCheck.of(buyer, "stamped"));
        assertThat(cached.source()).isEqualTo(DecisionSource.REFUSAL_CACHE);
        assertThat(cached.decidedAtMillis()).isEqualTo(decidedAt + 1);
    }

    @Test
    void anAdmissionReportsTheTightestLimit() {
        Decision decision = decide(LimitCheck.of(buyer, "b2"), LimitCheck.of(organizer, "o2"));
        assertThat(decision).isEqualTo(Decision.admitted(buyer, 9, DecisionSource.IN_PROCESS));
        assertThat(decision.refusedBy()).isNull();
        assertThat(decision.retryAfterSeconds()).isZero();
    }

    @Test
    void aRefusingOrganizerLimitChargesTheBuyerNothing() {
        for (int i = 0; i < 200; i++) {
            decide(LimitCheck.of(organizer, "o3"));
        }
        Decision refused = decide(LimitCheck.of(buyer, "b3"), LimitCheck.of(organizer, "o3"));
        assertThat(refused.refusedBy()).isEqualTo(organizer);
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(decide(LimitCheck.of(buyer, "b3")).remaining()).isEqualTo(9);
        assertThat(metrics.count(AdmissionMeter.DECISIONS, "limit", "buyer-seats", "outcome", "not_charged"))
                .isEqualTo(1);
    }

    @Test
    void aCostAboveCapacityIsImpossibleNotRefused() {
        Decision decision = decide(new LimitCheck(buyer, "b4", 11));
        assertThat(decision.impossible()).isTrue();
        assertThat(decision.admitted()).isFalse();
        assertThat(decision.retryAfterSeconds()).isZero();
        assertThat(decision.source()).isEqualTo(DecisionSource.BAD_INPUT);
        assertThat(decide(LimitCheck.of(buyer, "b4")).remaining()).isEqualTo(9);
    }

    @Test
    void aShadowLimitNeverRefusesButCountsWouldBeRefusals() {
        LimitPolicy strict = LimitPolicy.of("strict-holds", 1, 1, Duration.ofMinutes(1), WhenUnavailable.FAIL_OPEN)
                .asShadow();
        for (int i = 0; i < 5; i++) {
            Decision decision = decide(LimitCheck.of(buyer, "b5"), LimitCheck.of(strict, "b5"));
            assertThat(decision.admitted()).isTrue();
            assertThat(decision.tightest()).isEqualTo(buyer);
        }
        assertThat(decide(LimitCheck.of(strict, "b5")).source()).isEqualTo(DecisionSource.SHADOW);
        assertThat(metrics.count(AdmissionMeter.DECISIONS, "limit", "strict-holds", "outcome", "would_refuse"))
                .isEqualTo(5);
        assertThat(metrics.count(AdmissionMeter.DECISIONS, "limit", "buyer-seats", "outcome", "admitted"))
                .isEqualTo(5);
    }

    @Test
    void refusalsAreCountedByLimitOutcomeAndSource() {
        for (int i = 0; i < 11; i++) {
            decide(LimitCheck.of(buyer, "b6"));
        }
        assertThat(metrics.count(AdmissionMeter.DECISIONS, "limit", "buyer-seats", "outcome", "refused",
                "source", "in_process")).isEqualTo(1);
        decide(LimitCheck.of(buyer, "b6"));
        assertThat(metrics.count(AdmissionMeter.REFUSAL_CACHE_HITS, "limit", "buyer-seats")).isEqualTo(1);
    }

    @Test
    void aCallerBugIsAnExceptionNotADecision() {
        assertThatThrownBy(() -> limiter.decide(List.of()))
                .hasMessage(AdmissionMessages.noChecks());
        assertThatThrownBy(() -> decide(LimitCheck.of(buyer, "b7"), LimitCheck.of(buyer, "b7")))
                .hasMessage(AdmissionMessages.duplicateCheck("buyer-seats", "b7"));
    }
}
