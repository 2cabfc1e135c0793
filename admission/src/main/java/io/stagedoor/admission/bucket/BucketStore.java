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
 *   <li>the arithmetic of {@link BucketArithmetic}, exactly.</li>
 * </ul>
 * Implementations never block the calling thread for I/O; a failure completes the stage exceptionally.
 */
public interface BucketStore {

    /**
     * @param requests  one or more buckets to take from, with distinct keys
     * @param nowMillis the caller's clock
     */
    CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis);
}
