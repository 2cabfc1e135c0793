/**
 * Stagedoor's workers: the seat inventory and the checkout pool, started together or apart with
 * {@link io.stagedoor.workers.launch.Workers#start}. The root holds what a caller needs: settings, roles, metric names.
 */
package io.stagedoor.workers;
