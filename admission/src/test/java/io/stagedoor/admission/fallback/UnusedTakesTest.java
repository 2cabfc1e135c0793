package io.stagedoor.admission.fallback;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.bucket.InProcessBucketStore;
import io.stagedoor.admission.bucket.KeyOutcome;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.metrics.AdmissionMetrics;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Only an admitted reply nobody used is refunded, exactly once; a refund that fails is counted, never thrown. */
class UnusedTakesTest {

    private static final long NOW = 1_900_000_000_000L;
    private static final BucketRequest HOLD = new BucketRequest("buyer", 10, 1, 6_000, 1);

    private final AdmissionMetrics metrics = AdmissionMetrics.inMemory();
    private final InProcessBucketStore buckets = new InProcessBucketStore(100);

    @Test
    void anAdmittedReplyArrivingLateIsRefundedOnce() {
        UnusedTakes unused = new UnusedTakes(buckets, metrics);
        CompletableFuture<BucketOutcome> reply = new CompletableFuture<>();
        unused.unused(reply, List.of(HOLD));
        assertThat(metrics.refundsAwaited()).isEqualTo(1);

        reply.complete(take());
        assertThat(left()).isEqualTo(10);
        assertThat(given()).isEqualTo(1);
        assertThat(metrics.refundsAwaited()).isZero();
    }

    @Test
    void aRefusedOrFailedReplyTookNothingAndIsNotRefunded() {
        UnusedTakes unused = new UnusedTakes(buckets, metrics);
        for (int i = 0; i < 10; i++) {
            take();
        }
        unused.unused(CompletableFuture.completedFuture(new BucketOutcome(false, List.of(new KeyOutcome(0, 6_000)))),
                List.of(HOLD));
        unused.unused(CompletableFuture.failedFuture(new IllegalStateException("connection reset")), List.of(HOLD));

        assertThat(left()).isZero();
        assertThat(given()).isZero();
        assertThat(metrics.refundsAwaited()).isZero();
    }

    @Test
    void aRefundThatFailsIsCountedAndNeverThrown() {
        BucketStore failing = new BucketStore() {
            @Override
            public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
                return buckets.take(requests, nowMillis);
            }

            @Override
            public CompletionStage<Void> refund(List<BucketRequest> requests) {
                throw new IllegalStateException("Redis went away");
            }
        };
        UnusedTakes unused = new UnusedTakes(failing, metrics);
        CompletableFuture<BucketOutcome> reply = new CompletableFuture<>();
        unused.unused(reply, List.of(HOLD));

        reply.complete(take());
        assertThat(metrics.count(AdmissionMeter.REFUNDED_TOKENS, AdmissionMeter.TAG_RESULT, "failed")).isEqualTo(1);
        assertThat(given()).isZero();
        assertThat(metrics.refundsAwaited()).isZero();
    }

    private BucketOutcome take() {
        return buckets.take(List.of(HOLD), NOW).toCompletableFuture().join();
    }

    /** Tokens left, read by a take given straight back. */
    private long left() {
        BucketOutcome outcome = take();
        if (outcome.admitted()) {
            buckets.refund(List.of(HOLD));
            return outcome.keys().get(0).remaining() + 1;
        }
        return 0;
    }

    private double given() {
        return metrics.count(AdmissionMeter.REFUNDED_TOKENS, AdmissionMeter.TAG_RESULT, "given");
    }
}
