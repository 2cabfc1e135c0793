package io.stagedoor.admission.bucket;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Where token buckets live. The contract every implementation keeps (and
 * {@code BucketStoreContract} tests):
 * <ul>
 *   <li>an absent key is a full bucket;</li>
 *   <li>all-or-nothing: either every request's cost is taken, or none is;</li>
 *   <li>a caller whose {@code nowMillis} is behind the stored time gets no refill and does not move the
 *       stored time back;</li>
 *   <li>the arithmetic of {@link BucketArithmetic}, exactly;</li>
 *   <li>a refund gives each request's cost back to its bucket, never above its capacity; an absent bucket (full,
 *       or expired and so full) stays absent.</li>
 * </ul>
 * Implementations never block the calling thread for I/O; a failure completes the stage exceptionally.
 */
public interface BucketStore {

    /**
     * @param requests  one or more buckets to take from, with distinct keys
     * @param nowMillis the caller's clock
     */
    CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis);

    /**
     * Gives back what an admitted {@link #take} of {@code requests} took, for a take whose answer was not used (or
     * whose other half was refused). Call it once per such take: a second refund would give twice. The stamp and
     * expiry of each bucket stay as they are: the level only rises.
     *
     * @param requests the requests of that take, with distinct keys
     */
    CompletionStage<Void> refund(List<BucketRequest> requests);
}
