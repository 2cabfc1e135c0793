package io.stagedoor.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private final RetryPolicy policy = RetryPolicy.defaults();

    @Test
    void backoffDoublesFromTheInitialStepUpToTheCap() {
        assertThat(policy.backoff(1, 0.999_999)).isBetween(Duration.ofMillis(99), Duration.ofMillis(100));
        assertThat(policy.backoff(2, 0.999_999)).isBetween(Duration.ofMillis(199), Duration.ofMillis(200));
        assertThat(policy.backoff(7, 0.999_999)).isBetween(Duration.ofMillis(4999), Duration.ofSeconds(5));
        assertThat(policy.backoff(1_000, 0.999_999)).isBetween(Duration.ofMillis(4999), Duration.ofSeconds(5));
    }

    @Test
    void jitterSpreadsEachStepOverItsUpperHalf() {
        assertThat(policy.backoff(3, 0.0)).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.backoff(3, 0.5)).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void refusesAPolicyThatCouldNeverSendARequest() {
        assertThatThrownBy(() -> policy.withMaxAttempts(0))
                .hasMessage(ClientMessages.notPositive("maxAttempts", 0));
        assertThatThrownBy(() -> policy.withMaxElapsed(Duration.ZERO))
                .hasMessage(ClientMessages.notPositive("maxElapsed", Duration.ZERO));
    }

    @Test
    void noRetriesIsOneAttempt() {
        assertThat(RetryPolicy.noRetries().maxAttempts()).isEqualTo(1);
    }
}
