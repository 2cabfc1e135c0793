package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The hold route against a real broker: what it accepts, what it refuses and how it says so. */
class HoldRouteIT {

    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void anAcceptedHoldIsPublishedKeyedByEventAndAnswered202WithItsLocation() throws Exception {
        HttpResponse<String> response = fixture.postHold("8812", "{\"seats\":[\"S-1\",\"S-2\"]}");

        assertThat(response.statusCode()).isEqualTo(202);
        String correlationId = Json.mapper().readTree(response.body()).get("correlationId").asText();
        assertThat(response.body()).contains("\"status\":\"pending\"");
        assertThat(response.headers().firstValue("Location")).contains("/v1/results/" + correlationId);
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
        // two seats of the buyer's ten: eight left, one more within 6 s (draft-10's t)
        assertThat(response.headers().firstValue("X-RateLimit-Remaining")).contains("8");
        assertThat(response.headers().firstValue("RateLimit")).contains("\"buyer-seats\";r=8;t=6");
        assertThat(response.headers().firstValue("RateLimit-Policy")).contains("\"buyer-seats\";q=10;w=60");
        List<ConsumerRecord<String, byte[]>> published = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = consumer()) {
            consumer.subscribe(List.of(fixture.topics.holds()));
            Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(published::add);
                return !published.isEmpty();
            });
        }
        ConsumerRecord<String, byte[]> record = published.get(0);
        assertThat(record.key()).isEqualTo(IngressFixture.EVENT);
        HoldRequested hold = Json.read(record.value(), HoldRequested.class);
        assertThat(hold.correlationId()).isEqualTo(correlationId);
        assertThat(hold.buyerId()).isEqualTo("8812");
        assertThat(hold.seats()).containsExactly("S-1", "S-2");
    }

    static Stream<Arguments> badHolds() {
        return Stream.of(
                Arguments.of("{\"seats\":[\"S-1\"", 400, "not valid JSON"),
                Arguments.of("{\"seats\":\"S-1\"}", 400, "'seats' has the wrong type"),
                Arguments.of("", 400, IngressMessages.BODY_MISSING),
                Arguments.of("{\"seats\":[\"S-1\"]}garbage", 400, "not valid JSON"),
                Arguments.of("{\"seats\":[\"S-1\"],\"seats\":[\"S-2\"]}", 400, "Duplicate field"),
                Arguments.of("{\"seats\":[]}", 422, IngressMessages.noSeats()),
                Arguments.of("{\"seats\":[\"S-1\",\"S-1\"]}", 422, IngressMessages.duplicateSeats()),
                Arguments.of("{\"seats\":[\"S-1\",\"Z-9\"]}", 422, IngressMessages.unknownSeats(List.of("Z-9"))),
                Arguments.of("{\"seats\":[\"S-1\",\"S-2\",\"S-3\",\"S-4\",\"S-5\",\"S-6\",\"S-7\",\"S-8\",\"S-9\"]}",
                        422, IngressMessages.tooManySeats(9, 8)),
                Arguments.of("{\"seats\":[\"" + "x".repeat(17_000) + "\"]}", 413, IngressMessages.bodyTooLarge(16 * 1024)));
    }

    @ParameterizedTest
    @MethodSource("badHolds")
    void badInputIsAProblemThatSaysWhatWasWrong(String body, int status, String detail) throws Exception {
        HttpResponse<String> response = fixture.postHold("bad-input-" + status + "-" + body.hashCode(), body);

        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).contains(detail.replace("\"", "\\\""));
    }

    @Test
    void anUnknownEventIs404() throws Exception {
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/nope/holds"))
                .header("Authorization", "Bearer " + fixture.token("8812"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")));

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains(IngressMessages.unknownEvent("nope"));
    }

    @Test
    void aMissingTokenIs401WithAChallenge() throws Exception {
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/concert/holds"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
        assertThat(response.body()).contains(IngressMessages.MISSING_TOKEN);
    }

    @Test
    void aForgedTokenIs401() throws Exception {
        // change a character inside the signature (the last one carries unused bits, so changing it may change nothing)
        String token = fixture.token("8812");
        int at = token.length() - 10;
        String forged = token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/concert/holds"))
                .header("Authorization", "Bearer " + forged)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).contains(IngressMessages.FORGED_TOKEN);
    }

    @Test
    void unknownPathsAndWrongMethodsAreProblemsToo() throws Exception {
        HttpResponse<String> missing = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/nothing-here")).GET());
        HttpResponse<String> wrongMethod = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events")).DELETE());

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains(IngressMessages.framework(404));
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(wrongMethod.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"/v1/events/..%2F..", "/v1/events/%F0%9F%8E%AB",
            "/v1/events/%ZZ"})
    void pathsTheServerCannotDecodeAreProblemsToo(String path) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", fixture.ingress.port())) {
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 4");
            assertThat(answer).containsIgnoringCase("Content-Type: application/problem+json");
            assertThat(answer).contains("\"status\":4");
        }
    }

    @Test
    void anUnparseableAcceptHeaderIsAProblemToo() throws Exception {
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/no-such-event"))
                .header("Accept", "*/*;q=abc").GET());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).contains("Accept header");
    }

    @Test
    void theEventListAndSeatMapAreReadable() throws Exception {
        HttpResponse<String> list = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events")).GET());
        HttpResponse<String> one = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/concert")).GET());

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("\"eventId\":\"concert\"").contains("\"organizerId\":\"org-1\"");
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(Json.mapper().readTree(one.body()).get("seats")).hasSize(IngressFixture.SEATS);
        assertThat(one.body()).contains("{\"seatId\":\"S-1\",\"status\":\"available\"}");
    }

    private static KafkaConsumer<String, byte[]> consumer() {
        return IngressFixture.consumer("hold-route-test");
    }
}
