/**
 * The checkout pool: a Kafka share group that runs at most a fixed number of payment calls per instance,
 * acquiring no more payment requests than it has free slots, and reports each outcome back to the inventory.
 */
package io.stagedoor.workers.checkout;
