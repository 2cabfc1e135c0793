/**
 * Idempotency-Key: a retried POST gets the same correlation id on any instance, so the workers (which deduplicate
 * by correlation id) never hold or charge twice; the same key with another body is refused.
 */
package io.stagedoor.ingress.idempotency;
