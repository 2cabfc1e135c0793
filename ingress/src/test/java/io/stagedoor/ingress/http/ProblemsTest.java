package io.stagedoor.ingress.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.fallback.ProcessOverloaded;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ProblemsTest {

    private static final Problem REFUSAL = new Problem(ProblemType.RATE_LIMITED.uri(),
            ProblemType.RATE_LIMITED.title(), 429, IngressMessages.rateLimited("buyer-seats", 6), null, "buyer-seats", 6L);

    @Test
    void aRepeatedProblemIsAnsweredExactlyAsAFreshOne() {
        Response fresh = Problems.response(REFUSAL, Map.of("X-RateLimit-Remaining", "0"));
        Response first = Problems.repeated(REFUSAL, Map.of("X-RateLimit-Remaining", "0"));
        Response again = Problems.repeated(REFUSAL, Map.of("X-RateLimit-Remaining", "0"));

        for (Response response : new Response[] {first, again}) {
            assertThat(response.getStatus()).isEqualTo(fresh.getStatus());
            assertThat(response.getMediaType()).isEqualTo(fresh.getMediaType());
            assertThat(response.getStringHeaders()).isEqualTo(fresh.getStringHeaders());
            assertThat(body(response)).isEqualTo(body(fresh));
        }
        assertThat(body(fresh)).startsWith("{\"type\":\"https://stagedoor.io/problems/rate-limited\"")
                .contains("\"policy\":\"buyer-seats\"", "\"retryAfter\":6").doesNotContain("instance");
        assertThat(fresh.getHeaderString("Retry-After")).isEqualTo("6");
    }

    @Test
    void aCallShedForOurOwnOverloadIsAnsweredLikeTheLimitersShed() {
        // A room call, key check or scan shed deep in a route reaches Jersey's mapper (or the front stage) wrapped by
        // the stage that failed.
        ProblemException answer = ProblemMappers.problemOf(
                new CompletionException(new ProcessOverloaded("too busy to hear Redis")), "/v1/events/e/holds");
        Response response = Problems.response(answer.problem(), answer.headers());

        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getMediaType().toString()).isEqualTo(Problem.MEDIA_TYPE);
        assertThat(response.getHeaderString("Retry-After")).isEqualTo("1");
        assertThat(body(response)).contains("\"type\":\"https://stagedoor.io/problems/service-overloaded\"",
                IngressMessages.redisUserOverloaded());
    }

    private static String body(Response response) {
        return new String((byte[]) response.getEntity(), StandardCharsets.UTF_8);
    }
}
