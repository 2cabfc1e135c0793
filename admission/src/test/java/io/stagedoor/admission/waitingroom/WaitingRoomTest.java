package io.stagedoor.admission.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The room as callers use it, in-process on a fake clock. */
class WaitingRoomTest {

    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final RoomPlan PLAN = RoomPlan.of(10, OPENS, Duration.ofMinutes(15));
    private final FakeClock clock = new FakeClock(OPENS);
    private final StepLog steps = new StepLog();
    private final WaitingRoom room = WaitingRoom.builder()
            .passSecret("a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8))
            .clock(clock).steps(steps).inProcess();

    private QueueTicket join(String buyer) {
        return room.join("concert", PLAN, buyer).toCompletableFuture().join();
    }

    private QueueTicket look(QueueTicket ticket) {
        return room.look("concert", PLAN, ticket.buyerId(), ticket.ticket()).toCompletableFuture().join().orElseThrow();
    }

    @Test
    void aWaitingBuyerIsToldThePositionTheWaitAndWhenToAskAgain() {
        for (int i = 1; i < 25; i++) {
            join("b" + i);
        }
        QueueTicket ticket = join("b25");
        assertThat(ticket.standing()).isEqualTo(QueueTicket.Standing.WAITING);
        assertThat(ticket.position()).isEqualTo(25);
        assertThat(ticket.estimatedWait()).isEqualTo(Duration.ofMillis(2_500));
        assertThat(ticket.retryAfterSeconds()).isEqualTo(3);
        assertThat(ticket.pass()).isNull();
        assertThat(join("b25").ticket()).isEqualTo(ticket.ticket());
    }

    @Test
    void theRetryAfterNeverExceedsTheCeilingSoARaisedRateReachesTheBuyer() {
        for (int i = 1; i < 1000; i++) {
            join("b" + i);
        }
        QueueTicket last = join("b1000");
        assertThat(last.estimatedWait()).isEqualTo(Duration.ofSeconds(100));
        assertThat(last.retryAfterSeconds()).isEqualTo(30);
    }

    @Test
    void aLongerCeilingIsHonouredSoADeepQueuePollsLess() {
        WaitingRoom patient = WaitingRoom.builder()
                .passSecret("a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8))
                .clock(clock).options(RoomOptions.defaults().withMaxRetryAfter(Duration.ofSeconds(120))).inProcess();
        QueueTicket last = null;
        for (int i = 1; i <= 2000; i++) {
            last = patient.join("concert", PLAN, "b" + i).toCompletableFuture().join();
        }
        assertThat(last.estimatedWait()).isEqualTo(Duration.ofSeconds(200));
        assertThat(last.retryAfterSeconds()).isEqualTo(120);
    }

    @Test
    void anAdmittedBuyerGetsAPassThatOpensTheEventForThemAlone() {
        QueueTicket ticket = join("b1");
        clock.advance(Duration.ofMillis(100));
        QueueTicket admitted = look(ticket);
        assertThat(admitted.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(admitted.pass().expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(15)));
        assertThat(room.check(admitted.pass().token(), "concert", "b1")).isEqualTo(PassVerdict.VALID);
        assertThat(room.check(admitted.pass().token(), "concert", "b2")).isEqualTo(PassVerdict.OTHER_BUYER);
        assertThat(look(ticket).pass()).isEqualTo(admitted.pass());
        assertThat(steps.of(RoomStep.Kind.ADMITTED)).hasSize(1);

        clock.advance(Duration.ofMinutes(15));
        assertThat(look(ticket).standing()).isEqualTo(QueueTicket.Standing.EXPIRED);
        assertThat(room.check(admitted.pass().token(), "concert", "b1")).isEqualTo(PassVerdict.EXPIRED);
    }

    @Test
    void theRecordedSeedReproducesTheShuffleOfPreOpeningArrivals() {
        clock.advance(Duration.ofMinutes(-10));
        List<String> arrivals = new ArrayList<>();
        List<QueueTicket> tickets = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            arrivals.add("early-" + i);
            tickets.add(join("early-" + i));
            clock.advance(Duration.ofSeconds(1));
        }
        clock.advance(Duration.ofMinutes(10));
        String[] order = new String[40];
        for (QueueTicket ticket : tickets) {
            order[(int) look(ticket).position() - 1] = ticket.buyerId();
        }
        RoomStep shuffled = steps.of(RoomStep.Kind.SHUFFLED).getFirst();
        assertThat(shuffled.position()).isEqualTo(40);
        // The first call came 40 s after the opening; the store counts from the opening, and so does the record.
        assertThat(shuffled.at()).isEqualTo(clock.instant().minusSeconds(40));
        assertThat(List.of(order)).isNotEqualTo(arrivals).isEqualTo(ShuffleOrder.of(shuffled.seed(), arrivals));
    }

    @Test
    void beforeTheOpeningTheEstimateIncludesTheTimeUntilIt() {
        clock.advance(Duration.ofMinutes(-1));
        QueueTicket ticket = join("early");
        assertThat(ticket.position()).isEqualTo(1);
        assertThat(ticket.estimatedWait()).isEqualTo(Duration.ofSeconds(60).plusMillis(100));
        assertThat(ticket.retryAfterSeconds()).isEqualTo(30);
    }

    @Test
    void rateChangesPausesAndResumesAreRecorded() {
        room.changeRate("concert", PLAN, EntryRate.of(25)).toCompletableFuture().join();
        RoomSnapshot paused = room.pause("concert", PLAN).toCompletableFuture().join();
        room.resume("concert", PLAN).toCompletableFuture().join();
        assertThat(paused.paused()).isTrue();
        assertThat(steps.of(RoomStep.Kind.RATE_CHANGED)).extracting(RoomStep::rate).containsExactly(25.0, 0.0, 25.0);
    }

    @Test
    void aRateChangeThatReachesTheStoreAfterALaterCallIsRecordedWhenItTookEffect() {
        clock.advance(Duration.ofSeconds(2));
        room.snapshot("concert", PLAN).toCompletableFuture().join();
        // This change was stamped a second earlier, by a caller whose call waited on the way.
        clock.advance(Duration.ofSeconds(-1));
        room.changeRate("concert", PLAN, EntryRate.of(1)).toCompletableFuture().join();
        assertThat(steps.of(RoomStep.Kind.RATE_CHANGED)).extracting(RoomStep::at)
                .containsExactly(OPENS.plusSeconds(2));
    }

    @Test
    void theSnapshotComparesEstimatedWithActualWaits() {
        for (int i = 1; i <= 20; i++) {
            join("b" + i);
        }
        clock.advance(Duration.ofSeconds(5));
        for (int i = 1; i <= 20; i++) {
            room.look("concert", PLAN, "b" + i, join("b" + i).ticket()).toCompletableFuture().join();
        }
        RoomSnapshot snapshot = room.snapshot("concert", PLAN).toCompletableFuture().join();
        assertThat(snapshot.admitted()).isEqualTo(20);
        assertThat(snapshot.queueLength()).isZero();
        assertThat(snapshot.meanActualWait()).isEqualTo(Duration.ofSeconds(5));
        assertThat(snapshot.meanEstimatedWait()).isEqualTo(Duration.ofMillis(1_050));
    }

    @Test
    void aClosedRoomTakesNoJoinTellsThoseStillWaitingAndKeepsTheAdmitted() {
        QueueTicket first = join("b1");
        for (int i = 2; i <= 30; i++) {
            join("b" + i);
        }
        clock.advance(Duration.ofMillis(100));
        assertThat(look(first).standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        RoomPlan closed = PLAN.withMethod(QueueingMethod.REJECT);

        QueueTicket refused = room.join("concert", closed, "late").toCompletableFuture().join();
        assertThat(refused.standing()).isEqualTo(QueueTicket.Standing.CLOSED);
        assertThat(refused.ticket()).isNull();
        assertThat(refused.pass()).isNull();
        QueueTicket waiting = join("b30");
        assertThat(room.look("concert", closed, "b30", waiting.ticket()).toCompletableFuture().join().orElseThrow()
                .standing()).isEqualTo(QueueTicket.Standing.CLOSED);
        assertThat(room.look("concert", closed, "b1", first.ticket()).toCompletableFuture().join().orElseThrow()
                .standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(steps.of(RoomStep.Kind.JOINED)).extracting(RoomStep::buyerId).doesNotContain("late");
        assertThat(room.count(WaitingRoomMeter.REFUSED, WaitingRoomMeter.TAG_EVENT, "concert",
                WaitingRoomMeter.TAG_REASON, "closed")).isEqualTo(1);
    }

    @Test
    void whenTheEventSellsOutEveryoneStillQueuedIsToldSo() {
        List<QueueTicket> queue = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            queue.add(join("b" + i));
        }
        clock.advance(Duration.ofMillis(500));
        RoomPlan soldOut = PLAN.withSoldOut(true);
        for (QueueTicket ticket : queue) {
            QueueTicket now = room.look("concert", soldOut, ticket.buyerId(), ticket.ticket()).toCompletableFuture()
                    .join().orElseThrow();
            assertThat(now.standing()).isEqualTo(ticket.position() <= 5 ? QueueTicket.Standing.ADMITTED
                    : QueueTicket.Standing.SOLD_OUT);
            assertThat(now.retryAfterSeconds()).isZero();
        }
        assertThat(room.join("concert", soldOut, "late").toCompletableFuture().join().standing())
                .isEqualTo(QueueTicket.Standing.SOLD_OUT);
        assertThat(room.count(WaitingRoomMeter.REFUSED, WaitingRoomMeter.TAG_EVENT, "concert",
                WaitingRoomMeter.TAG_REASON, "sold-out")).isEqualTo(1);
    }

    @Test
    void stepsSayWhichMethodChoseTheAdmission() {
        RoomPlan random = PLAN.withMethod(QueueingMethod.RANDOM);
        QueueTicket ticket = room.join("concert", random, "b1").toCompletableFuture().join();
        clock.advance(Duration.ofMillis(100));
        room.look("concert", random, "b1", ticket.ticket()).toCompletableFuture().join();
        assertThat(steps.of(RoomStep.Kind.ADMITTED)).extracting(RoomStep::method).containsExactly(QueueingMethod.RANDOM);
    }

    @Test
    void aRandomRoomRecordsEachDrawSoTheAuditCanReplayEveryAdmittedPlace() {
        WaitingRoom signed = WaitingRoom.builder()
                .passSecret("a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8))
                .clock(clock).steps(steps)
                .options(RoomOptions.defaults().withTickets(RoomTickets.SIGNED, Duration.ZERO, Duration.ofMillis(250)))
                .inProcess();
        RoomPlan random = RoomPlan.of(100, OPENS, Duration.ofMinutes(15)).withMethod(QueueingMethod.RANDOM);
        List<QueueTicket> tickets = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            tickets.add(signed.join("lottery", random, "b" + i).toCompletableFuture().join());
        }
        clock.advance(Duration.ofSeconds(2));
        for (QueueTicket ticket : tickets) {
            assertThat(signed.look("lottery", random, ticket.buyerId(), ticket.ticket()).toCompletableFuture().join()
                    .orElseThrow().standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        }

        long seed = signed.snapshot("lottery", random).toCompletableFuture().join().seed();
        assertThat(steps.of(RoomStep.Kind.DRAWN)).singleElement().satisfies(drawn -> {
            assertThat(drawn.position()).isEqualTo(1);
            assertThat(drawn.count()).isEqualTo(8);
            assertThat(drawn.seed()).isEqualTo(seed);
        });
        assertThat(steps.of(RoomStep.Kind.ADMITTED)).hasSize(8).allSatisfy(admitted -> assertThat(admitted.position())
                .isEqualTo(ShuffleOrder.drawnPlace(seed, 1, 8, admitted.buyerId())));
    }

    @Test
    void beforeThePreQueueNobodyJoinsAndIsToldWhenItStarts() {
        RoomPlan scheduled = RoomPlan.of(10, OPENS.plus(Duration.ofMinutes(10)), Duration.ofMinutes(15))
                .withPreQueueAt(OPENS.plus(Duration.ofMinutes(5)));
        QueueTicket early = room.join("concert", scheduled, "eager").toCompletableFuture().join();
        assertThat(early.standing()).isEqualTo(QueueTicket.Standing.NOT_YET_OPEN);
        assertThat(early.ticket()).isNull();
        assertThat(early.retryAfterSeconds()).isEqualTo(300);
        assertThat(steps.of(RoomStep.Kind.JOINED)).isEmpty();

        clock.advance(Duration.ofMinutes(5));
        QueueTicket queued = room.join("concert", scheduled, "eager").toCompletableFuture().join();
        assertThat(queued.standing()).isEqualTo(QueueTicket.Standing.WAITING);
        assertThat(queued.estimatedWait()).isEqualTo(Duration.ofMinutes(5).plusMillis(100));
    }

    @Test
    void theRoomOpensByItselfAtTheOpeningAndShufflesThePreQueueThen() {
        Instant opening = OPENS.plus(Duration.ofMinutes(10));
        RoomPlan scheduled = RoomPlan.of(10, opening, Duration.ofMinutes(15)).withPreQueueAt(OPENS);
        List<String> arrivals = new ArrayList<>();
        List<QueueTicket> tickets = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            arrivals.add("pre-" + i);
            tickets.add(room.join("concert", scheduled, "pre-" + i).toCompletableFuture().join());
            clock.advance(Duration.ofSeconds(10));
        }
        assertThat(room.openIfDue("concert", scheduled).toCompletableFuture().join()).isFalse();
        assertThat(steps.of(RoomStep.Kind.SHUFFLED)).isEmpty();

        clock.advance(Duration.between(clock.instant(), opening));
        assertThat(room.openIfDue("concert", scheduled).toCompletableFuture().join()).isTrue();
        // Opened with no buyer asking, at the opening; asking again opens nothing more.
        assertThat(steps.of(RoomStep.Kind.SHUFFLED)).singleElement().satisfies(step -> {
            assertThat(step.at()).isEqualTo(opening);
            assertThat(step.position()).isEqualTo(30);
        });
        assertThat(room.openIfDue("concert", scheduled).toCompletableFuture().join()).isTrue();
        assertThat(steps.of(RoomStep.Kind.SHUFFLED)).hasSize(1);

        String[] order = new String[30];
        for (QueueTicket ticket : tickets) {
            QueueTicket now = room.look("concert", scheduled, ticket.buyerId(), ticket.ticket()).toCompletableFuture()
                    .join().orElseThrow();
            order[(int) now.position() - 1] = now.buyerId();
        }
        long seed = steps.of(RoomStep.Kind.SHUFFLED).getFirst().seed();
        assertThat(List.of(order)).isNotEqualTo(arrivals).isEqualTo(ShuffleOrder.of(seed, arrivals));
    }
}
