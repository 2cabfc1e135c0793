package io.stagedoor.admission.bucket;

import java.util.List;

/**
 * One decision for the bucket script: all or nothing over {@code requests}, at the caller's clock.
 *
 * @param requests  the buckets, with distinct keys
 * @param nowMillis the caller's clock
 */
record Take(List<BucketRequest> requests, long nowMillis) {
}
