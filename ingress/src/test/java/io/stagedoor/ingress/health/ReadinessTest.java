package io.stagedoor.ingress.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.ingress.metrics.SchedulingLag;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ReadinessTest {

    @Test
    void anInstanceIsNotReadyWhileFollowingATopicFailsAndReadyAgainOnceItFollows() {
        AtomicBoolean failing = new AtomicBoolean();
        try (SchedulingLag lag = new SchedulingLag()) {
            Readiness readiness = new Readiness(lag, Duration.ofHours(1), new ConcurrencyBound("door", 10), failing::get);
            assertThat(readiness.getAsBoolean()).isTrue();
            failing.set(true);
            assertThat(readiness.getAsBoolean()).isFalse();
            failing.set(false);
            assertThat(readiness.getAsBoolean()).isTrue();
        }
    }
}
