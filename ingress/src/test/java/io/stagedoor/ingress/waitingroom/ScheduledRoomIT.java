package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.waitingroom.ShuffleOrder;
import io.stagedoor.admission.waitingroom.WaitingRoomMeter;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A scheduled on-sale on two instances sharing one real Redis and one fake clock: joins are refused before the
 * pre-queue, the pre-queue fills, and at the opening the room opens and shuffles by itself, once, before any buyer
 * asks.
 */
class ScheduledRoomIT {

    private static final Instant NOW = Instant.parse("2026-12-01T18:00:00Z");
    private static final Instant PRE_QUEUE = NOW.plus(Duration.ofMinutes(30));
    private static final Instant OPENS = NOW.plus(Duration.ofHours(1));

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }

    @Test
    void thePreQueueFillsFromItsStartAndTheRoomOpensAndShufflesItByItself() throws Exception {
        FakeClock clock = new FakeClock(NOW);
        EventCatalog catalog = new EventCatalog();
        String eventId = TestNames.unique("scheduled");
        EventDefinition event = RoomServer.event(eventId, true, 5, OPENS);
        catalog.put(event.withWaitingRoom(event.waitingRoom().withPreQueueAt(PRE_QUEUE)));
        var topics = RoomServer.topics();
        try (RoomServer one = new RoomServer(catalog, topics, RealServers.redisUri(), clock, 2);
             RoomServer two = new RoomServer(catalog, topics, RealServers.redisUri(), clock, 2)) {
            HttpResponse<String> early = one.join(eventId, "eager");
            assertThat(early.statusCode()).isEqualTo(403);
            assertThat(early.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
            assertThat(early.headers().firstValue("Retry-After")).contains(Long.toString(30 * 60));
            assertThat(json(early).get("type").asText()).endsWith("/waiting-room-not-open");
            assertThat(json(early).get("detail").asText())
                    .isEqualTo(WaitingRoomMessages.notOpenYet(eventId, PRE_QUEUE));

            JsonNode schedule = json(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
            assertThat(Instant.parse(schedule.get("preQueueAt").asText())).isEqualTo(PRE_QUEUE);
            assertThat(Instant.parse(schedule.get("opensAt").asText())).isEqualTo(OPENS);
            assertThat(schedule.get("opened").asBoolean()).isFalse();

            clock.advance(Duration.ofMinutes(30));
            Map<String, String> tickets = new LinkedHashMap<>();
            for (int i = 1; i <= 40; i++) {
                RoomServer instance = i % 2 == 0 ? one : two;
                HttpResponse<String> joined = instance.join(eventId, "pre-" + i);
                assertThat(joined.statusCode()).isEqualTo(202);
                tickets.put("pre-" + i, json(joined).get("ticket").asText());
                clock.advance(Duration.ofSeconds(30));
            }
            one.feature.openDueRooms();
            two.feature.openDueRooms();
            assertThat(shuffles(one) + shuffles(two)).isZero();

            clock.advance(Duration.between(clock.instant(), OPENS));
            // Both instances' tickers come due; the store opens the room once, with nobody asking.
            Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
                one.feature.openDueRooms();
                two.feature.openDueRooms();
                return shuffles(one) + shuffles(two) == 1;
            });
            one.feature.openDueRooms();
            two.feature.openDueRooms();
            assertThat(shuffles(one) + shuffles(two)).isEqualTo(1);

            // A signed ticket's place is its draw's rank among the early joiners, as its quantile says: in the draw's
            // order, places never fall, and they spread over the whole lobby.
            Map<String, Long> places = new LinkedHashMap<>();
            for (var ticket : tickets.entrySet()) {
                places.put(ticket.getKey(), json(one.look(eventId, ticket.getKey(), ticket.getValue())).get("position").asLong());
            }
            JsonNode room = json(two.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
            assertThat(room.get("opened").asBoolean()).isTrue();
            List<String> drawn = ShuffleOrder.of(room.get("shuffleSeed").asLong(), tickets.keySet());
            assertThat(drawn).isNotEqualTo(new ArrayList<>(tickets.keySet()));
            assertThat(drawn.stream().map(places::get).toList()).isSortedAccordingTo(Long::compare);
            assertThat(places.values()).allMatch(place -> place >= 1 && place <= 40);
        }
    }

    private static double shuffles(RoomServer server) {
        return server.feature.room().count(WaitingRoomMeter.SHUFFLES);
    }
}
