/**
 * Group lag: how many records the inventory's consumer group and the checkout share group have yet to take,
 * read from the cluster on a ticker of its own and published as gauges.
 */
package io.stagedoor.workers.lag;
