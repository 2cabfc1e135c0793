package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.scans.ScannedTickets;
import io.stagedoor.testsupport.CpuBurner;
import io.stagedoor.testsupport.PrivateRedis;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.RedisStall;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.ids.CorrelationIds;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Scanned tickets and idempotency keys under our own saturation, on two instances (two stores on two accesses to one
 * real Redis, each with a memory of its own): while Redis answers, a call this saturated process cannot hear in time
 * is shed (and retried, as a client told 503 would), never answered from the instance's memory, so a ticket still
 * scans once and a reused key with another body is still refused. The deadline is cut to 1 ms so that the saturation
 * makes calls miss it on any machine. With Redis stopped, the fallbacks answer as before, counted.
 */
class SaturatedRedisUsersIT {

    private static final byte[] SECRET = "saturated-users-test-secret-of-32-bytes".getBytes(StandardCharsets.UTF_8);
    private static final OutageSettings TINY = OutageSettings.defaults().withCommandTimeout(Duration.ofMillis(1));
    private static final int TICKETS = 150;
    private static final int KEYS = 150;
    private static final Duration SATURATION_BOUND = Duration.ofSeconds(90);
    /** How long rounds of calls go on while none has been shed yet. */
    private static final Duration ROUNDS_BOUND = Duration.ofSeconds(30);

    @Test
    void aTicketScansOnceAcrossTwoInstancesWhileThisProcessIsSaturated() throws Exception {
        AtomicInteger sheds = new AtomicInteger();
        List<String> twice = new ArrayList<>();
        List<String> never = new ArrayList<>();
        try (RedisAccess a = RedisAccess.open(RedisEndpoint.of(RealServers.redisUri()), TINY);
             RedisAccess b = RedisAccess.open(RedisEndpoint.of(RealServers.redisUri()), TINY);
             ScannedTickets one = ScannedTickets.open(a);
             ScannedTickets two = ScannedTickets.open(b);
             CpuBurner busy = saturated();
             RedisStall slow = stalled();
             ExecutorService gates = Executors.newFixedThreadPool(16)) {
            // Rounds until a stall has made some scan miss its deadline (the stalls start on threads of their own).
            long until = System.nanoTime() + ROUNDS_BOUND.toNanos();
            do {
                List<Future<Boolean>> first = new ArrayList<>();
                List<Future<Boolean>> second = new ArrayList<>();
                List<String> tickets = new ArrayList<>();
                for (int i = 0; i < TICKETS; i++) {
                    String ticket = TestNames.unique("ticket");
                    tickets.add(ticket);
                    first.add(gates.submit(() -> retriedWhileShed(() -> one.firstScan(ticket), sheds)));
                    second.add(gates.submit(() -> retriedWhileShed(() -> two.firstScan(ticket), sheds)));
                }
                for (int i = 0; i < TICKETS; i++) {
                    int admitted = (first.get(i).get(60, TimeUnit.SECONDS) ? 1 : 0)
                            + (second.get(i).get(60, TimeUnit.SECONDS) ? 1 : 0);
                    (admitted == 2 ? twice : admitted == 0 ? never : new ArrayList<String>()).add(tickets.get(i));
                }
            } while (sheds.get() == 0 && System.nanoTime() - until < 0);
        }
        System.out.printf("scans: %d tickets at two gates, %d scans shed and retried%n", TICKETS, sheds.get());
        assertThat(twice).as("tickets admitted at both gates").isEmpty();
        assertThat(never).as("tickets admitted at neither gate").isEmpty();
        assertThat(sheds.get()).as("scans shed: the saturation made calls miss their deadline").isPositive();
    }

    @Test
    void aKeyReusedWithAnotherBodyOnTheOtherInstanceIsStillRefusedWhileThisProcessIsSaturated() throws Exception {
        CorrelationIds ids = new CorrelationIds(SECRET, Clock.systemUTC());
        AtomicInteger sheds = new AtomicInteger();
        List<String> accepted = new ArrayList<>();
        try (RedisAccess a = RedisAccess.open(RedisEndpoint.of(RealServers.redisUri()), TINY);
             RedisAccess b = RedisAccess.open(RedisEndpoint.of(RealServers.redisUri()), TINY);
             IdempotentRequests one = IdempotentRequests.open(ids, a);
             IdempotentRequests two = IdempotentRequests.open(ids, b);
             CpuBurner busy = saturated();
             RedisStall slow = stalled();
             ExecutorService buyers = Executors.newFixedThreadPool(16)) {
            long until = System.nanoTime() + ROUNDS_BOUND.toNanos();
            do {
                List<Future<String>> answers = new ArrayList<>();
                for (int i = 0; i < KEYS; i++) {
                    String buyer = TestNames.unique("buyer");
                    answers.add(buyers.submit(() -> {
                        retriedWhileShed(() -> one.correlationId(buyer, "k-1",
                                new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-1"))), sheds);
                        try {
                            retriedWhileShed(() -> two.correlationId(buyer, "k-1",
                                    new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-2"))), sheds);
                            return buyer;
                        } catch (ProblemException refused) {
                            assertThat(refused.problem().status()).isEqualTo(ProblemType.UNPROCESSABLE.status());
                            return null;
                        }
                    }));
                }
                for (Future<String> answer : answers) {
                    String buyer = answer.get(60, TimeUnit.SECONDS);
                    if (buyer != null) {
                        accepted.add(buyer);
                    }
                }
            } while (sheds.get() == 0 && System.nanoTime() - until < 0);
        }
        System.out.printf("idempotency keys: %d reused keys, %d calls shed and retried%n", KEYS, sheds.get());
        assertThat(accepted).as("buyers whose reused key was accepted with another body").isEmpty();
        assertThat(sheds.get()).as("calls shed: the saturation made calls miss their deadline").isPositive();
    }

    @Test
    void withRedisStoppedTheFallbacksDecideAsBeforeAndAreCounted() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CorrelationIds ids = new CorrelationIds(SECRET, Clock.systemUTC());
        try (PrivateRedis redis = PrivateRedis.start();
             RedisAccess access = RedisAccess.open(RedisEndpoint.of(redis.uri()), OutageSettings.defaults());
             ScannedTickets scans = ScannedTickets.open(access);
             IdempotentRequests keys = IdempotentRequests.open(ids, access)) {
            access.policy().bindTo(registry);
            redis.stop();
            String ticket = TestNames.unique("ticket");
            assertThat(scans.firstScan(ticket)).isTrue();
            assertThat(scans.firstScan(ticket)).isFalse();
            String buyer = TestNames.unique("buyer");
            keys.correlationId(buyer, "k-1", new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-1")));
            try {
                keys.correlationId(buyer, "k-1", new IdempotentRequests.HoldContent("holds", "e-1", List.of("S-2")));
                throw new AssertionError("a reused key with another body was accepted during the outage");
            } catch (ProblemException refused) {
                assertThat(refused.problem().status()).isEqualTo(ProblemType.UNPROCESSABLE.status());
            }
            assertThat(failures(registry, "scanned tickets", "outage")).isEqualTo(2);
            assertThat(failures(registry, "idempotency keys", "outage")).isEqualTo(2);
            assertThat(failures(registry, "scanned tickets", "shed")).isZero();
            assertThat(failures(registry, "idempotency keys", "shed")).isZero();
        }
    }

    private static double failures(SimpleMeterRegistry registry, String user, String outcome) {
        FunctionCounter counter = registry.find(AdmissionMeter.REDIS_USER_FAILURES.meterName())
                .tags(AdmissionMeter.TAG_USER, user, AdmissionMeter.TAG_OUTCOME, outcome).functionCounter();
        return counter == null ? 0 : counter.count();
    }

    /** The JVM's CPU saturated, and seen to be by the load this process reads. */
    /**
     * Redis stalling now and then (40 ms, past the deadline and the time it gives our reply readers), so calls miss
     * their deadline while Redis still answers.
     */
    private static RedisStall stalled() {
        return RedisStall.start(List.of(RealServers.redisUri()), Duration.ofMillis(40), SATURATION_BOUND);
    }

    private static CpuBurner saturated() throws InterruptedException {
        CpuBurner busy = CpuBurner.start(SATURATION_BOUND);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> CpuBurner.cpuLoad() > 0.9);
        return busy;
    }

    /** {@code call}'s answer, asked again each time it was shed (a client told 503 asks again). */
    private static <T> T retriedWhileShed(Supplier<T> call, AtomicInteger sheds) {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                if (!GuardedCalls.shed(e) || System.nanoTime() - until > 0) {
                    throw e;
                }
                sheds.incrementAndGet();
            }
        }
    }
}
