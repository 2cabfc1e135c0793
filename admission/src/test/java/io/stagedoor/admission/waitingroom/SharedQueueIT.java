package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Two room clients, as two ingress instances would hold, on one real Redis and one fake clock. */
class SharedQueueIT extends OnTwoRooms {

    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final int BUYERS = 1_000;

    SharedQueueIT() {
        super("shared-queue", OPENS);
    }

    @Test
    void aThousandConcurrentJoinsGetUniquePositionsAndAreAdmittedInOrderOnce() throws Exception {
        RoomPlan plan = RoomPlan.of(50, OPENS, Duration.ofMinutes(15));
        List<QueueTicket> tickets = new ArrayList<>();
        // Every buyer joins on a thread of its own through either instance: the script is all that orders them.
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<QueueTicket>> joins = new ArrayList<>();
            for (int i = 0; i < BUYERS; i++) {
                int buyer = i;
                joins.add(threads.submit(() -> instance(buyer).join(event, plan, "buyer-" + buyer).toCompletableFuture().join()));
            }
            for (Future<QueueTicket> join : joins) {
                tickets.add(join.get());
            }
        }
        assertThat(tickets).extracting(QueueTicket::position).doesNotHaveDuplicates()
                .allMatch(position -> position >= 1 && position <= BUYERS);
        Map<Long, QueueTicket> byPosition = tickets.stream()
                .collect(Collectors.toMap(QueueTicket::position, Function.identity()));

        // Each tick, ask in position order until someone still waits, through alternating instances, and ask a few
        // further back: the admitted are always exactly a prefix of the positions.
        long admittedUpTo = 0;
        int asks = 0;
        while (admittedUpTo < BUYERS) {
            clock.advance(Duration.ofMillis(500));
            while (admittedUpTo < BUYERS) {
                QueueTicket next = byPosition.get(admittedUpTo + 1);
                QueueTicket now = instance(asks++).look(event, plan, next.buyerId(), next.ticket())
                        .toCompletableFuture().join().orElseThrow();
                if (now.standing() == QueueTicket.Standing.WAITING) {
                    break;
                }
                admittedUpTo++;
            }
            for (long behind = admittedUpTo + 2; behind <= Math.min(BUYERS, admittedUpTo + 40); behind += 19) {
                QueueTicket later = byPosition.get(behind);
                assertThat(instance(asks++).look(event, plan, later.buyerId(), later.ticket()).toCompletableFuture()
                        .join().orElseThrow().standing()).isEqualTo(QueueTicket.Standing.WAITING);
            }
        }
        for (QueueTicket ticket : tickets) {
            assertThat(instance(asks++).look(event, plan, ticket.buyerId(), ticket.ticket()).toCompletableFuture()
                    .join().orElseThrow().standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        }

        List<RoomStep> admitted = steps.of(RoomStep.Kind.ADMITTED);
        assertThat(admitted).hasSize(BUYERS);
        assertThat(admitted).extracting(RoomStep::buyerId).doesNotHaveDuplicates();
        Map<String, Long> positions = new HashMap<>();
        tickets.forEach(ticket -> positions.put(ticket.buyerId(), ticket.position()));
        assertThat(admitted).allMatch(step -> step.position() == positions.get(step.buyerId()));
        assertThat(steps.of(RoomStep.Kind.JOINED)).hasSize(BUYERS);
        assertThat(steps.of(RoomStep.Kind.SHUFFLED)).hasSize(1);
    }

    @Test
    void theEntryRateIsHonouredWithinFivePercentOverThirtySeconds() {
        RoomPlan plan = RoomPlan.of(50, OPENS, Duration.ofMinutes(15));
        List<QueueTicket> queue = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            queue.add(instance(i).join(event, plan, "buyer-" + i).toCompletableFuture().join());
        }
        int admitted = 0;
        List<Integer> perSecond = new ArrayList<>();
        for (int second = 0; second < 30; second++) {
            int before = admitted;
            // Buyers come back every 100 ms, as Retry-After tells the ones near the front.
            for (int tick = 0; tick < 10; tick++) {
                clock.advance(Duration.ofMillis(100));
                while (instance(admitted).look(event, plan, queue.get(admitted).buyerId(), queue.get(admitted).ticket())
                        .toCompletableFuture().join().orElseThrow().standing() != QueueTicket.Standing.WAITING) {
                    admitted++;
                }
            }
            perSecond.add(admitted - before);
        }
        assertThat(admitted).isBetween(1_425, 1_575);
        assertThat(perSecond).allMatch(count -> count >= 45 && count <= 55);
        assertThat(first.snapshot(event, plan).toCompletableFuture().join().admitted()).isEqualTo(admitted);
    }
}
