package io.stagedoor.admission.fallback;

import io.stagedoor.admission.bucket.BucketOutcome;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.metrics.AdmissionMetrics;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Gives back the tokens of takes whose answer the limiter did not use. A take cut at its deadline (then shed, or
 * decided by a fallback) may still have run in Redis: its script took the tokens, and its reply arrives after nobody
 * waits for it. That reply is watched here, and when it says admitted, exactly those requests are refunded
 * ({@link BucketStore#refund}): whatever this process decided on its own account costs the buyer and the organizer
 * nothing. A reply that refused, or failed, took nothing; a take never sent has no reply to watch.
 *
 * <p>Each take is handed over at most once, by the one place that saw its answer go unused, so a refund can only
 * follow an outcome nobody used and never doubles one. A refund that fails is counted, never thrown and never
 * retried (a retry whose first attempt ran would give twice).
 */
final class UnusedTakes {

    private final BucketStore store;
    private final AdmissionMetrics metrics;

    UnusedTakes(BucketStore store, AdmissionMetrics metrics) {
        this.store = store;
        this.metrics = metrics;
    }

    /** The answer of {@code reply}, Redis's own future of a take of {@code requests}, will not be used. */
    void unused(CompletionStage<BucketOutcome> reply, List<BucketRequest> requests) {
        metrics.refundAwaited(1);
        reply.whenComplete((outcome, error) -> {
            if (error == null && outcome != null && outcome.admitted()) {
                refund(requests);
            } else {
                metrics.refundAwaited(-1);
            }
        });
    }

    private void refund(List<BucketRequest> requests) {
        long tokens = 0;
        for (BucketRequest request : requests) {
            tokens += request.cost();
        }
        long given = tokens;
        CompletionStage<Void> refund;
        try {
            refund = store.refund(requests);
        } catch (RuntimeException e) {
            refund = CompletableFuture.failedFuture(e);
        }
        refund.whenComplete((done, error) -> {
            metrics.refunded(given, error == null);
            metrics.refundAwaited(-1);
        });
    }
}
