package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Attacks on passes whose session is over, across two room instances on one real Redis. */
class PassSessionIT extends OnTwoRooms {

    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final RoomPlan PLAN = RoomPlan.of(10, OPENS, Duration.ofMinutes(15)).withMaxActive(5);

    PassSessionIT() {
        super("passes", OPENS);
    }

    private QueueTicket admitted(String buyer) {
        QueueTicket ticket = first.join(event, PLAN, buyer).toCompletableFuture().join();
        clock.advance(Duration.ofSeconds(1));
        QueueTicket now = first.look(event, PLAN, buyer, ticket.ticket()).toCompletableFuture().join().orElseThrow();
        assertThat(now.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        return now;
    }

    @Test
    void aRevokedPassReplayedOnTheOtherInstanceIsRefused() {
        QueueTicket ticket = admitted("mallory");
        String pass = ticket.pass().token();
        assertThat(second.check(pass, event, "mallory")).isEqualTo(PassVerdict.VALID);
        assertThat(first.end(event, PLAN, "mallory", SessionEnd.REVOKED).toCompletableFuture().join()).isTrue();
        for (int replay = 0; replay < 3; replay++) {
            assertThat(second.check(pass, event, "mallory")).isEqualTo(PassVerdict.ENDED);
            assertThat(first.check(pass, event, "mallory")).isEqualTo(PassVerdict.ENDED);
        }
        assertThat(first.look(event, PLAN, "mallory", ticket.ticket()).toCompletableFuture().join().orElseThrow()
                .standing()).isEqualTo(QueueTicket.Standing.ENDED);
        assertThat(steps.of(RoomStep.Kind.REVOKED)).extracting(RoomStep::buyerId).containsExactly("mallory");
        assertThat(first.count(WaitingRoomMeter.ENDED, WaitingRoomMeter.TAG_EVENT, event,
                WaitingRoomMeter.TAG_REASON, SessionEnd.REVOKED.text())).isEqualTo(1);
    }

    @Test
    void aPassOfATicketReplacedByQueueingAgainIsRefused() {
        String old = admitted("mallory").pass().token();
        first.end(event, PLAN, "mallory", SessionEnd.CHECKED_OUT).toCompletableFuture().join();
        QueueTicket again = second.join(event, PLAN, "mallory").toCompletableFuture().join();
        assertThat(again.created()).isTrue();
        clock.advance(Duration.ofSeconds(1));
        QueueTicket readmitted = second.look(event, PLAN, "mallory", again.ticket()).toCompletableFuture().join()
                .orElseThrow();
        assertThat(readmitted.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(first.check(old, event, "mallory")).isEqualTo(PassVerdict.ENDED);
        assertThat(first.check(readmitted.pass().token(), event, "mallory")).isEqualTo(PassVerdict.VALID);
        assertThat(first.snapshot(event, PLAN).toCompletableFuture().join().active()).isEqualTo(1);
    }

    @Test
    void aForgedPassNamingARealSessionIsRefusedAsForged() {
        QueueTicket ticket = admitted("alice");
        String[] parts = ticket.pass().token().split("\\.");
        // Mallory copies Alice's payload with her own name and an expiry far ahead, keeping Alice's tag.
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString((event + "\nmallory\n"
                + ticket.ticket() + "\n" + Long.MAX_VALUE).getBytes(StandardCharsets.UTF_8));
        assertThat(second.check(parts[0] + "." + payload + "." + parts[2], event, "mallory"))
                .isEqualTo(PassVerdict.FORGED);
        assertThat(second.check(ticket.pass().token(), event, "mallory")).isEqualTo(PassVerdict.OTHER_BUYER);
    }
}
