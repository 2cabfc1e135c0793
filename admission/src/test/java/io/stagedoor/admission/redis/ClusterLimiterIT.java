package io.stagedoor.admission.redis;

import io.lettuce.core.cluster.SlotHash;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.bucket.BucketKeys;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limiter on a real three-primary Redis Cluster through the shared access: a buyer's and an organizer's bucket
 * live in different slots (on different nodes), and a hold that passes both is still all or nothing.
 */
class ClusterLimiterIT {

    private static final long NOW = 1_900_000_000_000L;
    private static RedisAccess access;
    private final LimitPolicy buyer = Limits.defaults().policy("buyer-seats");
    private final LimitPolicy organizer = Limits.defaults().policy("organizer-holds");
    private final String namespace = TestNames.unique("cluster-limiter");

    @BeforeAll
    static void connect() {
        access = RedisAccess.open(RedisEndpoint.cluster(RedisClusterServers.shared().nodes()),
                OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));
    }

    @AfterAll
    static void disconnect() {
        access.close();
    }

    @Test
    void aHoldTheBuyerRefusesTakesNothingFromTheOrganizerInAnotherSlot() {
        try (Limiter limiter = Limiter.builder().clock(() -> NOW).keyNamespace(namespace).redis(access)) {
            String[] ids = subjectsOnDifferentNodes();
            for (int i = 0; i < 10; i++) {
                assertThat(decide(limiter, LimitCheck.of(buyer, ids[0]))).matches(Decision::admitted)
                        .extracting(Decision::source).isEqualTo(DecisionSource.REDIS);
            }
            Decision refused = decide(limiter, LimitCheck.of(organizer, ids[1]), LimitCheck.of(buyer, ids[0]));
            assertThat(refused.admitted()).isFalse();
            assertThat(refused.refusedBy()).isEqualTo(buyer);
            assertThat(refused.source()).isEqualTo(DecisionSource.REDIS);
            Decision organizerAlone = decide(limiter, LimitCheck.of(organizer, ids[1]));
            assertThat(organizerAlone.source()).isEqualTo(DecisionSource.REDIS);
            assertThat(organizerAlone.remaining()).isEqualTo(199);
        }
    }

    @Test
    void aHoldTheOrganizerRefusesTakesNothingFromTheBuyerInAnotherSlot() {
        try (Limiter limiter = Limiter.builder().clock(() -> NOW).keyNamespace(namespace).redis(access)) {
            String[] ids = subjectsOnDifferentNodes();
            for (int i = 0; i < 200; i++) {
                assertThat(decide(limiter, LimitCheck.of(organizer, ids[1]))).matches(Decision::admitted)
                        .extracting(Decision::source).isEqualTo(DecisionSource.REDIS);
            }
            Decision refused = decide(limiter, LimitCheck.of(buyer, ids[0]), LimitCheck.of(organizer, ids[1]));
            assertThat(refused.admitted()).isFalse();
            assertThat(refused.refusedBy()).isEqualTo(organizer);
            assertThat(refused.source()).isEqualTo(DecisionSource.REDIS);
            Decision buyerAlone = decide(limiter, LimitCheck.of(buyer, ids[0]));
            assertThat(buyerAlone.source()).isEqualTo(DecisionSource.REDIS);
            assertThat(buyerAlone.remaining()).isEqualTo(9);
        }
    }

    @Test
    void aHoldBothAdmitTakesFromBoth() {
        try (Limiter limiter = Limiter.builder().clock(() -> NOW).keyNamespace(namespace).redis(access)) {
            String[] ids = subjectsOnDifferentNodes();
            Decision both = decide(limiter, LimitCheck.of(buyer, ids[0]), LimitCheck.of(organizer, ids[1]));
            assertThat(both.admitted()).isTrue();
            assertThat(both.source()).isEqualTo(DecisionSource.REDIS);
            assertThat(decide(limiter, LimitCheck.of(buyer, ids[0])).remaining()).isEqualTo(8);
            assertThat(decide(limiter, LimitCheck.of(organizer, ids[1])).remaining()).isEqualTo(198);
        }
    }

    /** A buyer id and an organizer id whose buckets hash to slots served by different primaries (thirds apart). */
    private String[] subjectsOnDifferentNodes() {
        for (int attempt = 0; ; attempt++) {
            String buyerId = TestNames.unique("buyer");
            String organizerId = TestNames.unique("organizer");
            int buyerSlot = SlotHash.getSlot(BucketKeys.of(namespace, buyer.name(), buyerId));
            int organizerSlot = SlotHash.getSlot(BucketKeys.of(namespace, organizer.name(), organizerId));
            if (buyerSlot * 3 / SlotHash.SLOT_COUNT != organizerSlot * 3 / SlotHash.SLOT_COUNT) {
                return new String[] {buyerId, organizerId};
            }
        }
    }

    private static Decision decide(Limiter limiter, LimitCheck... checks) {
        return limiter.decide(List.of(checks)).toCompletableFuture().join();
    }
}
