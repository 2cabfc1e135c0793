package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.testsupport.TestNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Signed tickets on a store, through the room as the ingress uses it, on a fake clock: places in arrival order, polls
 * answered with no store call, admission in place order at the rate, early joiners in the order of their draws, one
 * slot per buyer, and tickets that cannot be forged.
 */
abstract class SignedTicketsContract {

    private static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final Instant OPENS = Instant.ofEpochMilli(1_800_000_000_000L);
    private static final Duration VIEW_AGE = Duration.ofMillis(250);

    abstract RoomStore store();

    private final FakeClock clock = new FakeClock(OPENS);
    private final String event = TestNames.unique("signed");
    private final List<WaitingRoom> rooms = new ArrayList<>();
    private CountingStore counted;

    private WaitingRoom room(Duration joinWindow) {
        counted = new CountingStore(store());
        WaitingRoom room = WaitingRoom.builder().passSecret(SECRET).clock(clock)
                .options(RoomOptions.defaults().withTickets(RoomTickets.SIGNED, joinWindow, VIEW_AGE))
                .remote(counted, () -> { });
        rooms.add(room);
        return room;
    }

    @AfterEach
    void closeRooms() {
        rooms.forEach(WaitingRoom::close);
    }

    private static QueueTicket join(WaitingRoom room, String event, RoomPlan plan, String buyer) {
        return room.join(event, plan, buyer).toCompletableFuture().join();
    }

    private QueueTicket look(WaitingRoom room, RoomPlan plan, QueueTicket ticket) {
        return room.look(event, plan, ticket.buyerId(), ticket.ticket()).toCompletableFuture().join().orElseThrow();
    }

    private List<QueueTicket> joinInOrder(WaitingRoom room, RoomPlan plan, int count) {
        List<QueueTicket> tickets = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            tickets.add(join(room, event, plan, "b" + i));
        }
        return tickets;
    }

    @Test
    void joinsTakePlacesInArrivalOrderAndAWaitingBuyerCostsTheStoreNothingButOneViewPerAgeForAll() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(1, Instant.EPOCH, Duration.ofMinutes(15));
        List<QueueTicket> tickets = joinInOrder(room, plan, 30);
        assertThat(tickets).extracting(QueueTicket::position).containsExactlyElementsOf(
                java.util.stream.LongStream.rangeClosed(1, 30).boxed().toList());
        assertThat(tickets).allMatch(ticket -> ticket.ticket().startsWith(TicketSigner.PREFIX));
        long afterJoins = counted.calls();

        for (int poll = 0; poll < 3; poll++) {
            for (QueueTicket ticket : tickets.subList(5, 30)) {
                assertThat(look(room, plan, ticket).standing()).isEqualTo(QueueTicket.Standing.WAITING);
            }
        }
        assertThat(counted.calls()).isEqualTo(afterJoins);

        clock.advance(VIEW_AGE);
        for (QueueTicket ticket : tickets.subList(5, 30)) {
            QueueTicket standing = look(room, plan, ticket);
            assertThat(standing.position()).isEqualTo(ticket.position());
            assertThat(standing.ticket()).isEqualTo(ticket.ticket());
        }
        assertThat(counted.calls()).isEqualTo(afterJoins + 1);
        assertThat(counted.calls("snapshot")).isEqualTo(1);
    }

    @Test
    void theFrontierAdmitsInPlaceOrderAtTheRateAndOnlyTheReachedMakeAStoreCall() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(10, Instant.EPOCH, Duration.ofMinutes(15));
        List<QueueTicket> tickets = joinInOrder(room, plan, 30);
        clock.advance(Duration.ofSeconds(1));

        List<QueueTicket> standings = tickets.stream().map(ticket -> look(room, plan, ticket)).toList();

        assertThat(standings.subList(0, 10)).allMatch(t -> t.standing() == QueueTicket.Standing.ADMITTED && t.pass() != null);
        assertThat(standings.subList(10, 30)).allMatch(t -> t.standing() == QueueTicket.Standing.WAITING);
        assertThat(counted.calls("claim")).isEqualTo(10);
        assertThat(room.checkLater(standings.get(0).pass().token(), event, "b1").toCompletableFuture().join())
                .isEqualTo(PassVerdict.VALID);
        // Asked again, an admitted ticket keeps its admission and its pass.
        assertThat(look(room, plan, tickets.get(0)).pass()).isEqualTo(standings.get(0).pass());
    }

    @Test
    void aForgedAlteredOrAnotherBuyersTicketIsNone() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(1, Instant.EPOCH, Duration.ofMinutes(15));
        QueueTicket ticket = join(room, event, plan, "b1");
        String token = ticket.ticket();
        String payload = token.substring(TicketSigner.PREFIX.length(), token.lastIndexOf('.'));
        String altered = TicketSigner.PREFIX + payload.substring(0, payload.length() - 2) + "AA"
                + token.substring(token.lastIndexOf('.'));

        assertThat(room.look(event, plan, "b2", token).toCompletableFuture().join()).isEmpty();
        assertThat(room.look("another-" + event, plan, "b1", token).toCompletableFuture().join()).isEmpty();
        assertThat(room.look(event, plan, "b1", altered).toCompletableFuture().join()).isEmpty();
        assertThat(room.look(event, plan, "b1", token + "x").toCompletableFuture().join()).isEmpty();
        assertThat(room.look(event, plan, "b1", TicketSigner.PREFIX + "..").toCompletableFuture().join()).isEmpty();
    }

    @Test
    void earlyJoinersAreAdmittedInTheOrderOfTheirDrawsAndJoiningTwiceDrawsTheSamePlace() {
        WaitingRoom room = room(Duration.ZERO);
        Instant opens = OPENS.plusSeconds(60);
        RoomPlan plan = RoomPlan.of(2, opens, Duration.ofMinutes(15));
        List<QueueTicket> tickets = joinInOrder(room, plan, 40);
        QueueTicket again = join(room, event, plan, "b7");
        clock.advance(Duration.ofSeconds(60));

        Map<String, Long> admittedAt = admittedAt(room, plan, tickets);

        assertThat(admittedAt).hasSize(40);
        List<String> drawn = ShuffleOrder.of(seedOf(room, plan), admittedAt.keySet());
        assertThat(drawn.stream().map(admittedAt::get).toList()).isSortedAccordingTo(Comparator.naturalOrder());
        assertThat(admittedAt.keySet()).isNotEqualTo(drawn.stream().sorted().toList());
        assertThat(look(room, plan, again).position()).isEqualTo(look(room, plan, tickets.get(6)).position());
    }

    /** When each ticket's holder was admitted, asking every half second (two view ages) until all are, or 50 s. */
    private Map<String, Long> admittedAt(WaitingRoom room, RoomPlan plan, List<QueueTicket> tickets) {
        Map<String, Long> admittedAt = new LinkedHashMap<>();
        for (int step = 0; step < 100 && admittedAt.size() < tickets.size(); step++) {
            clock.advance(VIEW_AGE.multipliedBy(2));
            for (QueueTicket ticket : tickets) {
                if (!admittedAt.containsKey(ticket.buyerId())
                        && look(room, plan, ticket).standing() == QueueTicket.Standing.ADMITTED) {
                    admittedAt.put(ticket.buyerId(), clock.millis());
                }
            }
        }
        return admittedAt;
    }

    private long seedOf(WaitingRoom room, RoomPlan plan) {
        return room.snapshot(event, plan).toCompletableFuture().join().seed();
    }

    @Test
    void aBuyerHoldsOneSlotWhateverTicketsTheyHoldAndATicketSpentByAnAdmissionStaysSpent() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(10, Instant.EPOCH, Duration.ofMinutes(15)).withMaxActive(5);
        QueueTicket first = join(room, event, plan, "b1");
        QueueTicket second = join(room, event, plan, "b1");
        clock.advance(Duration.ofSeconds(1));

        QueueTicket admitted = look(room, plan, first);
        QueueTicket other = look(room, plan, second);
        assertThat(admitted.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(other.pass()).isEqualTo(admitted.pass());
        assertThat(room.snapshot(event, plan).toCompletableFuture().join().active()).isEqualTo(1);

        assertThat(room.end(event, plan, "b1", SessionEnd.LEFT).toCompletableFuture().join()).isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(look(room, plan, second).standing()).isEqualTo(QueueTicket.Standing.ENDED);

        QueueTicket back = join(room, event, plan, "b1");
        clock.advance(Duration.ofSeconds(1));
        QueueTicket readmitted = look(room, plan, back);
        assertThat(readmitted.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(readmitted.pass()).isNotEqualTo(admitted.pass());
    }

    @Test
    void joinsOfOneWindowTakeTheirPlacesInOneStoreCall() throws Exception {
        WaitingRoom room = room(Duration.ofMillis(200));
        RoomPlan plan = RoomPlan.of(1, Instant.EPOCH, Duration.ofMinutes(15));
        List<CompletableFuture<QueueTicket>> joins = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<CompletableFuture<CompletionStage<QueueTicket>>> sent = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String buyer = "b" + i;
                sent.add(CompletableFuture.supplyAsync(() -> room.join(event, plan, buyer), threads));
            }
            for (CompletableFuture<CompletionStage<QueueTicket>> one : sent) {
                joins.add(one.join().toCompletableFuture());
            }
        }
        List<Long> places = joins.stream().map(CompletableFuture::join).map(QueueTicket::position).sorted().toList();
        assertThat(places).containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 200).boxed().toList());
        assertThat(counted.calls("reserve")).isBetween(1L, 10L);
        assertThat(counted.calls("join")).isZero();
    }

    @Test
    void beforeTheOpeningAJoinIsToldItsArrivalAndTheWaitFromTheOpening() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(10, OPENS.plusSeconds(30), Duration.ofMinutes(15));
        List<QueueTicket> tickets = joinInOrder(room, plan, 20);
        QueueTicket last = tickets.get(19);
        assertThat(last.position()).isEqualTo(20);
        assertThat(last.estimatedWait()).isEqualTo(Duration.ofSeconds(32));
        assertThat(Optional.ofNullable(last.pass())).isEmpty();
    }

    @Test
    void aRandomRoomDrawsEachWindowOfArrivalsAmongItselfAndAdmitsNoneOfAWindowBeforeItsDraw() {
        WaitingRoom room = room(Duration.ZERO);
        RoomPlan plan = RoomPlan.of(10, Instant.EPOCH, Duration.ofMinutes(15)).withMethod(QueueingMethod.RANDOM);
        List<QueueTicket> first = joinInOrder(room, plan, 30);
        QueueTicket again = join(room, event, plan, "b7");
        long afterJoins = counted.calls();

        // The window is open for a second: the rate runs, but nobody of it is reached before it is drawn.
        clock.advance(Duration.ofMillis(900));
        assertThat(first).allMatch(ticket -> look(room, plan, ticket).standing() == QueueTicket.Standing.WAITING);
        assertThat(counted.calls() - afterJoins).isEqualTo(1);

        clock.advance(Duration.ofMillis(100));
        look(room, plan, first.get(0));
        List<QueueTicket> second = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            second.add(join(room, event, plan, "c" + i));
        }
        List<QueueTicket> everyone = new ArrayList<>(first);
        everyone.addAll(second);
        Map<String, Long> admittedAt = admittedAt(room, plan, everyone);

        assertThat(admittedAt).hasSize(40);
        long seed = seedOf(room, plan);
        List<String> drawn = first.stream().map(QueueTicket::buyerId)
                .sorted(Comparator.comparing(buyer -> ShuffleOrder.score(seed, "1:" + buyer))).toList();
        assertThat(drawn.stream().map(admittedAt::get).toList()).isSortedAccordingTo(Comparator.naturalOrder());
        assertThat(drawn).isNotEqualTo(first.stream().map(QueueTicket::buyerId).toList());
        long lastOfFirst = first.stream().mapToLong(ticket -> admittedAt.get(ticket.buyerId())).max().orElseThrow();
        assertThat(second).allMatch(ticket -> admittedAt.get(ticket.buyerId()) >= lastOfFirst);
        assertThat(look(room, plan, again).pass()).isEqualTo(look(room, plan, first.get(6)).pass());
        // One read of each drawn window's count for everyone in it.
        assertThat(counted.calls("drawn")).isEqualTo(2);
    }
}
