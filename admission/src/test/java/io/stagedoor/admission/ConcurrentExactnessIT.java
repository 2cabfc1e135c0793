package io.stagedoor.admission;

import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two ingress instances (two limiters, each with its own Lettuce client) and 32 callers on each, released at
 * once on one fresh buyer bucket: the script is the only place tokens are taken, so exactly the capacity is
 * admitted, never one more, whatever the interleaving at the server.
 */
class ConcurrentExactnessIT {

    private static final int CALLERS_PER_INSTANCE = 32;
    private static final long NOW = 1_900_000_000_000L;
    private static Limiter first;
    private static Limiter second;
    private static ExecutorService callers;

    @BeforeAll
    static void start() {
        // A generous timeout: this test is about exactness, and a timed-out call would fail open by design.
        LimiterSettings settings = LimiterSettings.defaults()
                .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));
        first = Limiter.builder().clock(() -> NOW).settings(settings).redis(RealServers.redisUri());
        second = Limiter.builder().clock(() -> NOW).settings(settings).redis(RealServers.redisUri());
        callers = Executors.newFixedThreadPool(2 * CALLERS_PER_INSTANCE);
    }

    @AfterAll
    static void stop() {
        callers.shutdownNow();
        first.close();
        second.close();
    }

    @RepeatedTest(50)
    void twoInstancesAdmitExactlyTheBurstOfOneFreshBuyer() throws Exception {
        LimitCheck hold = LimitCheck.of(Limits.defaults().buyerSeats(), TestNames.unique("buyer"));
        CountDownLatch ready = new CountDownLatch(2 * CALLERS_PER_INSTANCE);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<CompletableFuture<Decision>>> calls = new ArrayList<>();
        for (int i = 0; i < 2 * CALLERS_PER_INSTANCE; i++) {
            Limiter instance = i % 2 == 0 ? first : second;
            calls.add(callers.submit(() -> {
                ready.countDown();
                go.await();
                return instance.decide(hold).toCompletableFuture();
            }));
        }
        assertThat(ready.await(10, TimeUnit.SECONDS)).isTrue();
        go.countDown();
        int admitted = 0;
        for (Future<CompletableFuture<Decision>> call : calls) {
            Decision decision = call.get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
            assertThat(decision.source()).isIn(DecisionSource.REDIS, DecisionSource.REFUSAL_CACHE);
            admitted += decision.admitted() ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(10);
    }
}
