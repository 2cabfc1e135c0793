/**
 * How far a consumer or share group is behind, asked of the cluster with the Admin API: the workers' lag gauges and
 * the waiting room's closed loop read it.
 */
package io.stagedoor.topics.lag;
