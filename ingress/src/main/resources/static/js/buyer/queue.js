// The waiting room: join, then ask again exactly when the room's Retry-After says, showing the place and the wait
// the room estimates, until the pass arrives.

import { request, retryAfterSeconds, sleep, ApiError } from '../api.js';
import { count, roughly, seconds } from '../format.js';

/**
 * Resolves with {pass, expiresAt} once admitted, or null when the event's room is off (hold directly).
 * {@code onPlace(ticket)} is called with every answer while waiting.
 */
export async function waitInRoom(eventId, { token, wait, notice, onPlace }) {
  const base = `/v1/events/${encodeURIComponent(eventId)}/queue`;
  let answer;
  try {
    answer = await request(base, { method: 'POST', token, wait, what: 'joining the waiting room' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && /no waiting room/i.test(error.message)) return null;
    throw error;
  }
  for (;;) {
    const ticket = answer.body;
    if (ticket.status === 'admitted') return { pass: ticket.pass, expiresAt: ticket.expiresAt };
    if (ticket.status === 'expired') {
      throw new ApiError(403, { detail: 'Your turn in the waiting room came and the pass has expired. Join again.' });
    }
    if (ticket.status === 'sold-out' || ticket.status === 'closed') {
      // The room's own words: nobody still queued will be admitted.
      throw new ApiError(410, { detail: ticket.message });
    }
    if (ticket.status === 'ended') {
      throw new ApiError(403, { detail: 'Your visit to this on-sale has ended (you checked out, your hold expired, or'
        + ' an operator ended it). Join the waiting room again to come back.' });
    }
    onPlace(ticket);
    const next = retryAfterSeconds(answer.headers, null);
    notice.info(`You are number ${count(ticket.position)} in line; the room estimates ${roughly(ticket.estimatedWaitSeconds)}.`,
      `The waiting room asked us to check again in ${seconds(next)}.`);
    await sleep(next * 1000);
    answer = await request(`${base}/${encodeURIComponent(ticket.ticket)}`, { token, wait, what: 'checking your place in line' });
  }
}
