package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.LaneSettings;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A room with lanes on two instances sharing the real Redis: each lane queues apart, with its own positions and
 * waits; with every lane full a lane gets its share of admissions, and more when the others are empty; a lane's pass
 * lets its buyer hold, and leaving ends the session in the lane's room.
 */
class LanesIT {

    private static final Instant NOW = Instant.parse("2026-12-07T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
    private static final EventCatalog CATALOG = new EventCatalog();
    private static final double RATE = 10;
    private static final List<String> FANS = IntStream.rangeClosed(1, 40).mapToObj(i -> "fan-" + i).toList();
    private static RoomServer one;
    private static RoomServer two;

    @BeforeAll
    static void start() throws Exception {
        var topics = RoomServer.topics();
        one = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
        two = new RoomServer(CATALOG, topics, RealServers.redisUri(), CLOCK, 2);
    }

    @AfterAll
    static void stop() {
        one.close();
        two.close();
    }

    /** An open room at {@value #RATE} a second: a fan-club lane of 20 % for {@link #FANS}, the rest for everyone. */
    private static String lanedEvent() {
        String eventId = TestNames.unique("laned");
        EventDefinition event = RoomServer.event(eventId, true, RATE, NOW);
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withLanes(List.of(
                new LaneSettings("fan-club", 0.2, FANS, null),
                new LaneSettings("everyone", 0.8, null, null)))));
        return eventId;
    }

    /** Joins each buyer, alternating instances; their tickets by buyer. */
    private static Map<String, JsonNode> join(String eventId, List<String> buyers) throws Exception {
        Map<String, JsonNode> tickets = new LinkedHashMap<>();
        for (int i = 0; i < buyers.size(); i++) {
            HttpResponse<String> joined = (i % 2 == 0 ? one : two).join(eventId, buyers.get(i));
            assertThat(joined.statusCode()).as(joined.body()).isEqualTo(202);
            tickets.put(buyers.get(i), Json.mapper().readTree(joined.body()));
        }
        return tickets;
    }

    /** How many of {@code tickets} are admitted when each asks now. */
    private static long admitted(String eventId, Map<String, JsonNode> tickets) throws Exception {
        long admitted = 0;
        for (Map.Entry<String, JsonNode> ticket : tickets.entrySet()) {
            HttpResponse<String> asked = one.look(eventId, ticket.getKey(), ticket.getValue().get("ticket").asText());
            assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
            admitted += "admitted".equals(Json.mapper().readTree(asked.body()).get("status").asText()) ? 1 : 0;
        }
        return admitted;
    }

    private static List<String> others(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "other-" + i).toList();
    }

    @Test
    void withEveryLaneFullALaneWithATwentiethShareGetsItsShareOfAdmissionsAndItsOwnPlaces() throws Exception {
        String eventId = lanedEvent();
        // everyone else first: in one queue the fans would wait behind all of them
        Map<String, JsonNode> everyone = join(eventId, others(160));
        Map<String, JsonNode> fans = join(eventId, FANS);
        // each lane's places and waits are its own: the last fan is 40th of the fan club, at 2 a second
        JsonNode lastFan = fans.get(FANS.getLast());
        assertThat(lastFan.get("position").asLong()).isEqualTo(40);
        assertThat(lastFan.get("estimatedWaitSeconds").asDouble()).isBetween(19.0, 21.0);
        one.feature.rebalanceLanes();

        CLOCK.advance(Duration.ofSeconds(10));
        long fanClub = admitted(eventId, fans);
        long rest = admitted(eventId, everyone);
        long all = fanClub + rest;
        assertThat(all).isBetween((long) (RATE * 10) - 2, (long) (RATE * 10) + 2);
        assertThat(fanClub).isBetween(Math.round(all * 0.2) - 1, Math.round(all * 0.2) + 1);

        HttpResponse<String> status = one.admin("GET", eventId, null, RoomServer.ADMIN_KEY);
        JsonNode lanes = Json.mapper().readTree(status.body()).get("lanes");
        assertThat(lanes).hasSize(2);
        assertThat(lanes.get(1).get("lane").asText()).isEqualTo("fan-club");
        assertThat(lanes.get(1).get("entryRatePerSecond").asDouble()).isEqualTo(RATE * 0.2);
    }

    @Test
    void aLaneGetsTheWholeRateWhileTheOthersAreEmptyAndItsPassLetsItsBuyersHold() throws Exception {
        String eventId = lanedEvent();
        Map<String, JsonNode> fans = join(eventId, FANS.subList(0, 30));
        one.feature.rebalanceLanes();
        two.feature.rebalanceLanes();

        CLOCK.advance(Duration.ofSeconds(3));
        // at its 20 % it would have admitted 6; lent the other lane's share it admits at the whole rate
        assertThat(admitted(eventId, fans)).isBetween((long) (RATE * 3) - 1, (long) (RATE * 3) + 1);
        HttpResponse<String> asked = two.look(eventId, "fan-1", fans.get("fan-1").get("ticket").asText());
        String pass = Json.mapper().readTree(asked.body()).get("pass").asText();
        assertThat(two.hold(eventId, "fan-1", pass).statusCode()).isEqualTo(202);
        assertThat(two.hold(eventId, "fan-2", pass).statusCode()).isEqualTo(403);
        assertThat(one.leave(eventId, "fan-1").statusCode()).isEqualTo(204);
        assertThat(one.hold(eventId, "fan-1", pass).statusCode()).isEqualTo(403);
        List<String> lateOthers = new ArrayList<>(others(5));
        join(eventId, lateOthers);
        one.feature.rebalanceLanes();
        JsonNode lanes = Json.mapper().readTree(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY).body())
                .get("lanes");
        // the fan club, all admitted, lends its share the other way now
        assertThat(lanes.get(1).get("queueLength").asLong()).isZero();
        assertThat(lanes.get(0).get("entryRatePerSecond").asDouble()).isEqualTo(RATE);
    }

    /** A buyer outside the fan club who forges a ticket naming its lane joins the lane the rules give them. */
    @Test
    void aForgedTicketNamingAnotherLaneGetsNoPlaceThere() throws Exception {
        String eventId = lanedEvent();
        String payload = eventId + "~fan-club\nintruder\n1\n0\n0\n0\nREDIS\n0";
        String forged = "wrt1." + java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + ".AAAAAAAAAAAAAAAA";
        HttpResponse<String> joined = one.joinHolding(eventId, "intruder", forged);
        assertThat(joined.statusCode()).isEqualTo(202);

        JsonNode lanes = Json.mapper().readTree(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY).body())
                .get("lanes");
        assertThat(lanes.get(1).get("lane").asText()).isEqualTo("fan-club");
        assertThat(lanes.get(1).get("joined").asLong()).isZero();
        assertThat(lanes.get(0).get("joined").asLong()).isEqualTo(1);
    }
}
