/**
 * Limits as configuration: validated immutable policies with their defaults written once
 * ({@link io.stagedoor.admission.limit.Limits#defaults()}), and the check that applies one to one key.
 */
package io.stagedoor.admission.limit;
