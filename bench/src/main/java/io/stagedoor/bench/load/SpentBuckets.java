package io.stagedoor.bench.load;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limiter.LimiterSettings;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/** Buyers whose buckets a benchmark empties in Redis before it measures, so their requests are refused. */
public final class SpentBuckets {

    private SpentBuckets() {
    }

    /**
     * Takes the whole burst of every buyer in {@code buyers} under {@code policy}, through a limiter of its own (the
     * ingress's refusal cache stays empty), on the same Redis keys as the ingress, with a command timeout of 1 s so
     * that a busy machine cannot make it fail open. Returns how many Redis admitted (should be all).
     */
    public static long drain(String redisUri, String namespace, LimitPolicy policy, BuyerPasses buyers)
            throws InterruptedException {
        Semaphore window = new Semaphore(32);
        LimiterSettings patient = LimiterSettings.defaults()
                .withOutage(OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)));
        List<CompletableFuture<Decision>> calls = new ArrayList<>(buyers.size());
        try (Limiter limiter = Limiter.builder().keyNamespace(namespace).settings(patient).redis(redisUri)) {
            for (int i = 0; i < buyers.size(); i++) {
                window.acquire();
                CompletableFuture<Decision> call = limiter.decide(new LimitCheck(policy, buyers.buyerId(i),
                        policy.capacity())).toCompletableFuture();
                call.whenComplete((decision, error) -> window.release());
                calls.add(call);
            }
            return calls.stream().map(CompletableFuture::join)
                    .filter(d -> d.admitted() && d.source() == DecisionSource.REDIS).count();
        }
    }
}
