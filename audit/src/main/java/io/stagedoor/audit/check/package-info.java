/**
 * The audit's checks, one class per promise: each reads the evidence and reports the records that broke it.
 */
package io.stagedoor.audit.check;
