/**
 * The end-to-end benchmark (issue 10): holds per second sustained and POST-to-result latency at fixed offered
 * rates and at saturation, with broker, Redis, workers, ingress and driver on one machine.
 */
package io.stagedoor.bench.e2e;
