/**
 * Every admit/refuse decision of the front door: the {@link io.stagedoor.admission.Limiter} facade the ingress
 * calls, and the {@link io.stagedoor.admission.Decision} value it returns. No HTTP, no Kafka.
 */
package io.stagedoor.admission;
