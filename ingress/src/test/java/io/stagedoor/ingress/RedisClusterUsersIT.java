package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.scans.ScannedTickets;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.ids.CorrelationIds;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ingress's own Redis users on a real three-primary Redis Cluster, through the shared access: two instances
 * (two stores, each with an empty memory) agree only if Redis answered them, whichever node holds the key.
 */
class RedisClusterUsersIT {

    private static final byte[] SECRET = "cluster-users-test-secret-of-32-bytes".getBytes(StandardCharsets.UTF_8);
    private static RedisAccess access;

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
    void aKeyReusedWithOtherContentOnAnotherInstanceIsRefusedThroughTheCluster() {
        CorrelationIds ids = new CorrelationIds(SECRET, Clock.systemUTC());
        try (IdempotentRequests one = IdempotentRequests.open(ids, access);
             IdempotentRequests two = IdempotentRequests.open(ids, access)) {
            for (int i = 0; i < 6; i++) {
                String buyer = TestNames.unique("buyer");
                var hold = new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-1"));
                one.correlationId(buyer, "k-1", hold);
                // Only Redis can tell the second instance, whose memory is empty, what the first one saw.
                assertThatThrownBy(() -> two.correlationId(buyer, "k-1",
                        new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-2"))))
                        .isInstanceOf(ProblemException.class);
            }
        }
    }

    @Test
    void aCheckoutKeyNamesOnePurchaseOnEveryInstanceThroughTheCluster() {
        CorrelationIds ids = new CorrelationIds(SECRET, Clock.systemUTC());
        try (IdempotentRequests one = IdempotentRequests.open(ids, access);
             IdempotentRequests two = IdempotentRequests.open(ids, access)) {
            for (int i = 0; i < 6; i++) {
                String buyer = TestNames.unique("buyer");
                var paid = new IdempotentRequests.CheckoutContent("checkouts", "hold-1", "tok_ok");
                String id = one.correlationId(buyer, "k-pay", paid);
                // The retry on another instance is the same purchase, with the same id (and its first acceptance).
                assertThat(two.correlationId(buyer, "k-pay", paid)).isEqualTo(id);
                // The key on another hold is refused there too: a checkout's key never falls back to memory.
                assertThatThrownBy(() -> two.correlationId(buyer, "k-pay",
                        new IdempotentRequests.CheckoutContent("checkouts", "hold-2", "tok_ok")))
                        .isInstanceOf(ProblemException.class)
                        .satisfies(e -> assertThat(((ProblemException) e).problem().status()).isEqualTo(422));
            }
        }
    }

    @Test
    void aTicketScannedAtOneInstanceIsAlreadyScannedAtAnotherThroughTheCluster() {
        try (ScannedTickets one = ScannedTickets.open(access); ScannedTickets two = ScannedTickets.open(access)) {
            for (int i = 0; i < 6; i++) {
                String ticket = TestNames.unique("ticket");
                assertThat(one.firstScan(ticket)).isTrue();
                assertThat(two.firstScan(ticket)).isFalse();
            }
        }
    }
}
