/**
 * The payment gateway port the checkout pool calls, with an HTTP client for a real gateway and "Payrail", a
 * simulated gateway with configurable latency and failures, runnable in process or as its own HTTP server.
 */
package io.stagedoor.workers.payment;
