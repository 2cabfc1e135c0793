package io.stagedoor.admission.parking;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InProcessAddressCrowdsTest extends AddressCrowdsContract {

    @Override
    CrowdCounts counts() {
        return new InProcessCrowdCounts(10_000, 1_000, () -> now[0]);
    }

    /** A flood of networks cannot grow the map past its bound, and a flood of accounts cannot grow one crowd. */
    @Test
    void theMapAndEachCrowdStayWithinTheirBounds() throws Exception {
        InProcessCrowdCounts counts = new InProcessCrowdCounts(3, 5, () -> now[0]);
        for (int i = 0; i < 3; i++) {
            counts.add("net-" + i, "a", Duration.ofMinutes(1)).toCompletableFuture().get(1, TimeUnit.SECONDS);
        }
        assertThat(counts.add("net-3", "a", Duration.ofMinutes(1)).toCompletableFuture().get(1, TimeUnit.SECONDS))
                .isZero();
        for (int i = 0; i < 50; i++) {
            counts.add("net-0", "m-" + i, Duration.ofMinutes(1));
        }
        assertThat(counts.add("net-0", "m-x", Duration.ofMinutes(1)).toCompletableFuture().get(1, TimeUnit.SECONDS))
                .isEqualTo(5);
        now[0] += Duration.ofMinutes(1).toMillis();
        assertThat(counts.add("net-3", "a", Duration.ofMinutes(1)).toCompletableFuture().get(1, TimeUnit.SECONDS))
                .isEqualTo(1);
    }
}
