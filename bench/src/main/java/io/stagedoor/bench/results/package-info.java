/** {@code bench/run results-follow}: what following the results topic costs each ingress instance (decision 0028). */
package io.stagedoor.bench.results;
