package io.stagedoor.ingress.holds;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.http.HttpJson;
import io.stagedoor.ingress.results.ResultBody;
import io.stagedoor.topics.ids.CorrelationIds;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AcceptedTest {

    private static final CorrelationIds IDS = new CorrelationIds(
            "a-secret-of-at-least-thirty-two-bytes!!".getBytes(StandardCharsets.UTF_8), Clock.systemUTC());

    @Test
    void aPendingBodyIsWhatTheJsonWriterWritesForEveryIdThisServiceIssues() {
        for (int lane = -1; lane < 40; lane++) {
            String id = lane < 0 ? IDS.issue("buyer-" + lane, CorrelationIds.NO_LANE) : IDS.issue("buyer-" + lane, lane);
            assertThat(new String(Accepted.pendingBody(id), StandardCharsets.UTF_8)).as(id)
                    .isEqualTo(new String(HttpJson.bytes(ResultBody.pending(id)), StandardCharsets.UTF_8));
        }
        String keyed = IDS.issueIdempotent("buyer", "holds:key-1", Instant.parse("2026-12-04T10:00:00Z"), 3);
        assertThat(Accepted.pendingBody(keyed)).isEqualTo(HttpJson.bytes(ResultBody.pending(keyed)));
    }

    @Test
    void anIdThatNeedsEscapingGoesThroughTheJsonWriter() {
        for (String odd : new String[] {"a\"b", "a\\b", "é", "a b", ""}) {
            assertThat(Accepted.pendingBody(odd)).as(odd).isEqualTo(HttpJson.bytes(ResultBody.pending(odd)));
        }
    }
}
