/**
 * What the ingress tells operators: metric names in one place, bound to Micrometer, served in Prometheus text
 * format at {@code /metrics}; and the scheduling-lag probe behind readiness.
 */
package io.stagedoor.ingress.metrics;
