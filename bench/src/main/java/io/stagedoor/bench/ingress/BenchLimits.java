package io.stagedoor.bench.ingress;

import io.stagedoor.admission.Decision;
import io.stagedoor.admission.DecisionSource;
import io.stagedoor.admission.Limiter;
import io.stagedoor.admission.LimiterSettings;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.bench.load.BuyerPasses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * The limits of the ingress benchmark. The buyer limit is one hold per hour, so a buyer whose single token was
 * taken stays refused for the whole run: each such buyer's first refusal on the ingress goes to Redis (refusal
 * cache cold) and every later one is answered from the cache (warm). The organizer limit never refuses, so an
 * admitted hold always costs the same two-key take. The work per request is the same as with the default limits:
 * only the numbers differ.
 */
final class BenchLimits {

    static final LimitPolicy BUYER = LimitPolicy.of("buyer-seats", 1, 1, Duration.ofHours(1), WhenUnavailable.FAIL_OPEN);
    static final LimitPolicy ORGANIZER = LimitPolicy.of("organizer-holds", 1_000_000_000L, 1_000_000_000L,
            Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN);

    private BenchLimits() {
    }

    static Limits limits() {
        Limits defaults = Limits.defaults();
        return defaults.with(BUYER).with(ORGANIZER);
    }

    /**
     * Takes the one token of every buyer in {@code buyers} through a limiter of its own (the ingress's refusal
     * cache stays empty), on the same Redis keys as the ingress, with a command timeout of 1 s so that a busy
     * machine cannot make it fail open. Returns how many Redis admitted (should be all).
     */
    static long drain(String redisUri, String namespace, BuyerPasses buyers) throws InterruptedException {
        Semaphore window = new Semaphore(32);
        LimiterSettings patient = LimiterSettings.defaults()
                .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));
        List<CompletableFuture<Decision>> calls = new ArrayList<>(buyers.size());
        try (Limiter limiter = Limiter.builder().keyNamespace(namespace).settings(patient)
                .redis(redisUri)) {
            for (int i = 0; i < buyers.size(); i++) {
                window.acquire();
                CompletableFuture<Decision> call = limiter.decide(LimitCheck.of(BUYER, buyers.buyerId(i)))
                        .toCompletableFuture();
                call.whenComplete((decision, error) -> window.release());
                calls.add(call);
            }
            return calls.stream().map(CompletableFuture::join)
                    .filter(d -> d.admitted() && d.source() == DecisionSource.REDIS).count();
        }
    }
}
