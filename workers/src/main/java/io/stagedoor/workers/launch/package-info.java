/**
 * Starts the workers: {@link io.stagedoor.workers.launch.Workers} wires the roles a process runs (inventory, checkout
 * pool, lag probe) from the packages beside it, and {@link io.stagedoor.workers.launch.WorkerMain} is a worker process.
 */
package io.stagedoor.workers.launch;
