/**
 * What happens when Redis is slow or gone: a short timeout and a circuit breaker around the store, so an
 * outage adds milliseconds and each limit falls back to its configured behaviour.
 */
package io.stagedoor.admission.fallback;
