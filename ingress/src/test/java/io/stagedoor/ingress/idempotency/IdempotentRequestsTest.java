package io.stagedoor.ingress.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.topics.ids.CorrelationIds;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class IdempotentRequestsTest {

    private static final byte[] SECRET = "idempotency-test-secret-of-32-bytes!".getBytes(StandardCharsets.UTF_8);

    // A key may hold any visible ASCII, braces and colons too; a principal chosen to end where another's key
    // begins must not reach that principal's fingerprint.
    @Test
    void aPrincipalEndingInAnotherPrincipalsKeyNeverSharesItsSlot() {
        assertThat(IdempotentRequests.slot("a", "b}:c")).isNotEqualTo(IdempotentRequests.slot("a}:b", "c"));
    }

    @Test
    void aKeyChosenToCollideWithAnotherBuyersKeyIsNotRefusedAsReused() {
        try (IdempotentRequests requests = IdempotentRequests.open(new CorrelationIds(SECRET, Clock.systemUTC()), null)) {
            String first = requests.correlationId("a", "b}:c", new IdempotentRequests.HoldContent("holds", "e", java.util.List.of("S-1")));

            String second = requests.correlationId("a}:b", "c", new IdempotentRequests.HoldContent("holds", "e", java.util.List.of("S-2")));

            assertThat(second).isNotEqualTo(first);
        }
    }

    // Where no fingerprint refuses the reuse (Redis down, another instance), a checkout sent with a hold's key must
    // not be answered with the hold's id, whose result would pass for the checkout's.
    @Test
    void aHoldsKeySentAgainOnACheckoutIsAnotherKey() {
        try (IdempotentRequests requests = IdempotentRequests.open(new CorrelationIds(SECRET, Clock.systemUTC()), null)) {
            String hold = requests.correlationId("b", "k-1", new IdempotentRequests.HoldContent("holds", "e", java.util.List.of("S-1")));

            String checkout = requests.correlationId("b", "k-1", new IdempotentRequests.CheckoutContent("checkout", "h", "tok"));

            assertThat(checkout).isNotEqualTo(hold);
            assertThat(requests.knownId("b", "k-1", new IdempotentRequests.CheckoutContent("checkout", "h", "tok")))
                    .contains(checkout);
        }
    }

    // Decision 0028: a new id names the lane this instance gives; a key keeps the lane of its first acceptance, so
    // its retry derives the same id whatever lane the instance would give now, and the instance is told to expect it.
    @Test
    void aNewIdNamesTheInstancesLaneAndAKeyKeepsItsFirstLane() {
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<String> expected = new java.util.ArrayList<>();
        try (IdempotentRequests requests = IdempotentRequests.open(new CorrelationIds(SECRET, Clock.systemUTC()), null,
                Clock.systemUTC(), () -> next.getAndIncrement() % 3, expected::add)) {
            IdempotentRequests.HoldContent content = new IdempotentRequests.HoldContent("holds", "e", java.util.List.of("S-1"));
            String fresh = requests.correlationId("b", null, content);
            String first = requests.correlationId("b", "k-7", content);
            String retry = requests.correlationId("b", "k-7", content);

            assertThat(CorrelationIds.lane(fresh)).isEqualTo(0);
            assertThat(CorrelationIds.lane(first)).isEqualTo(1);
            assertThat(retry).isEqualTo(first);
            assertThat(expected).containsExactly(first, retry);
        }
    }

    @Test
    void oneBuyersKeysShareOneClusterSlot() {
        String one = IdempotentRequests.slot("buyer-1", "order-1");
        String two = IdempotentRequests.slot("buyer-1", "order-2");
        assertThat(hashTag(one)).isEqualTo(hashTag(two)).doesNotContain("}", ":");
    }

    // The id of a key ages from the key's first acceptance, so a retry long after is told it is past the window at
    // once, on any instance; before, such an id had no time and was never older than the window.
    @Test
    void aKeysIdCarriesTheTimeTheKeyWasFirstAcceptedAndARetryLaterGetsTheSameId() {
        FakeClock clock = new FakeClock(Instant.parse("2026-12-01T19:00:00Z"));
        CorrelationIds ids = new CorrelationIds(SECRET, clock);
        try (IdempotentRequests requests = IdempotentRequests.open(ids, null, clock)) {
            var checkout = new IdempotentRequests.CheckoutContent("checkout", "hold-1", "tok_ok");
            String first = requests.correlationId("b", "k-1", checkout);

            clock.advance(Duration.ofHours(3));
            String retry = requests.correlationId("b", "k-1", checkout);

            assertThat(retry).isEqualTo(first);
            assertThat(ids.issuedAt(first, "b")).contains(Instant.parse("2026-12-01T19:00:00Z"));
            assertThat(CorrelationIds.keyPart(first))
                    .isEqualTo(CorrelationIds.keyPart(ids.issueIdempotent("b", "checkout:k-1", clock.instant())));
        }
    }

    @Test
    void aKeyNotSeenIsUnknownAndAKeySeenWithAnotherBodyIsRefusedBeforeAnythingIsRemembered() {
        try (IdempotentRequests requests = IdempotentRequests.open(new CorrelationIds(SECRET, Clock.systemUTC()), null)) {
            var paid = new IdempotentRequests.CheckoutContent("checkout", "hold-1", "tok_ok");
            assertThat(requests.knownId("b", "k-2", paid)).isEmpty();
            requests.correlationId("b", "k-2", paid);

            var other = new IdempotentRequests.CheckoutContent("checkout", "hold-2", "tok_ok");
            assertThatThrownBy(() -> requests.knownId("b", "k-2", other)).isInstanceOf(ProblemException.class)
                    .satisfies(e -> assertThat(((ProblemException) e).problem().status()).isEqualTo(422));
        }
    }

    private static String hashTag(String key) {
        return key.substring(key.indexOf("{idem:") + 6, key.indexOf('}'));
    }
}
