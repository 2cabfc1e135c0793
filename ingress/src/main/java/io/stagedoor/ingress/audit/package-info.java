/**
 * Every admission decision, published for audit on the admissions topic. Never waited for: a slow broker makes the
 * audit drop (and count) records, never makes a refusal slower.
 */
package io.stagedoor.ingress.audit;
