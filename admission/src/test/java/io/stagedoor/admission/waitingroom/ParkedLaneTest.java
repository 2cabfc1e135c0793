package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The parked lane on either form of ticket: a parked place reads like the next place in the queue, is never reached
 * however long the buyer waits, is told to come back as seldom as anyone is, and is worth nothing to anyone else or
 * to the real queue.
 */
class ParkedLaneTest {

    private static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final Instant OPENS = Instant.ofEpochMilli(1_800_000_000_000L);
    private static final RoomPlan PLAN = RoomPlan.of(2, OPENS, Duration.ofMinutes(15));
    private static final String EVENT = "parked-lane";

    private final FakeClock clock = new FakeClock(OPENS);

    private WaitingRoom room(RoomTickets tickets) {
        return WaitingRoom.builder().passSecret(SECRET).clock(clock)
                .options(RoomOptions.defaults().withTickets(tickets, Duration.ZERO, Duration.ZERO)).inProcess();
    }

    private static QueueTicket join(WaitingRoom room, String buyer) {
        return room.join(EVENT, PLAN, buyer).toCompletableFuture().join();
    }

    private static QueueTicket park(WaitingRoom room, String buyer, String held) {
        return room.joinParked(EVENT, PLAN, buyer, held).toCompletableFuture().join();
    }

    private static Optional<QueueTicket> look(WaitingRoom room, String buyer, String ticket) {
        return room.look(EVENT, PLAN, buyer, ticket).toCompletableFuture().join();
    }

    @ParameterizedTest
    @EnumSource(RoomTickets.class)
    void aParkedJoinReadsLikeTheNextPlaceInTheQueue(RoomTickets tickets) {
        try (WaitingRoom room = room(tickets)) {
            for (int i = 0; i < 100; i++) {
                join(room, "fan-" + i);
            }
            QueueTicket fan = join(room, "fan-101");
            QueueTicket bot = park(room, "bot-102", null);

            assertThat(bot.standing()).isEqualTo(QueueTicket.Standing.WAITING);
            assertThat(bot.created()).isTrue();
            assertThat(bot.position()).isEqualTo(fan.position() + 1);
            assertThat(bot.ticket()).hasSameSizeAs(fan.ticket()).matches("[A-Za-z0-9_.-]+");
            assertThat(bot.ticket().startsWith(TicketSigner.PREFIX)).isEqualTo(fan.ticket().startsWith(TicketSigner.PREFIX));
            assertThat(bot.retryAfterSeconds()).isEqualTo(fan.retryAfterSeconds());
            assertThat(bot.estimatedWait()).isEqualTo(fan.estimatedWait().plusMillis(500));
            // A signed ticket's fields can be read: the parked one's say what a real one's would.
            // (the wait told on joining comes from this instance's view, not a reserve's reply: it may differ by a place)
            assertThat(payload(bot.ticket()).replaceFirst("\n5\\d\\d\\d\\d\n", "\nWAIT\n"))
                    .isEqualTo(payload(fan.ticket()).replace("fan-101\n101", "bot-102\n102")
                            .replaceFirst("\n5\\d\\d\\d\\d\n", "\nWAIT\n"));
            assertThat(room.count(WaitingRoomMeter.PARKED, WaitingRoomMeter.TAG_EVENT, EVENT)).isEqualTo(1);
        }
    }

    private static String payload(String token) {
        if (!token.startsWith(TicketSigner.PREFIX)) {
            return "";
        }
        return new String(java.util.Base64.getUrlDecoder().decode(
                token.substring(TicketSigner.PREFIX.length(), token.lastIndexOf('.'))), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(RoomTickets.class)
    void aParkedPlaceIsNeverReachedAndIsToldToComeBackAsSeldomAsAnyone(RoomTickets tickets) {
        try (WaitingRoom room = room(tickets)) {
            for (int i = 0; i < 200; i++) {
                join(room, "fan-" + i);
            }
            QueueTicket fan = join(room, "fan");
            QueueTicket bot = park(room, "bot", null);
            clock.advance(Duration.ofHours(1));

            assertThat(look(room, "fan", fan.ticket())).get().extracting(QueueTicket::standing)
                    .isEqualTo(QueueTicket.Standing.ADMITTED);
            QueueTicket stillParked = look(room, "bot", bot.ticket()).orElseThrow();
            assertThat(stillParked.standing()).isEqualTo(QueueTicket.Standing.WAITING);
            assertThat(stillParked.created()).isFalse();
            assertThat(stillParked.position()).isEqualTo(bot.position());
            Duration longest = RoomOptions.defaults().maxRetryAfter();
            assertThat(stillParked.retryAfterSeconds()).isEqualTo(longest.toSeconds());
            assertThat(stillParked.estimatedWait()).isEqualTo(longest);
            assertThat(park(room, "bot", bot.ticket()).ticket()).isEqualTo(bot.ticket());
        }
    }

    /** Two stored parked tickets of one account XORed show nothing: each is masked by a pad of its own tag. */
    @org.junit.jupiter.api.Test
    void twoStoredParkedTicketsOfOneAccountShareNoMask() {
        try (WaitingRoom room = room(RoomTickets.STORED)) {
            String first = park(room, "bot", null).ticket();
            join(room, "fan");
            String second = park(room, "bot", null).ticket();
            byte[] one = java.util.Base64.getUrlDecoder().decode(first);
            byte[] two = java.util.Base64.getUrlDecoder().decode(second);
            assertThat(first).isNotEqualTo(second);
            int sameLeadingBytes = 0;
            while (sameLeadingBytes < 3 && one[sameLeadingBytes] == two[sameLeadingBytes]) {
                sameLeadingBytes++;
            }
            // places 1 and 2 under one pad would share their first three bytes
            assertThat(sameLeadingBytes).isLessThan(3);
        }
    }

    @ParameterizedTest
    @EnumSource(RoomTickets.class)
    void aParkedTicketIsWorthNothingToAnotherBuyerOrEventOrToTheRealQueue(RoomTickets tickets) {
        try (WaitingRoom room = room(tickets)) {
            QueueTicket bot = park(room, "bot", null);

            assertThat(look(room, "other", bot.ticket())).isEmpty();
            assertThat(room.look("another-event", PLAN, "bot", bot.ticket()).toCompletableFuture().join()).isEmpty();
            String altered = bot.ticket().substring(0, bot.ticket().length() - 2)
                    + (bot.ticket().endsWith("AA") ? "BB" : "AA");
            assertThat(look(room, "bot", altered)).isEmpty();
            // Released, the buyer joins with the parked ticket they hold and gets a real place at the back.
            join(room, "fan");
            QueueTicket released = room.join(EVENT, PLAN, "bot", bot.ticket()).toCompletableFuture().join();
            assertThat(released.ticket()).isNotEqualTo(bot.ticket());
            assertThat(released.position()).isEqualTo(2);
            clock.advance(Duration.ofMinutes(1));
            assertThat(look(room, "bot", released.ticket())).get().extracting(QueueTicket::standing)
                    .isEqualTo(QueueTicket.Standing.ADMITTED);
        }
    }
}
