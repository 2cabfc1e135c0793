/**
 * One request's trace as it crosses the pipeline: W3C trace context carried in record headers, and the spans each
 * part adds, on the global OpenTelemetry (a no-op until the launcher installs an SDK).
 */
package io.stagedoor.topics.trace;
