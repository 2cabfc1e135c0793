/**
 * How an audit is shown: the terminal summary, the JSON report and the self-contained HTML report with its
 * per-second plots.
 */
package io.stagedoor.audit.report;
