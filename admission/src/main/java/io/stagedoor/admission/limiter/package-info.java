/**
 * The {@link io.stagedoor.admission.limiter.Limiter} facade the ingress calls and the
 * {@link io.stagedoor.admission.limiter.Decision} it returns, built from the bucket, fallback and Redis packages.
 */
package io.stagedoor.admission.limiter;
