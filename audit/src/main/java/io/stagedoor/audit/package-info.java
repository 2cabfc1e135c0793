/**
 * The audit ({@code stagedoor audit}): replays the topics of a time window and proves, record by record, that every accepted
 * request got one result, no seat was held or sold twice, every sale was paid once and the limits held.
 */
package io.stagedoor.audit;
