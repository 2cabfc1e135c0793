package io.stagedoor.audit.evidence;

import io.stagedoor.topics.ResultStatus;
import java.time.Instant;

/**
 * A result as the audit needs it: whose it is, how it ended and when.
 *
 * @param correlationId the request it answers
 * @param status        held, confirmed, rejected or failed
 * @param acceptedAt    when the ingress accepted the request, or null when the record did not say
 * @param decidedAt     when the worker decided, or null when the record did not say
 * @param owner         the buyer it answers, or null when the record did not say
 * @param eventId       the event, or null when the record did not say
 * @param holdId        the hold it created or paid for, or null
 */
public record ResultSummary(String correlationId, ResultStatus status, Instant acceptedAt, Instant decidedAt,
                            String owner, String eventId, String holdId) {
}
