/**
 * What the HTTP benchmarks share: a keep-alive HTTP/1.1 connection on a plain socket driven by the harness's load
 * loops ({@link io.stagedoor.bench.load.HttpLoad}), the pipeline a benchmark runs against, buyer tokens, flags and
 * the machine's load.
 */
package io.stagedoor.bench.load;
