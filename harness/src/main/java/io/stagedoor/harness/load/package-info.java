/**
 * The load driver every load shares: arrivals paced at an offered rate with a bound on those in flight
 * ({@link io.stagedoor.harness.load.OpenLoop}), N callers back to back ({@link io.stagedoor.harness.load.ClosedLoop}),
 * and the bookkeeping of what came back: answers by status with latency histograms
 * ({@link io.stagedoor.harness.load.Tally}) or exact samples ({@link io.stagedoor.harness.load.LatencySamples}).
 * The demo, the fault scenarios and bench's HTTP benchmarks drive their own requests through it.
 */
package io.stagedoor.harness.load;
