/**
 * The bucket benchmark: Stagedoor's Redis limiter against Bucket4j's Lettuce proxy manager and against the bare
 * script, on one Redis, in alternating rounds, printed as figures and ratios. Not a test.
 */
package io.stagedoor.bench.bucket;
