/**
 * Small subcommands that run one part of the pipeline as its own process (a broker, Redis, the payment gateway)
 * until SIGTERM, so the chaos harness can stop, kill and restart each part on its own.
 */
package io.stagedoor.cli.serve;
