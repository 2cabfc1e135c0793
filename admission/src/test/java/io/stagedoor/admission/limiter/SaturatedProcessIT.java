package io.stagedoor.admission.limiter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.testsupport.CpuBurner;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis healthy, this JVM's CPU saturated by the test, thousands of decisions at once on buyers who spent their
 * burst: Redis calls miss the 50 ms deadline because this process cannot hear the replies in time, not because
 * Redis is down. No fallback may decide them, so nothing is admitted: each is refused by Redis (or its refusal
 * cache) or shed.
 */
class SaturatedProcessIT {

    private static final int BUYERS = 2_000;
    /** A fixed clock: a bucket spent stays spent, so any admission would be one Redis did not make. */
    private static final long NOW = 1_900_000_000_000L;
    private static final int SPENDING_AT_ONCE = 20;
    private static final Duration SATURATION_BOUND = Duration.ofSeconds(60);

    private final LimitPolicy buyerSeats = Limits.defaults().policy("buyer-seats");
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private Limiter limiter;
    /** Spends the buckets beforehand, with a deadline no machine load can miss: it is not what is tested. */
    private Limiter spender;

    @BeforeEach
    void start() {
        // Built the production way: default deadline and breaker.
        limiter = Limiter.builder().clock(() -> NOW).meterRegistry(registry).redis(RealServers.redisUri());
        spender = Limiter.builder().clock(() -> NOW).settings(LimiterSettings.defaults()
                .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1))))
                .redis(RealServers.redisUri());
    }

    @AfterEach
    void stop() {
        limiter.close();
        spender.close();
    }

    @RepeatedTest(5)
    void aSaturatedProcessNeverFallsBackWhileRedisAnswers() throws Exception {
        List<String> buyers = spentBuyers();

        Map<DecisionSource, Integer> sources = new EnumMap<>(DecisionSource.class);
        int admitted = 0;
        // Like an ingress in service, the limiter has just heard from Redis.
        await().atMost(Duration.ofSeconds(20)).until(() -> limiter.decide(LimitCheck.of(buyerSeats,
                TestNames.unique("warm"))).toCompletableFuture().get(10, TimeUnit.SECONDS).source()
                == DecisionSource.REDIS);
        double shedBefore = sum(AdmissionMeter.SHED_DECISIONS);
        try (CpuBurner busy = CpuBurner.start(SATURATION_BOUND)) {
            List<CompletableFuture<Decision>> decisions = new ArrayList<>(BUYERS);
            for (String buyer : buyers) {
                decisions.add(limiter.decide(LimitCheck.of(buyerSeats, buyer)).toCompletableFuture());
            }
            for (CompletableFuture<Decision> decision : decisions) {
                Decision decided = decision.get(30, TimeUnit.SECONDS);
                sources.merge(decided.source(), 1, Integer::sum);
                admitted += decided.admitted() ? 1 : 0;
            }
        }

        assertThat(sum(AdmissionMeter.FALLBACK_DECISIONS)).as("fallback decisions, sources %s", sources).isZero();
        assertThat(admitted).as("admissions beyond the spent buckets, sources %s", sources).isZero();
        assertThat(sources.keySet()).as("who decided")
                .isSubsetOf(DecisionSource.REDIS, DecisionSource.REFUSAL_CACHE, DecisionSource.OVERLOADED);
        assertThat(sum(AdmissionMeter.SHED_DECISIONS) - shedBefore).as("shed decisions are counted")
                .isEqualTo((double) sources.getOrDefault(DecisionSource.OVERLOADED, 0));
        System.out.println("decisions by source while saturated: " + sources);
    }

    /** Buyers who each took the whole burst in one decision, a few at a time while the process was idle. */
    private List<String> spentBuyers() throws Exception {
        List<String> buyers = new ArrayList<>(BUYERS);
        for (int i = 0; i < BUYERS; i += SPENDING_AT_ONCE) {
            List<CompletableFuture<Decision>> spending = new ArrayList<>(SPENDING_AT_ONCE);
            for (int j = 0; j < SPENDING_AT_ONCE; j++) {
                String buyer = TestNames.unique("spent");
                buyers.add(buyer);
                spending.add(spender.decide(new LimitCheck(buyerSeats, buyer, buyerSeats.capacity()))
                        .toCompletableFuture());
            }
            for (CompletableFuture<Decision> spend : spending) {
                Decision decision = spend.get(10, TimeUnit.SECONDS);
                assertThat(decision.source()).isEqualTo(DecisionSource.REDIS);
                assertThat(decision.remaining()).isZero();
            }
        }
        return buyers;
    }

    private double sum(AdmissionMeter meter) {
        return registry.find(meter.meterName()).counters().stream().mapToDouble(Counter::count).sum();
    }
}
