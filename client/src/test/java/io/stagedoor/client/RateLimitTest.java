package io.stagedoor.client;

import static io.stagedoor.client.TestClients.EVENT;
import static io.stagedoor.client.TestClients.SEATS;
import static io.stagedoor.client.TestClients.TOKEN;
import static io.stagedoor.client.TestClients.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.ScriptedPeer.Reply;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RateLimitTest {

    @Test
    void readsTheIetfFieldsWithTheirPolicy() {
        Optional<RateLimit> limit = RateLimit.from("\"buyer-seats\";r=9;t=6", "\"buyer-seats\";q=10;w=60", null);

        assertThat(limit).contains(new RateLimit("buyer-seats", 9, Optional.of(Duration.ofSeconds(6)),
                OptionalLong.of(10), Optional.of(Duration.ofSeconds(60))));
    }

    @Test
    void readsTheOlderRemainingField() {
        assertThat(RateLimit.from(null, null, "9")).contains(new RateLimit("", 9, Optional.empty(),
                OptionalLong.empty(), Optional.empty()));
    }

    @Test
    void prefersTheIetfFieldAndPicksTheTightestOfSeveralLimits() {
        Optional<RateLimit> limit = RateLimit.from("\"organizer\";r=150;t=1, \"buyer-seats\";r=3;t=18",
                "\"organizer\";q=200;w=1, \"buyer-seats\";q=10;w=60", "150");

        assertThat(limit).hasValueSatisfying(tightest -> {
            assertThat(tightest.policy()).isEqualTo("buyer-seats");
            assertThat(tightest.remaining()).isEqualTo(3);
            assertThat(tightest.quota()).hasValue(10);
        });
    }

    @Test
    void aRateLimitWithoutAPolicyStillGivesTheRemainingCount() {
        assertThat(RateLimit.from("scans;r=49", null, null)).hasValueSatisfying(limit -> {
            assertThat(limit.policy()).isEqualTo("scans");
            assertThat(limit.remaining()).isEqualTo(49);
            assertThat(limit.window()).isEmpty();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\"unterminated;r=3", ";;;", "\"p\";t=6", "\"p\";r=lots", "=,=,"})
    void ignoresFieldsItCannotRead(String field) {
        assertThat(RateLimit.from(field, field, "many")).isEmpty();
    }

    @Test
    void acceptedCarriesTheRemainingCountFromEitherHeaderStyle() {
        try (ScriptedPeer peer = ScriptedPeer.start(); StagedoorClient client = StagedoorClient.of(peer.uri())) {
            peer.then(Reply.accepted("c-1", "RateLimit", "\"buyer-seats\";r=9;t=6",
                            "RateLimit-Policy", "\"buyer-seats\";q=10;w=60"),
                    Reply.accepted("c-2", "X-RateLimit-Remaining", "8"),
                    Reply.accepted("c-3"));

            assertThat(accepted(client).rateLimitRemaining()).hasValue(9);
            assertThat(accepted(client).rateLimitRemaining()).hasValue(8);
            assertThat(accepted(client).rateLimitRemaining()).isEmpty();
        }
    }

    @Test
    void aRefusalCarriesTheExhaustedLimit() {
        try (ScriptedPeer peer = ScriptedPeer.start()) {
            peer.then(Reply.problem(429, "rate-limited", 6L, "RateLimit", "\"buyer-seats\";r=0;t=6"));
            StagedoorClient client = StagedoorClient.builder().baseUri(peer.uri()).httpClient(TestClients.HTTP)
                    .retryPolicy(RetryPolicy.noRetries()).build();

            SubmitAnswer answer = get(client.hold(TOKEN, EVENT, SEATS));

            assertThat(answer).isInstanceOfSatisfying(Refusal.class,
                    refusal -> assertThat(refusal.rateLimit().map(RateLimit::remaining)).contains(0L));
        }
    }

    private static Accepted accepted(StagedoorClient client) {
        return (Accepted) get(client.hold(TOKEN, EVENT, SEATS));
    }
}
