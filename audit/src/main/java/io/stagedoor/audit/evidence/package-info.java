/**
 * What the audit reads back: the records of each topic in the window, parsed only as far as a check needs and
 * each kept with where it came from (topic, partition, offset), so a failed check can name its records.
 */
package io.stagedoor.audit.evidence;
