/**
 * Every admission decision, published for audit on the admissions topic. Never waited for: a slow broker makes the
 * audit drop (and count) records, never makes a refusal slower. {@link io.stagedoor.ingress.audit.AuditedLimiter} is
 * the limiter the rings charge, joined to its audit.
 */
package io.stagedoor.ingress.audit;
