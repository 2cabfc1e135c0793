package io.stagedoor.ingress.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.waitingroom.PassVerdict;
import io.stagedoor.ingress.IngressFixture;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The queue routes, the gate on the real hold route and the operator routes, on one instance with its own room. */
class WaitingRoomRoutesIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static TopicNames topics;
    private static RoomServer server;

    @BeforeAll
    static void start() throws Exception {
        topics = RoomServer.topics();
        server = new RoomServer(CATALOG, topics, null, CLOCK, 1);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String event(boolean roomOn, double rate) {
        String eventId = TestNames.unique("concert");
        CATALOG.put(RoomServer.event(eventId, roomOn, rate, NOW.minusSeconds(1)));
        return eventId;
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }

    /** Joins and moves the clock until the buyer's pass is issued; returns it. */
    private static String passFor(String eventId, String buyer) throws Exception {
        String ticket = json(server.join(eventId, buyer)).get("ticket").asText();
        CLOCK.advance(Duration.ofSeconds(1));
        JsonNode admitted = json(server.look(eventId, buyer, ticket));
        assertThat(admitted.get("status").asText()).isEqualTo("admitted");
        return admitted.get("pass").asText();
    }

    @Test
    void joiningAgainWithTheTicketHeldReturnsItWithPositionEstimateAndRetryAfter() throws Exception {
        String eventId = event(true, 2);
        server.join(eventId, "a");
        HttpResponse<String> first = server.join(eventId, "b");
        String held = json(first).get("ticket").asText();
        HttpResponse<String> again = server.joinHolding(eventId, "b", held);
        HttpResponse<String> fromTheBrowser = server.joinWithCookie(eventId, "b", held);
        HttpResponse<String> without = server.join(eventId, "b");

        assertThat(first.statusCode()).isEqualTo(202);
        assertThat(again.statusCode()).isEqualTo(200);
        JsonNode body = json(first);
        assertThat(body.get("status").asText()).isEqualTo("waiting");
        assertThat(body.get("position").asLong()).isEqualTo(2);
        assertThat(body.get("estimatedWaitSeconds").asDouble()).isEqualTo(1.0);
        assertThat(first.headers().firstValue("Retry-After")).contains("1");
        assertThat(first.headers().firstValue("Location")).contains("/v1/events/" + eventId + "/queue/" + body.get("ticket").asText());
        assertThat(json(again).get("ticket")).isEqualTo(body.get("ticket"));
        assertThat(fromTheBrowser.statusCode()).isEqualTo(200);
        assertThat(json(fromTheBrowser).get("ticket")).isEqualTo(body.get("ticket"));
        assertThat(first.headers().allValues("Set-Cookie")).anySatisfy(cookie -> assertThat(cookie)
                .startsWith(WaitingRoomFeature.TICKET_COOKIE + "=" + held)
                .contains("Path=/v1/events/" + eventId + "/queue").contains("HttpOnly"));
        // Without the ticket, a new one at the back: never a better place.
        assertThat(without.statusCode()).isEqualTo(202);
        assertThat(json(without).get("position").asLong()).isEqualTo(3);
        // Another buyer's ticket, or a forged one, keeps nobody's place.
        assertThat(json(server.joinHolding(eventId, "c", held)).get("position").asLong()).isEqualTo(4);
        assertThat(json(server.joinHolding(eventId, "b", held + "x")).get("position").asLong()).isEqualTo(5);
    }

    @Test
    void anAdmittedBuyerHoldsWithThePassInTheHeaderOrTheCookie() throws Exception {
        String eventId = event(true, 50);
        String pass = passFor(eventId, "b1");
        assertThat(server.hold(eventId, "b1", pass).statusCode()).isEqualTo(202);
        HttpResponse<String> withCookie = server.send(server.holdRequest(eventId, "b1")
                .header("Cookie", WaitingRoomFeature.PASS_COOKIE + "=" + pass));
        assertThat(withCookie.statusCode()).isEqualTo(202);
    }

    @Test
    void aHoldWithoutAPassIs403WhileTheRoomIsOnAndAcceptedWhenItIsOff() throws Exception {
        String on = event(true, 50);
        String off = event(false, 50);
        HttpResponse<String> refused = server.hold(on, "b1", null);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(json(refused).get("type").asText()).isEqualTo("https://stagedoor.io/problems/waiting-room");
        assertThat(json(refused).get("detail").asText())
                .isEqualTo(WaitingRoomMessages.passRefused(PassVerdict.MISSING, on))
                .contains("POST /v1/events/" + on + "/queue");
        assertThat(server.hold(off, "b1", null).statusCode()).isEqualTo(202);
    }

    @ParameterizedTest
    @EnumSource(value = PassVerdict.class, names = {"FORGED", "EXPIRED", "OTHER_BUYER", "OTHER_EVENT"})
    void aForgedExpiredOrSomeoneElsesPassIsRefused(PassVerdict verdict) throws Exception {
        String eventId = event(true, 50);
        String pass = passFor(eventId, "owner");
        String buyer = "owner";
        String target = eventId;
        switch (verdict) {
            case FORGED -> pass = pass.substring(0, pass.length() - 4) + (pass.endsWith("AAAA") ? "BBBB" : "AAAA");
            case EXPIRED -> CLOCK.advance(Duration.ofMinutes(15));
            case OTHER_BUYER -> buyer = "thief";
            case OTHER_EVENT -> target = event(true, 50);
            default -> throw new IllegalArgumentException();
        }
        HttpResponse<String> refused = server.hold(target, buyer, pass);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(json(refused).get("detail").asText()).isEqualTo(WaitingRoomMessages.passRefused(verdict, target));
    }

    @Test
    void aTicketIsOnlyItsBuyers() throws Exception {
        String eventId = event(true, 1);
        String ticket = json(server.join(eventId, "b1")).get("ticket").asText();
        assertThat(server.look(eventId, "b2", ticket).statusCode()).isEqualTo(404);
        assertThat(server.look(eventId, "b1", "no-such-ticket").statusCode()).isEqualTo(404);
        assertThat(server.join(event(false, 1), "b1").statusCode()).isEqualTo(404);
        assertThat(server.join("no-such-event", "b1").statusCode()).isEqualTo(404);
    }

    @Test
    void operatorsChangeTheRatePauseResumeAndReadTheRoom() throws Exception {
        String eventId = event(true, 10);
        for (int i = 0; i < 30; i++) {
            server.join(eventId, "b" + i);
        }
        assertThat(server.admin("PUT", eventId, "{\"entryRatePerSecond\":5}", null).statusCode()).isEqualTo(401);
        assertThat(server.admin("PUT", eventId, "{}", RoomServer.ADMIN_KEY).statusCode()).isEqualTo(422);
        assertThat(server.admin("PUT", eventId, "{\"entryRatePerSecond\":-1}", RoomServer.ADMIN_KEY).statusCode()).isEqualTo(422);

        JsonNode changed = json(server.admin("PUT", eventId, "{\"entryRatePerSecond\":5,\"paused\":true}", RoomServer.ADMIN_KEY));
        assertThat(changed.get("entryRatePerSecond").asDouble()).isEqualTo(5);
        assertThat(changed.get("configuredRatePerSecond").asDouble()).isEqualTo(10);
        assertThat(changed.get("paused").asBoolean()).isTrue();
        assertThat(changed.get("admittedPerSecond").asDouble()).isZero();

        server.admin("PUT", eventId, "{\"paused\":false}", RoomServer.ADMIN_KEY);
        CLOCK.advance(Duration.ofSeconds(2));
        HttpResponse<String> status = server.admin("GET", eventId, null, RoomServer.ADMIN_KEY);
        assertThat(status.statusCode()).isEqualTo(200);
        JsonNode room = json(status);
        assertThat(room.get("joined").asLong()).isEqualTo(30);
        assertThat(room.get("queueLength").asLong()).isEqualTo(20);
        assertThat(room.get("admittedPerSecond").asDouble()).isEqualTo(5);
        assertThat(room.get("source").asText()).isEqualTo("in-process");
        assertThat(room.has("estimatedWaitSeconds")).isTrue();
        assertThat(room.has("actualWaitSeconds")).isTrue();
    }

    @Test
    void everyStepIsPublishedToTheWaitingRoomTopic() throws Exception {
        String eventId = event(true, 50);
        passFor(eventId, "b1");
        server.admin("PUT", eventId, "{\"entryRatePerSecond\":20}", RoomServer.ADMIN_KEY);
        List<WaitingRoomRecord> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = IngressFixture.consumer(TestNames.unique("reader"))) {
            consumer.subscribe(List.of(topics.waitingRoom()));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (record.key().equals(eventId)) {
                        records.add(Json.read(record.value(), WaitingRoomRecord.class));
                    }
                });
                return records.stream().anyMatch(r -> r.kind().equals(WaitingRoomRecord.RATE_CHANGED));
            });
        }
        assertThat(records).extracting(WaitingRoomRecord::kind).containsExactly(WaitingRoomRecord.SHUFFLED,
                WaitingRoomRecord.JOINED, WaitingRoomRecord.ADMITTED, WaitingRoomRecord.RATE_CHANGED);
        assertThat(records.get(2).buyerId()).isEqualTo("b1");
        assertThat(records.get(2).position()).isEqualTo(1);
        assertThat(records.get(3).rate()).isEqualTo(20);
    }
}
