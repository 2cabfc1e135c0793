/**
 * The token bucket: one contract ({@link io.stagedoor.admission.bucket.BucketStore}) with a Redis script
 * implementation and an in-process twin that share the same exact fixed-point arithmetic.
 */
package io.stagedoor.admission.bucket;
