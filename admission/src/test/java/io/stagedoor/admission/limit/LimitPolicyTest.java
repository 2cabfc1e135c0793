package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LimitPolicyTest {

    @Test
    void defaultsAreThoseOfTheArchitecture() {
        Limits limits = Limits.defaults();
        assertThat(limits.policy("buyer-seats")).isEqualTo(
                new LimitPolicy("buyer-seats", 10, 1, Duration.ofSeconds(6), WhenUnavailable.FAIL_OPEN, false));
        assertThat(limits.policy("organizer-holds").timeToFill()).isEqualTo(Duration.ofSeconds(1));
        assertThat(limits.policy("scanner-key").capacity()).isEqualTo(50);
        assertThat(limits.policy("login-address").whenRedisDown()).isEqualTo(WhenUnavailable.LOCAL_BUCKET);
        assertThat(limits.policy("login-account").timeToFill()).isEqualTo(Duration.ofHours(1));
        assertThat(limits.all()).noneMatch(limit -> limit.policy().shadow());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void refusesACapacityBelowOne(long capacity) {
        assertThatThrownBy(() -> LimitPolicy.of("x", capacity, 1, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN))
                .hasMessage(AdmissionMessages.notPositive("capacity", capacity));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Buyer", "buyer holds", "-x", ""})
    void refusesNamesThatAreNotKeyAndTagSafe(String name) {
        assertThatThrownBy(() -> LimitPolicy.of(name, 1, 1, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN))
                .hasMessage(AdmissionMessages.badLimitName(name));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1_500_000})
    void refusesPeriodsThatAreNotWholePositiveMilliseconds(long nanos) {
        Duration period = Duration.ofNanos(nanos);
        assertThatThrownBy(() -> LimitPolicy.of("x", 1, 1, period, WhenUnavailable.FAIL_OPEN))
                .hasMessage(AdmissionMessages.periodNotWholeMillis(period));
    }

    @Test
    void refusesABucketBeyondTheExactIntegerRange() {
        assertThatThrownBy(() -> LimitPolicy.of("x", 1L << 40, 1, Duration.ofDays(1), WhenUnavailable.FAIL_OPEN))
                .hasMessage(AdmissionMessages.bucketTooLarge("x", 1L << 40, Duration.ofDays(1).toMillis()));
    }

    @Test
    void refusesTwoLimitsWithOneName() {
        Limits d = Limits.defaults();
        assertThatThrownBy(() -> new Limits(List.of(d.limit("buyer-seats"), d.limit("buyer-checkouts"),
                d.limit("buyer-seats")))).hasMessage(AdmissionMessages.duplicateLimitName("buyer-seats"));
    }

    @Test
    void withReplacesTheLimitOfTheSameNameAndRefusesAnUnknownOne() {
        LimitPolicy faster = LimitPolicy.of("buyer-checkouts", 5, 1, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN);

        Limits changed = Limits.defaults().with(faster);

        assertThat(changed.policy("buyer-checkouts")).isEqualTo(faster);
        assertThat(changed.policy("buyer-seats")).isEqualTo(Limits.defaults().policy("buyer-seats"));
        assertThatThrownBy(() -> Limits.defaults().with(LimitPolicy.of("nobody", 1, 1, Duration.ofSeconds(1),
                WhenUnavailable.FAIL_OPEN)))
                .hasMessage(AdmissionMessages.unknownLimit("nobody"));
    }

    @Test
    void aCheckNeedsASubjectAndAPositiveCost() {
        LimitPolicy buyer = Limits.defaults().policy("buyer-seats");
        assertThatThrownBy(() -> new LimitCheck(buyer, " ", 1))
                .hasMessage(AdmissionMessages.blankName("limit subject"));
        assertThatThrownBy(() -> new LimitCheck(buyer, "b1", 0)).hasMessage(AdmissionMessages.notPositive("cost", 0));
    }
}
