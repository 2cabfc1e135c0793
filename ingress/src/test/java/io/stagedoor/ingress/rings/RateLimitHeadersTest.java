package io.stagedoor.ingress.rings;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** RateLimit fields claim only counts a bucket measured; a shed decision is a 503, not a 429. */
class RateLimitHeadersTest {

    private static final LimitPolicy BUYER_SEATS = Limits.defaults().policy("buyer-seats");

    private static MultivaluedHashMap<String, Object> fields(Decision decision) {
        MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
        RateLimitHeaders.add(decision, headers);
        return headers;
    }

    @Test
    void aFailOpenAdmissionClaimsNoCount() {
        assertThat(fields(Decision.admitted(BUYER_SEATS, 9, DecisionSource.FALLBACK_OPEN))).isEmpty();
    }

    @Test
    void aShedDecisionClaimsNoCount() {
        assertThat(fields(Decision.shed(BUYER_SEATS))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = DecisionSource.class, names = {"REDIS", "IN_PROCESS", "FALLBACK_LOCAL"})
    void aMeasuredCountIsReported(DecisionSource source) {
        assertThat(fields(Decision.admitted(BUYER_SEATS, 4, source)))
                .containsEntry(RateLimitHeaders.REMAINING, List.of(4L))
                .containsKey(RateLimitHeaders.LIMIT);
    }

    @Test
    void aShedDecisionIsAnsweredAsTheServiceOverloaded() {
        ProblemException shed = Decisions.refusal(Decision.shed(BUYER_SEATS));
        assertThat(shed.problem().status()).isEqualTo(503);
        assertThat(shed.problem().type()).isEqualTo(ProblemType.SERVICE_OVERLOADED.uri());
        assertThat(shed.problem().retryAfter()).isEqualTo(1L);
        assertThat(shed.headers()).doesNotContainKeys(RateLimitHeaders.LIMIT, RateLimitHeaders.REMAINING);
    }
}
