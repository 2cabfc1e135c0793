package io.stagedoor.admission.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.stagedoor.testsupport.RealServers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The cap on active buyers held by two room instances on one real Redis. */
class ActiveCapAcrossInstancesIT extends OnTwoRooms {

    private static final Instant OPENS = Instant.parse("2026-12-01T19:00:00Z");
    private static final int CAP = 50;
    private static final int BUYERS = 300;

    ActiveCapAcrossInstancesIT() {
        super("capped-shared", OPENS);
    }

    /**
     * Three hundred buyers on threads of their own, through alternating instances, wait for a pass, then check out,
     * while a watcher reads the active set from Redis directly. The rate (a thousand a second) never binds: the cap
     * is all that holds them back, and it is taken and checked in one script call, so two instances admitting into
     * the last free slot at once cannot both take it.
     */
    @RepeatedTest(3)
    void neverMoreThanFiftyAreActiveAcrossTwoInstances() throws Exception {
        RoomPlan plan = RoomPlan.of(1_000, OPENS, Duration.ofMinutes(15)).withMaxActive(CAP);
        AtomicLong mostSeenInRedis = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        String activeKey = RoomKeys.of(options.keyNamespace(), event)[4];
        RedisClient client = RedisClient.create(RealServers.redisUri());
        try (StatefulRedisConnection<String, String> watcher = client.connect(StringCodec.UTF8);
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<?> watching = threads.submit(() -> {
                while (running.get()) {
                    mostSeenInRedis.accumulateAndGet(watcher.sync().zcard(activeKey), Math::max);
                }
            });
            List<Future<Boolean>> buyers = new ArrayList<>();
            for (int i = 0; i < BUYERS; i++) {
                int buyer = i;
                buyers.add(threads.submit(() -> buyUntilAdmitted(plan, buyer)));
            }
            for (Future<Boolean> buyer : buyers) {
                assertThat(buyer.get(60, TimeUnit.SECONDS)).isTrue();
            }
            running.set(false);
            watching.get(10, TimeUnit.SECONDS);
        } finally {
            client.shutdown();
        }

        assertThat(mostSeenInRedis.get()).isLessThanOrEqualTo(CAP);
        List<RoomStep> admitted = steps.of(RoomStep.Kind.ADMITTED);
        assertThat(admitted).hasSize(BUYERS).extracting(RoomStep::buyerId).doesNotHaveDuplicates();
        assertThat(admitted).extracting(RoomStep::active).allMatch(active -> active <= CAP);
        // The cap bound: at some moment every slot was taken.
        assertThat(admitted).extracting(RoomStep::active).contains((long) CAP);
        assertThat(steps.of(RoomStep.Kind.ENDED)).hasSize(BUYERS);
        assertThat(first.snapshot(event, plan).toCompletableFuture().join().active()).isZero();
    }

    /** One buyer: joins, asks until admitted (as Retry-After tells them, about every millisecond here), checks out. */
    private boolean buyUntilAdmitted(RoomPlan plan, int buyer) {
        String id = "buyer-" + buyer;
        QueueTicket ticket = instance(buyer).join(event, plan, id).toCompletableFuture().join();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(50);
        int asks = buyer;
        while (ticket.standing() == QueueTicket.Standing.WAITING && System.nanoTime() < deadline) {
            clock.advance(Duration.ofMillis(1));
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            ticket = instance(++asks).look(event, plan, id, ticket.ticket()).toCompletableFuture().join().orElseThrow();
        }
        if (ticket.standing() != QueueTicket.Standing.ADMITTED) {
            return false;
        }
        assertThat(instance(asks + 1).check(ticket.pass().token(), event, id)).isEqualTo(PassVerdict.VALID);
        return instance(asks).end(event, plan, id, SessionEnd.CHECKED_OUT).toCompletableFuture().join();
    }

    @Test
    void aCheckoutOnOneInstanceLetsTheNextBuyerInOnTheOtherBeforeTheRateWould() {
        // One a second, two active: b1 and b2 fill the room at 2 s; the rate alone would reach b3 at 3 s.
        RoomPlan plan = RoomPlan.of(1, OPENS, Duration.ofMinutes(15)).withMaxActive(2);
        List<QueueTicket> queue = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            queue.add(instance(i).join(event, plan, "b" + i).toCompletableFuture().join());
        }
        clock.advance(Duration.ofSeconds(2));
        assertThat(look(first, plan, queue.get(0)).standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(look(second, plan, queue.get(1)).standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        clock.advance(Duration.ofMillis(100));
        assertThat(look(first, plan, queue.get(2)).standing()).isEqualTo(QueueTicket.Standing.WAITING);

        assertThat(first.end(event, plan, "b1", SessionEnd.CHECKED_OUT).toCompletableFuture().join()).isTrue();
        QueueTicket third = look(second, plan, queue.get(2));
        assertThat(third.standing()).isEqualTo(QueueTicket.Standing.ADMITTED);
        assertThat(clock.instant()).isBefore(OPENS.plusSeconds(3));
        assertThat(look(first, plan, queue.get(3)).standing()).isEqualTo(QueueTicket.Standing.WAITING);
        assertThat(steps.of(RoomStep.Kind.SLOTS_FREED)).extracting(RoomStep::position).containsExactly(1L);
    }

    private QueueTicket look(WaitingRoom room, RoomPlan plan, QueueTicket ticket) {
        return room.look(event, plan, ticket.buyerId(), ticket.ticket()).toCompletableFuture().join().orElseThrow();
    }
}
