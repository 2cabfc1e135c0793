package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.stagedoor.admission.bucket.BucketKeys;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.json.Json;
import io.micrometer.core.instrument.Counter;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A hold refused for its waiting-room pass spends none of the buyer's and none of the organizer's tokens, in the
 * front stage and in Jersey's rings alike: the pass is checked before the limiter is asked. Read straight from the
 * real Redis the limiter keeps its buckets in (an absent key is a full bucket).
 */
class PassBeforeTokensIT {

    private static final String HOLD = "{\"seats\":[\"S-1\"]}";

    private static IngressFixture fixture;
    private static RedisClient redisClient;
    private static StatefulRedisConnection<String, String> redis;

    /**
     * How a hold reaches the rings, written on a socket of its own: whole and plain in one write, taken by the front
     * stage; chunked, left to Jersey.
     */
    enum Path {
        FRONT_STAGE, JERSEY
    }

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
        redisClient = RedisClient.create(RealServers.redisUri());
        redis = redisClient.connect();
    }

    @AfterAll
    static void stop() {
        redis.close();
        redisClient.shutdown();
        fixture.close();
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void aHoldWithoutAGoodPassIs403AndSpendsNeitherTheBuyersNorTheOrganizersTokens(Path path) throws Exception {
        String organizer = TestNames.unique("org");
        String eventId = gatedEvent(organizer);
        String buyer = TestNames.unique("buyer");

        double inFront = frontAnswers();
        RawExchange none = hold(path, eventId, buyer, null);
        RawExchange forged = hold(path, eventId, buyer, "not-a-pass");

        for (RawExchange refused : List.of(none, forged)) {
            assertThat(refused.status()).isEqualTo(403);
            assertThat(Json.mapper().readTree(refused.body()).get("type").asText()).endsWith("/waiting-room");
        }
        assertThat(frontAnswers() - inFront).isEqualTo(path == Path.FRONT_STAGE ? 2 : 0);
        assertThat(bucketExists("buyer-seats", buyer)).isFalse();
        assertThat(bucketExists("organizer-holds", organizer)).isFalse();

        // The same buyer with a pass: the hold is accepted and both buckets are charged, under the keys read above.
        RawExchange admitted = hold(path, eventId, buyer, passFor(eventId, buyer));
        assertThat(admitted.status()).as(admitted.body()).isEqualTo(202);
        assertThat(bucketExists("buyer-seats", buyer)).isTrue();
        assertThat(bucketExists("organizer-holds", organizer)).isTrue();
    }

    private static boolean bucketExists(String limit, String subject) {
        return redis.sync().exists(BucketKeys.of(fixture.topics.namespace(), limit, subject)) == 1;
    }

    /** An event of its own organizer whose room is open and admits 50 buyers a second, known to the ingress. */
    private static String gatedEvent(String organizer) throws Exception {
        String eventId = TestNames.unique("gated");
        Instant opened = Instant.now().minusSeconds(5);
        EventDefinition event = new EventDefinition(eventId, eventId, organizer, opened, List.of("S-1", "S-2"), 4500,
                new WaitingRoomSettings(true, 50, opened, Duration.ofMinutes(15)));
        try (Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), Duration.ofSeconds(5),
                Duration.ofSeconds(5))) {
            publisher.publish(fixture.topics.events(), eventId, eventId, event).get(10, TimeUnit.SECONDS);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> fixture.send(HttpRequest.newBuilder(
                fixture.uri("/v1/events/" + eventId))).statusCode() == 200);
        return eventId;
    }

    private static String passFor(String eventId, String buyer) throws Exception {
        HttpResponse<String> joined = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + fixture.token(buyer)).POST(HttpRequest.BodyPublishers.noBody()));
        String ticket = Json.mapper().readTree(joined.body()).get("ticket").asText();
        JsonNode[] admitted = new JsonNode[1];
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
            admitted[0] = Json.mapper().readTree(fixture.send(HttpRequest.newBuilder(
                    fixture.uri("/v1/events/" + eventId + "/queue/" + ticket))
                    .header("Authorization", "Bearer " + fixture.token(buyer))).body());
            return "admitted".equals(admitted[0].get("status").asText());
        });
        return admitted[0].get("pass").asText();
    }

    /** A one-seat hold as {@code buyer}, with the pass in its header unless null. */
    private static RawExchange hold(Path path, String eventId, String buyer, String pass) throws Exception {
        StringBuilder head = new StringBuilder("POST /v1/events/" + eventId + "/holds HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Connection: close\r\nAuthorization: Bearer " + fixture.token(buyer) + "\r\n"
                + "Content-Type: application/json\r\n");
        if (pass != null) {
            head.append(WaitingRoomFeature.PASS_HEADER).append(": ").append(pass).append("\r\n");
        }
        String body = switch (path) {
            case FRONT_STAGE -> "Content-Length: " + HOLD.length() + "\r\n\r\n" + HOLD;
            case JERSEY -> "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(HOLD.length()) + "\r\n" + HOLD
                    + "\r\n0\r\n\r\n";
        };
        try (Socket socket = new Socket("127.0.0.1", fixture.ingress.port())) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write((head + body).getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            return RawExchange.read(new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)));
        }
    }

    /** Holds the front stage answered 403 itself, without Jersey. */
    private static double frontAnswers() {
        Counter counter = fixture.ingress.registry().find(IngressMetrics.FRONT_ANSWERS).tag("route", "holds")
                .tag("status", "403").counter();
        return counter == null ? 0 : counter.count();
    }
}
