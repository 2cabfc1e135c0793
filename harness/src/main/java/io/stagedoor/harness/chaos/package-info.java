/**
 * The on-sale night fault harness: the pipeline as separate processes on loopback under a steady load, one fault
 * at a time (Redis, the broker, a worker, an ingress, a slow network, bad input), then an audit and loss figures.
 */
package io.stagedoor.harness.chaos;
