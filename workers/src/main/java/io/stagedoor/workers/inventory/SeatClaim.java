package io.stagedoor.workers.inventory;

import io.stagedoor.topics.SeatStatus;

/**
 * Who has a seat: a hold that holds it or bought it. A seat with no claim is available.
 *
 * @param status {@link SeatStatus#HELD} or {@link SeatStatus#SOLD}
 * @param holdId the hold
 */
record SeatClaim(SeatStatus status, String holdId) {
}
