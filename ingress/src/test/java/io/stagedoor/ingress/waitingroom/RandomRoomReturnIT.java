package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.waitingroom.RoomOptions;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The leave-and-rejoin attack on a capped random room, over HTTP on two instances sharing one real Redis: the
 * buyer with the best draw leaves ({@code DELETE /queue}) and joins again, five times, each time with two others
 * who joined before them waiting; the others are admitted first every time. A draw is per window of arrivals
 * (decision 0029), so joining again draws again, among those who joined in the same window, behind every earlier one.
 */
class RandomRoomReturnIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final Duration DRAW_WINDOW = RoomOptions.defaults().drawWindow();
    private static final EventCatalog CATALOG = new EventCatalog();
    private static RoomServer one;
    private static RoomServer two;

    @BeforeAll
    static void start() throws Exception {
        TopicNames topics = RoomServer.topics();
        one = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
        two = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
    }

    @AfterAll
    static void stop() {
        one.close();
        two.close();
    }

    @Test
    void theBestDrawLeavingAndJoiningAgainFiveTimesIsAdmittedAfterEveryoneWaitingEachTime() throws Exception {
        String eventId = TestNames.unique("lottery");
        var event = RoomServer.event(eventId, true, 1, CLOCK.instant());
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withMaxActive(2).withQueueing(WaitingRoomSettings.RANDOM)));
        Map<String, String> waiting = new LinkedHashMap<>();
        for (int i = 1; i <= 4; i++) {
            waiting.put("r" + i, ticket(i % 2 == 0 ? one : two, eventId, "r" + i));
        }
        // One place a second: the best draw of the four is admitted first, whoever joined first. Places are the
        // draws' quantiles, so the first may be empty (then a later second admits) or shared (the other leaves).
        String best = null;
        for (int second = 0; second < 10 && best == null; second++) {
            CLOCK.advance(Duration.ofSeconds(1));
            for (Map.Entry<String, String> buyer : List.copyOf(waiting.entrySet())) {
                if ("admitted".equals(look(one, eventId, buyer.getKey(), buyer.getValue()).get("status").asText())) {
                    waiting.remove(buyer.getKey());
                    if (best == null) {
                        best = buyer.getKey();
                    } else {
                        assertThat(one.leave(eventId, buyer.getKey()).statusCode()).isEqualTo(204);
                    }
                }
            }
        }
        assertThat(best).isNotNull();

        for (int round = 1; round <= 5; round++) {
            for (int i = 1; i <= 2; i++) {
                String other = "w" + round + "-" + i;
                waiting.put(other, ticket(round % 2 == 0 ? one : two, eventId, other));
            }
            // The others' window of arrivals closes before the returner joins again.
            CLOCK.advance(DRAW_WINDOW);
            assertThat(one.leave(eventId, best).statusCode()).isEqualTo(204);
            JsonNode back = json(two.join(eventId, best));
            assertThat(back.get("status").asText()).isEqualTo("waiting");
            String ticket = back.get("ticket").asText();

            List<String> admitted = admitInTurn(eventId, waiting, best, ticket);

            assertThat(waiting).as("round %d: still waiting when the returner was admitted", round).isEmpty();
            assertThat(admitted).as("round %d", round).endsWith(best).hasSizeGreaterThanOrEqualTo(3);
        }
    }

    /**
     * One second (one place) at a time, the returner asking first on one instance, the others on the other; an
     * admitted other leaves at once, freeing their slot. Returns who was admitted, in order, until the returner is.
     */
    private static List<String> admitInTurn(String eventId, Map<String, String> waiting, String returner,
                                            String ticket) throws Exception {
        List<String> admitted = new ArrayList<>();
        for (int step = 0; step < 30 && !admitted.contains(returner); step++) {
            CLOCK.advance(Duration.ofSeconds(1));
            if ("admitted".equals(look(one, eventId, returner, ticket).get("status").asText())) {
                admitted.add(returner);
                break;
            }
            for (Map.Entry<String, String> buyer : List.copyOf(waiting.entrySet())) {
                if ("admitted".equals(look(two, eventId, buyer.getKey(), buyer.getValue()).get("status").asText())) {
                    admitted.add(buyer.getKey());
                    waiting.remove(buyer.getKey());
                    assertThat(two.leave(eventId, buyer.getKey()).statusCode()).isEqualTo(204);
                }
            }
        }
        return admitted;
    }

    private static String ticket(RoomServer server, String eventId, String buyer) throws Exception {
        return json(server.join(eventId, buyer)).get("ticket").asText();
    }

    private static JsonNode look(RoomServer server, String eventId, String buyer, String ticket) throws Exception {
        return json(server.look(eventId, buyer, ticket));
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }
}
