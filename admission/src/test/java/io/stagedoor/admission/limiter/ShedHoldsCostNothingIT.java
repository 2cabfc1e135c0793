package io.stagedoor.admission.limiter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.testsupport.CpuBurner;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.RedisClusterServers;
import io.stagedoor.testsupport.RedisStall;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A shed never costs the buyer. One buyer sends 64 one-seat holds at once while this JVM's CPU is saturated by the
 * test, through the limiter as the ingress wires it (one shared Redis access whose deadline is the limiter's, the
 * default limits, a hold's checks: a token per seat from the buyer, one from the organizer, and one from a limit
 * declared by a line of configuration, per event). Holds whose Redis
 * call missed its deadline are shed, though their script may have run and taken the tokens; those tokens must come
 * back. After the burst (and once every unused take is settled), the buyer's holds are counted on until the first
 * refusal: exactly the burst of 10 every time, and the organizer and the event paid for exactly those. The clock is fixed, so no
 * token refills in between and any difference from 10 is a token lost or given twice.
 *
 * <p>Twenty repetitions, a fresh buyer, organizer and event each, on one Redis and on a three-primary cluster (where
 * the three buckets hash to slots of their own, so a hold is up to three script calls).
 */
class ShedHoldsCostNothingIT {

    private static final long NOW = 1_900_000_000_000L;
    private static final int REPETITIONS = 20;
    private static final int HOLDS_AT_ONCE = 64;
    /**
     * The deadline of the limiter's Redis calls in this test: shorter than the 50 ms default so that the saturation
     * makes calls miss it in every run on any machine (a missed deadline is what this test is about).
     */
    private static final Duration DEADLINE = Duration.ofMillis(5);
    private static final Duration SATURATION_BOUND = Duration.ofSeconds(60);
    /**
     * How long Redis stalls now and then during a burst: longer than the deadline plus the time the deadline gives our
     * own reply readers, so a call behind a stall is missed while Redis still answers.
     */
    private static final Duration STALL = Duration.ofMillis(40);

    private final Limits limits = Limits.defaults();
    /**
     * The organizer's limit as configured, but slow to refill: Redis expires an idle bucket after twice its time to
     * fill, on Redis's own clock, and the default organizer bucket (full in 1 s) would expire during a slow run
     * whatever this test's fixed clock says, reading as full and hiding what it paid.
     */
    private final LimitPolicy organizerHolds = new LimitPolicy(limits.policy("organizer-holds").name(),
            limits.policy("organizer-holds").capacity(), limits.policy("organizer-holds").refillTokens(), Duration.ofHours(1),
            limits.policy("organizer-holds").whenRedisDown(), false);
    /**
     * The shipped limits, the organizer's slowed as above, and a limit declared as an operator would, one line of
     * configuration: holds per event, a third bucket (on a cluster a third slot) each hold pays into.
     */
    private final Limits declared = limits.with(organizerHolds).declare("event-holds", "1000,1,PT1H per event on holds");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"one Redis", "Redis Cluster"})
    void aBuyersHoldsShedUnderSaturationCostThemNothing(String deployment) throws Exception {
        List<String> nodes = deployment.equals("one Redis") ? List.of(RealServers.redisUri())
                : RedisClusterServers.shared().nodes();
        RedisEndpoint endpoint = deployment.equals("one Redis") ? RedisEndpoint.of(nodes.get(0))
                : RedisEndpoint.cluster(nodes);
        OutageSettings outage = OutageSettings.defaults().withCommandTimeout(DEADLINE);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String namespace = TestNames.unique("shed-refund");
        long shedTotal = 0;
        List<String> runs = new ArrayList<>();
        try (RedisAccess access = RedisAccess.open(endpoint, outage);
             RedisAccess patient = RedisAccess.open(endpoint, OutageSettings.defaults()
                     .withCommandTimeout(Duration.ofSeconds(1)));
             Limiter limiter = Limiter.builder().clock(() -> NOW).meterRegistry(registry).keyNamespace(namespace)
                     .settings(LimiterSettings.defaults().withOutage(outage)).redis(access);
             // Counts what is left afterwards, with a deadline no load misses: it is not what is tested.
             Limiter counter = Limiter.builder().clock(() -> NOW).keyNamespace(namespace).redis(patient)) {
            for (int run = 0; run < REPETITIONS; run++) {
                String buyer = TestNames.unique("buyer");
                String organizer = TestNames.unique("organizer");
                String event = TestNames.unique("event");
                List<LimitCheck> hold = declared.checks(LimitedRoute.HOLDS, LimitSubject.hold(buyer, organizer, event, 1));
                // Like an ingress in service, the limiter has just heard from Redis.
                await().atMost(Duration.ofSeconds(20)).until(() -> limiter.decide(List.of(LimitCheck.of(
                        limits.policy("buyer-seats"), TestNames.unique("warm")))).toCompletableFuture().get(10, TimeUnit.SECONDS)
                        .source() == DecisionSource.REDIS);
                double refundedBefore = sum(registry, AdmissionMeter.REFUNDED_TOKENS);

                Map<String, Integer> sources = burst(limiter, hold, nodes);
                await().atMost(Duration.ofSeconds(30)).until(() -> awaited(registry) == 0);
                int burstAdmitted = sources.getOrDefault("admitted", 0);
                int later = admittedUntilRefused(counter, hold);
                Decision organizerAfter = counter.decide(List.of(LimitCheck.of(organizerHolds, organizer)))
                        .toCompletableFuture().get(10, TimeUnit.SECONDS);
                Decision eventAfter = counter.decide(List.of(LimitCheck.of(declared.policy("event-holds"), event)))
                        .toCompletableFuture().get(10, TimeUnit.SECONDS);

                double refunded = sum(registry, AdmissionMeter.REFUNDED_TOKENS) - refundedBefore;
                int shed = sources.getOrDefault("shed", 0);
                shedTotal += shed;
                runs.add("run " + run + ": " + sources + ", admitted later " + later + ", tokens refunded " + refunded);
                assertThat(sum(registry, AdmissionMeter.FALLBACK_DECISIONS)).as("no fallback while Redis answers: %s",
                        runs).isZero();
                assertThat(burstAdmitted + later).as("holds admitted out of a burst of 10: %s", runs).isEqualTo(10);
                assertThat(organizerAfter.remaining()).as("the organizer paid for the admitted holds only: %s", runs)
                        .isEqualTo(organizerHolds.capacity() - 10 - 1);
                assertThat(eventAfter.remaining()).as("the declared event limit paid for the admitted holds only: %s",
                        runs).isEqualTo(declared.policy("event-holds").capacity() - 10 - 1);
            }
            double refundedTotal = sum(registry, AdmissionMeter.REFUNDED_TOKENS);
            runs.forEach(System.out::println);
            System.out.printf("%s: %d holds shed, %.0f tokens refunded, %.0f refunds failed over %d runs%n",
                    deployment, shedTotal, refundedTotal, count(registry, "failed"), REPETITIONS);
            assertThat(shedTotal).as("the saturation made calls miss their deadline").isPositive();
            assertThat(refundedTotal).as("tokens of shed holds were given back").isPositive();
            assertThat(count(registry, "failed")).as("refunds that failed").isZero();
        }
    }

    /**
     * The buyer's 64 holds at once, with this JVM's CPU saturated and Redis stalling now and then (so that calls miss
     * their deadline while Redis answers); the decisions by who made them.
     */
    private static Map<String, Integer> burst(Limiter limiter, List<LimitCheck> hold, List<String> nodes)
            throws Exception {
        Map<String, Integer> sources = new TreeMap<>();
        try (CpuBurner busy = CpuBurner.start(SATURATION_BOUND);
             RedisStall slow = RedisStall.start(nodes, STALL, SATURATION_BOUND);
             ExecutorService buyers = Executors.newFixedThreadPool(HOLDS_AT_ONCE)) {
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> CpuBurner.cpuLoad() > 0.9);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Decision>> decisions = new ArrayList<>(HOLDS_AT_ONCE);
            for (int i = 0; i < HOLDS_AT_ONCE; i++) {
                decisions.add(buyers.submit(() -> {
                    go.await();
                    return limiter.decide(hold).toCompletableFuture().get(30, TimeUnit.SECONDS);
                }));
            }
            go.countDown();
            for (Future<Decision> decision : decisions) {
                Decision decided = decision.get(60, TimeUnit.SECONDS);
                assertThat(decided.source()).as("who decided").isIn(DecisionSource.REDIS,
                        DecisionSource.REFUSAL_CACHE, DecisionSource.OVERLOADED);
                sources.merge(decided.admitted() ? "admitted" : decided.shed() ? "shed" : "refused", 1, Integer::sum);
            }
        }
        return sources;
    }

    /** The buyer's holds, one at a time, until the first refusal: how many were admitted. */
    private static int admittedUntilRefused(Limiter counter, List<LimitCheck> hold) throws Exception {
        for (int admitted = 0; ; admitted++) {
            Decision decision = counter.decide(hold).toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertThat(decision.source()).isEqualTo(DecisionSource.REDIS);
            if (!decision.admitted()) {
                return admitted;
            }
        }
    }


    private static double awaited(SimpleMeterRegistry registry) {
        Gauge gauge = registry.find(AdmissionMeter.REFUNDS_AWAITED.meterName()).gauge();
        return gauge == null ? 0 : gauge.value();
    }

    private static double count(SimpleMeterRegistry registry, String result) {
        Counter counter = registry.find(AdmissionMeter.REFUNDED_TOKENS.meterName())
                .tag(AdmissionMeter.TAG_RESULT, result).counter();
        return counter == null ? 0 : counter.count();
    }

    private static double sum(SimpleMeterRegistry registry, AdmissionMeter meter) {
        return registry.find(meter.meterName()).counters().stream().mapToDouble(Counter::count).sum();
    }
}
