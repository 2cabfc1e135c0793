/**
 * Runs an audit: {@link io.stagedoor.audit.run.Audit} reads the window's evidence, runs every check and returns the
 * report, for {@code stagedoor audit}, the demo and the tests.
 */
package io.stagedoor.audit.run;
