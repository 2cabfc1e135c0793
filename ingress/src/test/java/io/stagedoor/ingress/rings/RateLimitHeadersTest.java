package io.stagedoor.ingress.rings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RateLimit fields claim only counts a bucket measured; a shed decision is a 503, not a 429; {@code t} means what
 * the chosen draft says, and Retry-After never points earlier than it.
 */
class RateLimitHeadersTest {

    /** 10 seats, then one more every 6 s. */
    private static final LimitPolicy BUYER_SEATS = Limits.defaults().policy("buyer-seats");
    private static final RateLimitHeaders DRAFT_09 = new RateLimitHeaders(RateLimitHeaders.Draft.DRAFT_09);

    private static MultivaluedHashMap<String, Object> fields(RateLimitHeaders headers, Decision decision) {
        MultivaluedHashMap<String, Object> added = new MultivaluedHashMap<>();
        headers.add(decision, added);
        return added;
    }

    private static Decisions decisions(RateLimitHeaders headers) {
        return new Decisions(null, (route, checks, decision) -> { }, headers); // refusals ask no limiter
    }

    @Test
    void aFailOpenAdmissionClaimsNoCount() {
        assertThat(fields(RateLimitHeaders.CURRENT, Decision.admitted(BUYER_SEATS, 9, DecisionSource.FALLBACK_OPEN)))
                .isEmpty();
    }

    @Test
    void aShedDecisionClaimsNoCount() {
        assertThat(fields(RateLimitHeaders.CURRENT, Decision.shed(BUYER_SEATS))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = DecisionSource.class, names = {"REDIS", "IN_PROCESS", "FALLBACK_LOCAL"})
    void aMeasuredCountIsReported(DecisionSource source) {
        assertThat(fields(RateLimitHeaders.CURRENT, Decision.admitted(BUYER_SEATS, 4, source)))
                .containsEntry(RateLimitHeaders.REMAINING, List.of(4L))
                .containsKey(RateLimitHeaders.LIMIT);
    }

    @Test
    void aShedDecisionIsAnsweredAsTheServiceOverloaded() {
        ProblemException shed = decisions(RateLimitHeaders.CURRENT).refusal(Decision.shed(BUYER_SEATS));
        assertThat(shed.problem().status()).isEqualTo(503);
        assertThat(shed.problem().type()).isEqualTo(ProblemType.SERVICE_OVERLOADED.uri());
        assertThat(shed.problem().retryAfter()).isEqualTo(1L);
        assertThat(shed.headers()).doesNotContainKeys(RateLimitHeaders.LIMIT, RateLimitHeaders.REMAINING);
    }

    // The example: a buyer with one seat left was told t=54, the time to a full bucket. Since draft-10, t is
    // the time until one more seat: 6 s for this bucket.
    @Test
    void withOneSeatLeftTheCurrentDraftSaysWhenTheNextSeatComes() {
        Decision oneLeft = Decision.admitted(BUYER_SEATS, 1, DecisionSource.REDIS);

        assertThat(fields(RateLimitHeaders.CURRENT, oneLeft).getFirst(RateLimitHeaders.LIMIT))
                .isEqualTo("\"buyer-seats\";r=1;t=6");
        assertThat(fields(DRAFT_09, oneLeft).getFirst(RateLimitHeaders.LIMIT)).isEqualTo("\"buyer-seats\";r=1;t=54");
        assertThat(fields(RateLimitHeaders.CURRENT, oneLeft).getFirst(RateLimitHeaders.POLICY))
                .isEqualTo(fields(DRAFT_09, oneLeft).getFirst(RateLimitHeaders.POLICY))
                .isEqualTo("\"buyer-seats\";q=10;w=60");
    }

    @Test
    void aFullBucketHasNothingToWaitFor() {
        Decision full = Decision.admitted(BUYER_SEATS, 10, DecisionSource.REDIS);

        assertThat(fields(RateLimitHeaders.CURRENT, full).getFirst(RateLimitHeaders.LIMIT))
                .isEqualTo("\"buyer-seats\";r=10;t=0");
    }

    // A refused hold was told t=60 beside Retry-After: 2. Now t is never later than the refusal's own wait, so
    // Retry-After never points earlier than t; draft-09, kept for clients that read t as the time to a full bucket,
    // still says t=60 beside the same Retry-After.
    @Test
    void aRefusalsRetryAfterNeverPointsEarlierThanItsReset() {
        Decision refused = Decision.refused(BUYER_SEATS, 0, 2, DecisionSource.REDIS);

        ProblemException current = decisions(RateLimitHeaders.CURRENT).refusal(refused);
        assertThat(current.headers()).containsEntry(RateLimitHeaders.LIMIT, "\"buyer-seats\";r=0;t=2");
        assertThat(current.problem().retryAfter()).isEqualTo(2L);

        ProblemException previous = decisions(DRAFT_09).refusal(refused);
        assertThat(previous.headers()).containsEntry(RateLimitHeaders.LIMIT, "\"buyer-seats\";r=0;t=60");
        assertThat(previous.problem().retryAfter()).isEqualTo(2L);
    }

    @Test
    void theDraftIsNamedAsTheSettingWritesIt() {
        for (RateLimitHeaders.Draft draft : RateLimitHeaders.Draft.values()) {
            assertThat(RateLimitHeaders.Draft.parse(draft.toString())).isEqualTo(draft);
        }
        assertThat(RateLimitHeaders.Draft.DRAFT_10.toString()).isEqualTo("draft-10");
        assertThatThrownBy(() -> RateLimitHeaders.Draft.parse("draft-11")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ingress.ratelimit-fields must be draft-10 or draft-09, was draft-11");
    }
}
