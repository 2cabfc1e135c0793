package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.ingress.IngressFixture;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.ParkingSettings;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A room with a parked lane, on two instances sharing the real Redis and publishing to the real broker: many accounts
 * from one network within a minute are parked past the twentieth, a lone buyer is not, a parked buyer's answers read
 * like a waiting buyer's and never admit, every flag is on the topic, and operators see, park and release buyers.
 */
class ParkedLaneIT {

    private static final Instant NOW = Instant.parse("2026-12-07T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static TopicNames topics;
    private static RoomServer one;
    private static RoomServer two;

    @BeforeAll
    static void start() throws Exception {
        topics = RoomServer.topics();
        one = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
        two = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
    }

    @AfterAll
    static void stop() {
        one.close();
        two.close();
    }

    /** A room with a parked lane, open now, admitting one buyer a second. */
    private static String parkingEvent() {
        String eventId = TestNames.unique("parked");
        EventDefinition event = RoomServer.event(eventId, true, 1, NOW);
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withParking(ParkingSettings.defaults())));
        return eventId;
    }

    private static HttpResponse<String> join(RoomServer instance, String eventId, String buyer, String address,
                                             String held) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(instance.uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + RoomServer.token(buyer)).header("X-Forwarded-For", address)
                .POST(HttpRequest.BodyPublishers.noBody());
        if (held != null) {
            request.header(WaitingRoomFeature.TICKET_HEADER, held);
        }
        return instance.send(request);
    }

    private static HttpResponse<String> operator(String method, String eventId, String path, String body)
            throws Exception {
        return one.send(HttpRequest.newBuilder(one.uri("/v1/admin/events/" + eventId + "/waiting-room/parked" + path))
                .header("X-Admin-Key", RoomServer.ADMIN_KEY).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)));
    }

    private static Set<String> parkedBuyers(String eventId) throws Exception {
        HttpResponse<String> listed = operator("GET", eventId, "?limit=1000", null);
        assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);
        Set<String> buyers = new TreeSet<>();
        Json.mapper().readTree(listed.body()).get("parked").forEach(entry -> buyers.add(entry.get("buyerId").asText()));
        return buyers;
    }

    private static String ticketOf(HttpResponse<String> answer) throws Exception {
        return Json.mapper().readTree(answer.body()).get("ticket").asText();
    }

    private static JsonNode body(HttpResponse<String> answer) throws Exception {
        return Json.mapper().readTree(answer.body());
    }

    @Test
    void fiftyAccountsFromOneSlash64WithinAMinuteAreParkedPastTheTwentiethAndALoneBuyerIsNot() throws Exception {
        String eventId = parkingEvent();
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<Future<HttpResponse<String>>> joins = new ArrayList<>();
            for (int i = 1; i <= 50; i++) {
                RoomServer instance = i % 2 == 0 ? one : two;
                String buyer = "farm-" + i;
                // every account on its own address, all in 2001:db8:7:7::/64
                String address = "2001:db8:7:7:" + Integer.toHexString(i) + "::1";
                joins.add(threads.submit(() -> join(instance, eventId, buyer, address, null)));
            }
            for (Future<HttpResponse<String>> join : joins) {
                assertThat(join.get().statusCode()).as(join.get().body()).isEqualTo(202);
            }
        } finally {
            threads.shutdownNow();
        }
        HttpResponse<String> lone = join(one, eventId, "lone-fan", "2001:db8:9:9::1", null);
        assertThat(lone.statusCode()).isEqualTo(202);

        Set<String> parked = parkedBuyers(eventId);
        assertThat(parked).hasSize(30).allMatch(buyer -> buyer.startsWith("farm-")).doesNotContain("lone-fan");
        HttpResponse<String> listed = operator("GET", eventId, "", null);
        assertThat(body(listed).get("parked").get(0).get("reason").asText())
                .startsWith("address-crowd:").contains("2001:db8:7:7::/64");
        List<WaitingRoomRecord> flags = flags(eventId, 30);
        assertThat(flags).extracting(WaitingRoomRecord::buyerId).containsExactlyInAnyOrderElementsOf(parked);
        assertThat(flags).allMatch(flag -> flag.reason().startsWith("address-crowd:"));

        // The crowd's window forgotten, a parked account comes back from another network without its ticket: still
        // parked (the list keeps it), and never admitted however long it waits.
        String parkedAccount = parked.iterator().next();
        CLOCK.advance(Duration.ofMinutes(2));
        HttpResponse<String> again = join(two, eventId, parkedAccount, "2001:db8:99:1::1", null);
        assertThat(again.statusCode()).isEqualTo(202);
        CLOCK.advance(Duration.ofHours(1));
        assertThat(body(one.look(eventId, parkedAccount, ticketOf(again))).get("status").asText())
                .isEqualTo("waiting");
        assertThat(body(one.look(eventId, "lone-fan", ticketOf(lone))).get("status").asText()).isEqualTo("admitted");
    }

    @Test
    void aParkedBuyerIsAnsweredLikeAWaitingOneAndIsNeverAdmittedUntilReleased() throws Exception {
        String eventId = parkingEvent();
        HttpResponse<String> fan = join(one, eventId, "fan-0001", "192.0.2.1", null);
        assertThat(operator("PUT", eventId, "/bot-0001", "{\"reason\":\"a script we know\"}").statusCode())
                .isEqualTo(201);
        assertThat(operator("PUT", eventId, "/bot-0001", "{\"reason\":\"again\"}").statusCode()).isEqualTo(200);
        // on the instance that placed the fan: another's view of the room may not have the fan's place yet
        HttpResponse<String> bot = join(one, eventId, "bot-0001", "192.0.2.2", null);

        assertThat(bot.statusCode()).isEqualTo(fan.statusCode()).isEqualTo(202);
        assertThat(names(bot)).isEqualTo(names(fan));
        assertThat(fieldNames(body(bot))).isEqualTo(fieldNames(body(fan)));
        assertThat(ticketOf(bot)).hasSameSizeAs(ticketOf(fan));
        assertThat(body(bot).get("position").asLong()).isEqualTo(body(fan).get("position").asLong() + 1);
        assertThat(bot.headers().firstValue("Location").orElseThrow()).endsWith("/queue/" + ticketOf(bot));

        CLOCK.advance(Duration.ofHours(1));
        HttpResponse<String> fanLater = one.look(eventId, "fan-0001", ticketOf(fan));
        assertThat(body(fanLater).get("status").asText()).isEqualTo("admitted");
        for (RoomServer instance : List.of(one, two)) {
            HttpResponse<String> botLater = instance.look(eventId, "bot-0001", ticketOf(bot));
            assertThat(botLater.statusCode()).isEqualTo(200);
            assertThat(body(botLater).get("status").asText()).isEqualTo("waiting");
            assertThat(botLater.headers().firstValue("Retry-After")).isPresent();
            assertThat(instance.look(eventId, "someone-else", ticketOf(bot)).statusCode()).isEqualTo(404);
        }
        HttpResponse<String> stillParked = join(one, eventId, "bot-0001", "192.0.2.2", ticketOf(bot));
        assertThat(ticketOf(stillParked)).isEqualTo(ticketOf(bot));

        assertThat(operator("DELETE", eventId, "/bot-0001", null).statusCode()).isEqualTo(204);
        assertThat(operator("DELETE", eventId, "/bot-0001", null).statusCode()).isEqualTo(404);
        HttpResponse<String> released = join(two, eventId, "bot-0001", "192.0.2.2", ticketOf(bot));
        assertThat(released.statusCode()).isIn(200, 202);
        assertThat(ticketOf(released)).isNotEqualTo(ticketOf(bot));
        CLOCK.advance(Duration.ofMinutes(1));
        assertThat(body(one.look(eventId, "bot-0001", ticketOf(released))).get("status").asText())
                .isEqualTo("admitted");
        assertThat(flags(eventId, 2)).extracting(WaitingRoomRecord::kind)
                .containsExactly(WaitingRoomRecord.PARKED, WaitingRoomRecord.RELEASED);
    }

    @Test
    void operatorsAreToldWhatIsWrongWithWhatTheySent() throws Exception {
        String eventId = parkingEvent();
        assertThat(operator("GET", eventId, "?limit=0", null).statusCode()).isEqualTo(422);
        assertThat(operator("GET", eventId, "?limit=lots", null).statusCode()).isEqualTo(422);
        assertThat(operator("PUT", eventId, "/bot-1", "{\"reason\":\"\"}").statusCode()).isEqualTo(422);
        assertThat(operator("PUT", eventId, "/bot-1", "{\"reason\":\"" + "x".repeat(201) + "\"}").statusCode())
                .isEqualTo(422);
        assertThat(operator("PUT", eventId, "/bot%20one", "{\"reason\":\"why\"}").statusCode()).isEqualTo(422);
        HttpResponse<String> unknown = operator("GET", "no-such-event", "", null);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.headers().firstValue("Content-Type")).contains("application/problem+json");
        HttpResponse<String> anonymous = one.send(HttpRequest.newBuilder(
                one.uri("/v1/admin/events/" + eventId + "/waiting-room/parked")));
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }

    /** The header names an answer carries, but for the date and the length, which any two answers may differ in. */
    private static Set<String> names(HttpResponse<String> answer) {
        Set<String> names = new TreeSet<>(answer.headers().map().keySet());
        names.removeAll(Set.of("date", "content-length"));
        return names;
    }

    private static Set<String> fieldNames(JsonNode body) {
        Set<String> names = new TreeSet<>();
        Iterator<String> fields = body.fieldNames();
        fields.forEachRemaining(names::add);
        return names;
    }

    /** The parked and released records of {@code eventId} on the waiting-room topic, once {@code count} are there. */
    private static List<WaitingRoomRecord> flags(String eventId, int count) {
        List<WaitingRoomRecord> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = IngressFixture.consumer(TestNames.unique("flags"))) {
            consumer.subscribe(List.of(topics.waitingRoom()));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    WaitingRoomRecord read = Json.read(record.value(), WaitingRoomRecord.class);
                    if (record.key().equals(eventId) && (read.kind().equals(WaitingRoomRecord.PARKED)
                            || read.kind().equals(WaitingRoomRecord.RELEASED))) {
                        records.add(read);
                    }
                });
                return records.size() >= count;
            });
        }
        return records;
    }
}
