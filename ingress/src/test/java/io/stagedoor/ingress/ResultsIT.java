package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Results through two instances behind one balancer, with real workers: any instance answers, retries never double. */
class ResultsIT {

    private static IngressFixture fixture;
    private static Ingress other;
    private static Workers workers;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
        other = fixture.secondInstance();
        workers = fixture.startWorkers(SimulatedGateway.withDefaults());
    }

    @AfterAll
    static void stop() {
        other.close();
        fixture.close();
        workers.close();
    }

    @Test
    void aPostOnOneInstanceIsAnsweredByALongPollOnTheOtherWithinASecondOfTheResult() throws Exception {
        String buyer = TestNames.unique("poller");
        String id = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"S-31\"]}"));

        HttpResponse<String> poll = fixture.send(HttpRequest.newBuilder(IngressFixture.uri(other, "/v1/results/" + id))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Prefer", "wait=20"));
        Instant answered = Instant.now();

        assertThat(poll.statusCode()).isEqualTo(200);
        assertThat(poll.headers().firstValue("Preference-Applied")).contains("wait");
        JsonNode result = Json.mapper().readTree(poll.body());
        assertThat(result.get("status").asText()).isEqualTo("held");
        Instant decided = Instant.parse(result.get("decidedAt").asText());
        assertThat(Duration.between(decided, answered)).isLessThan(Duration.ofSeconds(1));
    }

    @Test
    void anotherBuyersTokenOnSomeonesResultIs404LikeAnUnknownId() throws Exception {
        String id = IngressFixture.correlationId(fixture.postHold(TestNames.unique("owner"), "{\"seats\":[\"S-32\"]}"));

        HttpResponse<String> foreign = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/results/" + id))
                .header("Authorization", "Bearer " + fixture.token("somebody-else")));
        HttpResponse<String> unknown = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/results/" + "A".repeat(54)))
                .header("Authorization", "Bearer " + fixture.token("somebody-else")));

        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(foreign.body()).isEqualTo(unknown.body().replace("A".repeat(54), id));
    }

    @Test
    void aRetriedHoldWithTheSameIdempotencyKeyOnAnotherInstanceHoldsOnceAndAnswersOnce() throws Exception {
        String buyer = TestNames.unique("retrier");
        HttpResponse<String> first = postHold(fixture.ingress, buyer, "S-40", "order-77");
        HttpResponse<String> retry = postHold(other, buyer, "S-40", "order-77");
        String id = IngressFixture.correlationId(first);

        assertThat(IngressFixture.correlationId(retry)).isEqualTo(id);
        assertThat(fixture.result(buyer, id).get("status").asText()).isEqualTo("held");
        // a later hold on the same event is processed after both copies; once its result is in, so is any duplicate
        String marker = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"S-41\"]}"));
        fixture.result(buyer, marker);
        assertThat(resultsFor(id)).hasSize(1);
    }

    @Test
    void theSameIdempotencyKeyWithAnotherBodyIsRefused() throws Exception {
        String buyer = TestNames.unique("confused");
        assertThat(postHold(fixture.ingress, buyer, "S-50", "key-9").statusCode()).isEqualTo(202);

        HttpResponse<String> other = postHold(ResultsIT.other, buyer, "S-51", "key-9");

        assertThat(other.statusCode()).isEqualTo(422);
        assertThat(other.body()).contains("already used for a different request");
    }

    private static HttpResponse<String> postHold(Ingress instance, String buyer, String seat, String key) throws Exception {
        return fixture.send(HttpRequest.newBuilder(IngressFixture.uri(instance, "/v1/events/" + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}")));
    }

    private static List<Result> resultsFor(String correlationId) {
        return fixture.resultRecords().stream().map(record -> Json.read(record.value(), Result.class))
                .filter(result -> result.correlationId().equals(correlationId)).toList();
    }
}
