package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.waitingroom.RoomSource;
import io.stagedoor.admission.waitingroom.SignedTicket;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each queueing method and the sell-out over HTTP, on one instance with its own room and the fake clock. */
class QueueingMethodsRoutesIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static RoomServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new RoomServer(CATALOG, RoomServer.topics(), null, CLOCK, 1);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** An event whose room admits two buyers a second by {@code queueing}, open since a second ago. */
    private static EventDefinition event(String queueing) {
        String eventId = TestNames.unique(queueing);
        EventDefinition event = RoomServer.event(eventId, true, 2, CLOCK.instant().minusSeconds(1));
        event = event.withWaitingRoom(event.waitingRoom().withQueueing(queueing));
        CATALOG.put(event);
        return event;
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }

    @Test
    void aRandomRoomAdmitsTheSeedsDrawsWhateverTheArrivalOrder() throws Exception {
        String eventId = event(WaitingRoomSettings.RANDOM).eventId();
        Map<String, String> tickets = new HashMap<>();
        List<String> arrivals = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            arrivals.add("r" + i);
            HttpResponse<String> joined = server.join(eventId, "r" + i);
            assertThat(joined.statusCode()).isEqualTo(202);
            tickets.put("r" + i, json(joined).get("ticket").asText());
        }
        CLOCK.advance(Duration.ofSeconds(2));
        List<String> admitted = new ArrayList<>();
        for (String buyer : arrivals) {
            if (json(server.look(eventId, buyer, tickets.get(buyer))).get("status").asText().equals("admitted")) {
                admitted.add(buyer);
            }
        }
        // Every join came in the first second after the opening: one window of 20 arrivals, drawn from the seed.
        long seed = json(server.admin("GET", eventId, null, RoomServer.ADMIN_KEY)).get("shuffleSeed").asLong();
        List<String> drawnFirst = arrivals.stream().filter(buyer -> new SignedTicket(eventId, buyer, 1, false, 0, 0,
                RoomSource.IN_PROCESS, null, 1).drawnPlace(seed, arrivals.size()) <= 4).toList();
        assertThat(admitted).containsExactlyInAnyOrderElementsOf(drawnFirst).isNotEqualTo(arrivals.subList(0, 4));
        assertThat(json(server.admin("GET", eventId, null, RoomServer.ADMIN_KEY)).get("queueing").asText())
                .isEqualTo("random");
    }

    @Test
    void aPassthroughRoomAdmitsEveryoneAtOnceAndCountsThem() throws Exception {
        String eventId = event(WaitingRoomSettings.PASSTHROUGH).eventId();
        for (int i = 1; i <= 30; i++) {
            JsonNode body = json(server.join(eventId, "p" + i));
            assertThat(body.get("status").asText()).isEqualTo("admitted");
            assertThat(server.hold(eventId, "p" + i, body.get("pass").asText()).statusCode()).isEqualTo(202);
        }
        JsonNode room = json(server.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
        assertThat(room.get("joined").asLong()).isEqualTo(30);
        assertThat(room.get("admitted").asLong()).isEqualTo(30);
    }

    @Test
    void aClosedRoomRefusesJoinsWithAProblemAndTellsThoseQueued() throws Exception {
        EventDefinition event = event(WaitingRoomSettings.FIFO);
        for (int i = 1; i <= 10; i++) {
            server.join(event.eventId(), "q" + i);
        }
        String waiting = json(server.join(event.eventId(), "q10")).get("ticket").asText();
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withQueueing(WaitingRoomSettings.REJECT)));

        HttpResponse<String> refused = server.join(event.eventId(), "newcomer");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        JsonNode problem = json(refused);
        assertThat(problem.get("type").asText()).endsWith("/waiting-room-closed");
        assertThat(problem.get("detail").asText()).isEqualTo(WaitingRoomMessages.closed(event.name()));

        HttpResponse<String> told = server.look(event.eventId(), "q10", waiting);
        assertThat(told.statusCode()).isEqualTo(200);
        assertThat(told.headers().firstValue("Retry-After")).isEmpty();
        assertThat(json(told).get("status").asText()).isEqualTo("closed");
        assertThat(json(told).get("message").asText()).isEqualTo(WaitingRoomMessages.closed(event.name()));
    }

    @Test
    void whenTheEventSellsOutEveryoneStillQueuedIsToldSoAndNobodyJoins() throws Exception {
        EventDefinition event = event(WaitingRoomSettings.FIFO);
        List<String> tickets = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            tickets.add(json(server.join(event.eventId(), "s" + i)).get("ticket").asText());
        }
        CLOCK.advance(Duration.ofSeconds(1));
        String admittedPass = json(server.look(event.eventId(), "s1", tickets.get(0))).get("pass").asText();
        server.sell(event.eventId(), event.seats().subList(0, 2));
        assertThat(json(server.look(event.eventId(), "s10", tickets.get(9))).get("status").asText()).isEqualTo("waiting");

        server.sell(event.eventId(), event.seats().subList(2, event.seats().size()));
        for (int i = 4; i <= 10; i++) {
            HttpResponse<String> told = server.look(event.eventId(), "s" + i, tickets.get(i - 1));
            assertThat(told.statusCode()).isEqualTo(200);
            assertThat(told.headers().firstValue("Retry-After")).isEmpty();
            assertThat(json(told).get("status").asText()).isEqualTo("sold-out");
            assertThat(json(told).get("message").asText()).isEqualTo(WaitingRoomMessages.soldOut(event.name()));
        }
        HttpResponse<String> late = server.join(event.eventId(), "late");
        assertThat(late.statusCode()).isEqualTo(200);
        assertThat(late.headers().firstValue("Location")).isEmpty();
        assertThat(json(late).get("status").asText()).isEqualTo("sold-out");
        // An admitted buyer keeps their pass.
        assertThat(json(server.look(event.eventId(), "s1", tickets.get(0))).get("pass").asText()).isEqualTo(admittedPass);
    }
}
