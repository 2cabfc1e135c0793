package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.waitingroom.PassVerdict;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sessions over HTTP on two instances sharing one real Redis: the cap in the event's definition, the end of a
 * session by checkout or by the last hold expiring, and an operator's revocation, replayed by an attacker.
 */
class SessionRoutesIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final FakeClock CLOCK = new FakeClock(NOW);
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

    /** When the last {@link #cappedEvent()} opened. */
    private static Instant opened;

    /** An event admitting one buyer a second, at most two active, opening now. */
    private static String cappedEvent() {
        String eventId = TestNames.unique("capped");
        opened = CLOCK.instant();
        var event = RoomServer.event(eventId, true, 1, opened);
        CATALOG.put(event.withWaitingRoom(event.waitingRoom().withMaxActive(2)));
        return eventId;
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return Json.mapper().readTree(response.body());
    }

    private static String ticket(RoomServer server, String eventId, String buyer) throws Exception {
        return json(server.join(eventId, buyer)).get("ticket").asText();
    }

    private static JsonNode look(RoomServer server, String eventId, String buyer, String ticket) throws Exception {
        return json(server.look(eventId, buyer, ticket));
    }

    /** Session ends are asynchronous: ask until admitted, within a deadline, without moving the clock. */
    private static void admittedSoon(RoomServer server, String eventId, String buyer, String ticket) {
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).untilAsserted(() ->
                assertThat(look(server, eventId, buyer, ticket).get("status").asText()).isEqualTo("admitted"));
    }

    private static HttpResponse<String> revoke(RoomServer server, String eventId, String buyer, String key)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                server.uri("/v1/admin/events/" + eventId + "/waiting-room/sessions/" + buyer)).DELETE();
        if (key != null) {
            request.header("X-Admin-Key", key);
        }
        return server.send(request);
    }

    /** b1 and b2 fill the room at +2 s; b3 waits, and the rate alone would reach them at +3 s. Returns the tickets. */
    private static List<String> filled(String eventId) throws Exception {
        List<String> tickets = List.of(ticket(one, eventId, "b1"), ticket(two, eventId, "b2"), ticket(one, eventId, "b3"));
        CLOCK.advance(Duration.ofSeconds(2));
        assertThat(look(two, eventId, "b1", tickets.get(0)).get("status").asText()).isEqualTo("admitted");
        assertThat(look(one, eventId, "b2", tickets.get(1)).get("status").asText()).isEqualTo("admitted");
        CLOCK.advance(Duration.ofMillis(200));
        assertThat(look(two, eventId, "b3", tickets.get(2)).get("status").asText()).isEqualTo("waiting");
        return tickets;
    }

    @Test
    void aConfirmedCheckoutFreesTheSlotAndTheNextBuyerIsAdmittedBeforeTheRateWould() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        Result confirmed = new Result("corr-" + TestNames.unique("c"), "b1", ResultStatus.CONFIRMED, null, eventId,
                "hold-b1", List.of("S-1"), null, "order-1", List.of("T-1"), CLOCK.instant(), Instant.now());
        // Every instance reads the result; both end the session, once.
        one.feature.resultArrived(confirmed);
        two.feature.resultArrived(confirmed);
        admittedSoon(one, eventId, "b3", tickets.get(2));
        assertThat(CLOCK.instant()).isBefore(opened.plusSeconds(3));
        assertThat(look(two, eventId, "b1", tickets.get(0)).get("status").asText()).isEqualTo("ended");
        JsonNode room = json(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
        assertThat(room.get("activeBuyers").asLong()).isEqualTo(2);
        assertThat(room.get("maxActive").asInt()).isEqualTo(2);
    }

    @Test
    void theLastHoldExpiringEndsTheSessionButAnEarlierOneDoesNot() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        for (String hold : List.of("h1", "h2")) {
            one.feature.resultArrived(new Result("corr-" + hold + eventId, "b1", ResultStatus.HELD, null, eventId,
                    hold + eventId, List.of("S-1"), NOW.plusSeconds(600), null, List.of(), CLOCK.instant(), Instant.now()));
        }
        one.feature.seatChanged(new SeatChange(eventId, List.of("S-1"), SeatStatus.AVAILABLE, "h1" + eventId,
                "expired", Instant.now()));
        // b1 still holds h2: their session goes on (ending it is asynchronous, so ask a few times).
        for (int i = 0; i < 5; i++) {
            assertThat(look(two, eventId, "b3", tickets.get(2)).get("status").asText()).isEqualTo("waiting");
        }
        assertThat(look(two, eventId, "b1", tickets.get(0)).get("status").asText()).isEqualTo("admitted");
        one.feature.seatChanged(new SeatChange(eventId, List.of("S-2"), SeatStatus.AVAILABLE, "h2" + eventId,
                "expired", Instant.now()));
        admittedSoon(two, eventId, "b3", tickets.get(2));
    }

    @Test
    void aRevokedPassReplayedOnEitherInstanceIsRefusedAndItsSlotGoesOn() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        String pass = look(one, eventId, "b1", tickets.get(0)).get("pass").asText();
        assertThat(two.hold(eventId, "b1", pass).statusCode()).isEqualTo(202);

        HttpResponse<String> revoked = revoke(one, eventId, "b1", RoomServer.ADMIN_KEY);
        assertThat(revoked.statusCode()).isEqualTo(204);
        for (RoomServer replayedAt : List.of(one, two, one)) {
            HttpResponse<String> replay = replayedAt.hold(eventId, "b1", pass);
            assertThat(replay.statusCode()).isEqualTo(403);
            assertThat(replay.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                    assertThat(type).startsWith("application/problem+json"));
            assertThat(json(replay).get("detail").asText())
                    .isEqualTo(WaitingRoomMessages.passRefused(PassVerdict.ENDED, eventId));
        }
        // The other instance hears of the freed slot with its next view of the room.
        admittedSoon(two, eventId, "b3", tickets.get(2));

        HttpResponse<String> again = revoke(two, eventId, "b1", RoomServer.ADMIN_KEY);
        assertThat(again.statusCode()).isEqualTo(404);
        assertThat(json(again).get("detail").asText()).isEqualTo(WaitingRoomMessages.noSession(eventId, "b1"));
    }

    @Test
    void aBuyerWhoLeavesFreesTheSlotAtOnceAndTheirPassStopsWorkingOnEitherInstance() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        String pass = look(one, eventId, "b1", tickets.get(0)).get("pass").asText();

        assertThat(two.leave(eventId, "b1").statusCode()).isEqualTo(204);
        admittedSoon(one, eventId, "b3", tickets.get(2));
        assertThat(CLOCK.instant()).isBefore(opened.plusSeconds(3));
        assertThat(look(one, eventId, "b1", tickets.get(0)).get("status").asText()).isEqualTo("ended");
        for (RoomServer replayedAt : List.of(one, two)) {
            assertThat(json(replayedAt.hold(eventId, "b1", pass)).get("detail").asText())
                    .isEqualTo(WaitingRoomMessages.passRefused(PassVerdict.ENDED, eventId));
        }
    }

    @Test
    void leavingAgainOrWithoutASessionIsToldSoAndFreesNothing() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        assertThat(one.leave(eventId, "b1").statusCode()).isEqualTo(204);
        admittedSoon(two, eventId, "b3", tickets.get(2));
        String event = CATALOG.find(eventId).orElseThrow().name();
        // b1 again, b3's neighbour still waiting, and a buyer who never joined: none holds a slot to give back.
        String late = ticket(two, eventId, "b4");
        List<String> buyers = List.of("b1", "b4", "stranger");
        for (int i = 0; i < buyers.size(); i++) {
            HttpResponse<String> refused = (i % 2 == 0 ? one : two).leave(eventId, buyers.get(i));
            assertThat(refused.statusCode()).isEqualTo(404);
            assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
            assertThat(json(refused).get("detail").asText()).isEqualTo(WaitingRoomMessages.notActive(event));
        }
        JsonNode room = json(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
        assertThat(room.get("activeBuyers").asLong()).isEqualTo(2);
        assertThat(look(one, eventId, "b4", late).get("status").asText()).isEqualTo("waiting");
        assertThat(one.leave("no-such-event", "b1").statusCode()).isEqualTo(404);
    }

    @Test
    void aBuyerWhoLeavesAndJoinsAgainGoesToTheBackWithANewTicket() throws Exception {
        String eventId = cappedEvent();
        List<String> tickets = filled(eventId);
        String waiting = ticket(two, eventId, "b4");
        assertThat(one.leave(eventId, "b1").statusCode()).isEqualTo(204);

        JsonNode again = json(two.join(eventId, "b1"));
        assertThat(again.get("ticket").asText()).isNotEqualTo(tickets.get(0));
        assertThat(again.get("position").asLong()).isGreaterThan(look(one, eventId, "b4", waiting).get("position").asLong());
        assertThat(again.get("status").asText()).isEqualTo("waiting");
    }

    @Test
    void leavingWithoutAGenuineTokenIsRefusedAndFreesNoSlot() throws Exception {
        String eventId = cappedEvent();
        filled(eventId);
        HttpRequest.Builder anonymous = HttpRequest.newBuilder(one.uri("/v1/events/" + eventId + "/queue")).DELETE();
        String forged = RoomServer.token("b1").substring(0, RoomServer.token("b1").lastIndexOf('.') + 1) + "forged";
        HttpRequest.Builder forgedLeave = HttpRequest.newBuilder(two.uri("/v1/events/" + eventId + "/queue"))
                .header("Authorization", "Bearer " + forged).DELETE();
        for (HttpResponse<String> refused : List.of(one.send(anonymous), two.send(forgedLeave))) {
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        }
        assertThat(json(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY)).get("activeBuyers").asLong()).isEqualTo(2);
    }

    @Test
    void revocationNeedsTheAdminKeyAValidBuyerAndAKnownEvent() throws Exception {
        String eventId = cappedEvent();
        assertThat(revoke(one, eventId, "b1", null).statusCode()).isIn(401, 403);
        assertThat(revoke(one, eventId, "b1", "wrong-key").statusCode()).isIn(401, 403);
        HttpResponse<String> bad = revoke(one, eventId, "b%20" + "x".repeat(200), RoomServer.ADMIN_KEY);
        assertThat(bad.statusCode()).isEqualTo(422);
        assertThat(bad.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(json(bad).get("detail").asText()).isEqualTo(WaitingRoomMessages.badBuyerId());
        HttpResponse<String> unknown = revoke(one, "no-such-event", "b1", RoomServer.ADMIN_KEY);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
    }

    @Test
    void oneBuyerJoiningOverAndOverOnBothInstancesHoldsOneSlot() throws Exception {
        String eventId = cappedEvent();
        String first = ticket(one, eventId, "greedy");
        for (int i = 0; i < 10; i++) {
            RoomServer instance = i % 2 == 0 ? one : two;
            assertThat(json(instance.joinHolding(eventId, "greedy", first)).get("ticket").asText()).isEqualTo(first);
        }
        // Without the ticket held, each join is a new ticket further back: many tickets, and still one slot.
        List<String> more = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            more.add(ticket(i % 2 == 0 ? one : two, eventId, "greedy"));
        }
        ticket(two, eventId, "fair");
        CLOCK.advance(Duration.ofSeconds(30));
        JsonNode admitted = look(one, eventId, "greedy", first);
        assertThat(admitted.get("status").asText()).isEqualTo("admitted");
        for (int i = 0; i < more.size(); i++) {
            JsonNode other = look(i % 2 == 0 ? one : two, eventId, "greedy", more.get(i));
            assertThat(other.get("pass").asText()).isEqualTo(admitted.get("pass").asText());
        }
        for (int i = 0; i < 10; i++) {
            RoomServer instance = i % 2 == 0 ? one : two;
            assertThat(json(instance.joinHolding(eventId, "greedy", first)).get("ticket").asText()).isEqualTo(first);
        }
        JsonNode room = json(two.admin("GET", eventId, null, RoomServer.ADMIN_KEY));
        assertThat(room.get("activeBuyers").asLong()).isEqualTo(1);
        assertThat(look(two, eventId, "greedy", more.get(9)).get("status").asText()).isEqualTo("admitted");
    }
}
