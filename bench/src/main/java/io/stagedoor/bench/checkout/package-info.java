/**
 * The workers' load benchmark: checkout pool throughput and in-flight count with 1, 2 and 4 instances against
 * a gateway of fixed latency, and the inventory's sustained holds per second, on a real broker.
 */
package io.stagedoor.bench.checkout;
