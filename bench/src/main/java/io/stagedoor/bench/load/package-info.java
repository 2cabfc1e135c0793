/**
 * What the HTTP benchmarks share: a keep-alive HTTP/1.1 connection on a plain socket, closed and open load
 * loops on virtual threads with HdrHistogram latencies, buyer tokens, flags and the machine's load.
 */
package io.stagedoor.bench.load;
