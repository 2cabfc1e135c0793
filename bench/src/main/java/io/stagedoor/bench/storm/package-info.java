/**
 * The buyer limit at saturation under an external load generator (wrk): a retry storm and fresh buyers, with the
 * decisions the limiter's fallbacks took while Redis was up.
 */
package io.stagedoor.bench.storm;
