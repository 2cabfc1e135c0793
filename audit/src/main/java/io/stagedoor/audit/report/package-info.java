/**
 * The outcome of an audit ({@link io.stagedoor.audit.report.AuditReport}) and how it is shown: the terminal summary,
 * the JSON report and the self-contained HTML report with its per-second plots.
 */
package io.stagedoor.audit.report;
