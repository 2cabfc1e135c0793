/**
 * Metric names of the admission module in one place, and their binding to Micrometer.
 */
package io.stagedoor.admission.metrics;
