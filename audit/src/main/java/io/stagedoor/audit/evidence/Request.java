package io.stagedoor.audit.evidence;

import java.time.Instant;

/**
 * An accepted request as the audit needs it: a hold or a checkout the ingress published.
 *
 * @param kind          {@code "hold"} or {@code "checkout"}
 * @param correlationId the request's id, which its one result must carry
 * @param eventId       the event
 * @param buyerId       who asked
 * @param admittedAt    when the ingress admitted it, or null when the record did not say
 */
public record Request(String kind, String correlationId, String eventId, String buyerId, Instant admittedAt) {

    public static final String HOLD = "hold";
    public static final String CHECKOUT = "checkout";
}
