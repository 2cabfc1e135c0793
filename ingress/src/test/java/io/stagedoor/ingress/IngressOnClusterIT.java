package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.testsupport.RedisClusterServers;
import org.junit.jupiter.api.Test;

/**
 * A whole ingress started with {@code --redis-cluster} nodes instead of a Redis URI: its buyer limit is enforced
 * by the cluster (a fallback would fail open and let the eleventh hold through).
 */
class IngressOnClusterIT {

    @Test
    void theEleventhHoldOfABuyerInABurstIsRefusedByTheCluster() throws Exception {
        try (IngressFixture fixture = IngressFixture.start(settings -> settings.redisUri(null)
                .redisCluster(RedisClusterServers.shared().nodes()))) {
            String buyer = io.stagedoor.testsupport.TestNames.unique("buyer");
            for (int i = 1; i <= 10; i++) {
                assertThat(fixture.postHold(buyer, "{\"seats\":[\"S-" + i + "\"]}").statusCode()).as("hold %d", i)
                        .isEqualTo(202);
            }
            assertThat(fixture.postHold(buyer, "{\"seats\":[\"S-11\"]}").statusCode()).isEqualTo(429);
            // In-process buckets would refuse the eleventh too: the decisions must say Redis took them.
            double fromRedis = fixture.ingress.registry().find(AdmissionMeter.DECISIONS.meterName())
                    .tag(AdmissionMeter.TAG_LIMIT, "buyer-seats")
                    .tag(AdmissionMeter.TAG_SOURCE, DecisionSource.REDIS.tag()).counters().stream()
                    .mapToDouble(Counter::count).sum();
            assertThat(fromRedis).isEqualTo(11);
        }
    }
}
