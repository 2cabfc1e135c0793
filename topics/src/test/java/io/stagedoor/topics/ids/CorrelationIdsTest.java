package io.stagedoor.topics.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CorrelationIdsTest {

    private static final byte[] SECRET = "a-development-secret-of-32-bytes!".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-11-30T19:00:00Z");
    private final CorrelationIds ids = new CorrelationIds(SECRET, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void anIdTellsItsOwnerWhenItWasIssued() {
        String id = ids.issue("buyer-8812");
        assertThat(ids.issuedAt(id, "buyer-8812")).contains(NOW);
    }

    @Test
    void anIdIsNotAnotherPrincipals() {
        String id = ids.issue("buyer-8812");
        assertThat(ids.issuedAt(id, "buyer-9000")).isEmpty();
    }

    @Test
    void aTamperedIdIsUnknown() {
        String id = ids.issue("buyer-8812");
        char flipped = id.charAt(30) == 'A' ? 'B' : 'A';
        String tampered = id.substring(0, 30) + flipped + id.substring(31);
        assertThat(ids.issuedAt(tampered, "buyer-8812")).isEmpty();
        assertThat(ids.issuedAt("not-an-id", "buyer-8812")).isEmpty();
        assertThat(ids.issuedAt(null, "buyer-8812")).isEmpty();
    }

    @Test
    void anotherSecretCannotVouchForAnId() {
        byte[] other = "another-secret-that-is-32-bytes!!".getBytes(StandardCharsets.UTF_8);
        String id = new CorrelationIds(other, Clock.systemUTC()).issue("buyer-8812");
        assertThat(ids.issuedAt(id, "buyer-8812")).isEmpty();
    }

    @Test
    void idsAreUnique() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(ids.issue("buyer-8812"))).isTrue();
        }
    }

    @Test
    void theSameIdempotencyKeyGivesTheSameIdForTheSamePrincipalOnly() {
        String first = ids.issueIdempotent("buyer-8812", "key-1");
        CorrelationIds elsewhere = new CorrelationIds(SECRET, Clock.fixed(NOW.plusSeconds(3600), ZoneOffset.UTC));
        assertThat(elsewhere.issueIdempotent("buyer-8812", "key-1")).isEqualTo(first);
        assertThat(ids.issueIdempotent("buyer-9000", "key-1")).isNotEqualTo(first);
        assertThat(ids.issueIdempotent("buyer-8812", "key-2")).isNotEqualTo(first);
        assertThat(ids.issuedAt(first, "buyer-8812")).contains(CorrelationIds.UNKNOWN_TIME);
        assertThat(ids.issuedAt(first, "buyer-9000")).isEmpty();
    }

    @Test
    void anIdNamesItsLaneToAnyoneAndItsOwnerStillReadsItsTime() {
        String id = ids.issue("buyer-8812", 7);
        assertThat(id).hasSize(56);
        assertThat(CorrelationIds.lane(id)).isEqualTo(7);
        assertThat(ids.issuedAt(id, "buyer-8812")).contains(NOW);
        assertThat(CorrelationIds.lane(ids.issue("buyer-8812", CorrelationIds.MAX_LANE))).isEqualTo(CorrelationIds.MAX_LANE);
    }

    @Test
    void anIdWithoutALaneIsTheFormerShapeAndNamesNone() {
        String id = ids.issue("buyer-8812");
        assertThat(id).hasSize(54);
        assertThat(CorrelationIds.lane(id)).isEqualTo(CorrelationIds.NO_LANE);
        assertThat(CorrelationIds.lane("not-an-id")).isEqualTo(CorrelationIds.NO_LANE);
        assertThat(CorrelationIds.lane(null)).isEqualTo(CorrelationIds.NO_LANE);
    }

    @Test
    void anIdsLaneCannotBeChangedWithoutTheSecret() {
        String id = ids.issue("buyer-8812", 7);
        byte[] raw = java.util.Base64.getUrlDecoder().decode(id);
        raw[25] = 8; // the lane's low byte
        String moved = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        assertThat(CorrelationIds.lane(moved)).isEqualTo(8);
        assertThat(ids.issuedAt(moved, "buyer-8812")).isEmpty();
    }

    @Test
    void anIdempotentIdCarriesTheLaneItWasFirstAcceptedWith() {
        Instant first = NOW.minusSeconds(5);
        String id = ids.issueIdempotent("buyer-8812", "key-1", first, 3);
        assertThat(ids.issueIdempotent("buyer-8812", "key-1", first, 3)).isEqualTo(id);
        assertThat(CorrelationIds.lane(id)).isEqualTo(3);
        assertThat(CorrelationIds.keyPart(id)).isEqualTo(CorrelationIds.keyPart(ids.issueIdempotent("buyer-8812", "key-1", first)));
        assertThat(ids.issuedAt(id, "buyer-8812")).contains(first);
    }

    @Test
    void aLaneOutOfRangeIsRefused() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> ids.issue("buyer-8812", CorrelationIds.MAX_LANE + 1));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> ids.issue("buyer-8812", -2));
    }
}
