package io.stagedoor.ingress.holds;

import java.util.List;

/**
 * The body of {@code POST /v1/events/{eventId}/holds}.
 *
 * @param seats the seat ids to hold, all or none
 */
public record HoldBody(List<String> seats) {
}
