// The waiting room: the client joins, then asks again when the room's Retry-After says (never sooner), and the page
// shows the place and the wait the room estimates until the pass arrives.

import { RefusedError, WaitOverError } from './service.js';
import { count, roughly, seconds } from '../format.js';

/** What the end of a wait means to a buyer; sold-out and closed carry the room's own words. */
const WAIT_OVER = {
  expired: 'Your turn in the waiting room came and the pass has expired. Join again.',
  ended: 'Your visit to this on-sale has ended (you checked out, your hold expired, or an operator ended it). Join'
    + ' the waiting room again to come back.',
};

/**
 * Resolves with {pass, expiresAt} once admitted, or null when the event's room is off (hold directly).
 * {@code onPlace(place)} is called with every answer while waiting.
 * @param {import('../client/index.js').StagedoorClient} client
 */
export async function waitInRoom(client, eventId, { notice, onPlace }) {
  try {
    const admitted = await client.awaitPass(eventId, {
      onPlace: (place) => {
        onPlace(place);
        notice.info(`You are number ${count(place.position)} in line; the room estimates ${roughly(place.estimatedWaitSeconds)}.`,
          `The waiting room asked us to check again in ${seconds(place.retryAfterSeconds ?? 1)}.`);
      },
    });
    return { pass: admitted.pass, expiresAt: admitted.expiresAt };
  } catch (error) {
    if (error instanceof RefusedError && error.status === 404 && /no waiting room/i.test(error.problem.detail || '')) return null;
    throw error;
  }
}

/** The buyer's words for a wait the room ended. @param {WaitOverError} error */
export function waitOverText(error) {
  return WAIT_OVER[error.status] || error.roomMessage || error.message;
}
