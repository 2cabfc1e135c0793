// Holding seats and paying for them: each is accepted (202) and then answered on the results route, so the page
// says what it is waiting for while the long poll runs. An Idempotency-Key makes a retry after a 503 the same
// request, never a second hold or charge.

import { awaitResult, idempotencyKey, request } from '../api.js';
import { minutesSeconds } from '../format.js';

/** What a rejected result's reason means to a buyer. */
export const REASONS = {
  'seat-unavailable': 'Someone else got at least one of those seats first. Pick others.',
  'unknown-seat': 'One of those seats is not on this map.',
  'buyer-seat-limit': 'You already hold or have bought as many seats of this event as one buyer may. Held seats stop counting once their hold expires.',
  'hold-not-found': 'That hold no longer exists. Pick your seats again.',
  'hold-expired': 'Your hold expired before the payment. Pick your seats again.',
  'hold-not-payable': 'That hold is already being paid for or was sold.',
  'payment-declined': 'The payment was declined. Your seats are still held: try another card.',
  'payment-timeout': 'The payment provider did not answer in time. Your seats are still held: try again.',
  'payment-failed': 'The payment could not be processed. Your seats are still held: try again.',
};

export async function holdSeats(eventId, seats, { token, pass, wait, notice }) {
  const headers = { 'Idempotency-Key': idempotencyKey() };
  if (pass) headers['X-Waiting-Room-Pass'] = pass;
  const accepted = await request(`/v1/events/${encodeURIComponent(eventId)}/holds`,
    { method: 'POST', json: { seats }, token, headers, wait, what: 'holding your seats' });
  notice.info('Your hold request was accepted; waiting for the seat inventory to answer.');
  return awaitResult(accepted.headers.get('Location') || `/v1/results/${accepted.body.correlationId}`,
    { token, wait, what: 'asking whether your seats are held' });
}

export async function payForHold(holdId, paymentToken, { token, wait, notice }) {
  const accepted = await request(`/v1/holds/${encodeURIComponent(holdId)}/checkout`,
    { method: 'POST', json: { paymentToken }, token, headers: { 'Idempotency-Key': idempotencyKey() }, wait, what: 'your payment' });
  notice.info('Your payment was accepted for processing; waiting for the payment provider to answer.');
  return awaitResult(accepted.headers.get('Location') || `/v1/results/${accepted.body.correlationId}`,
    { token, wait, what: 'asking how your payment went' });
}

/** Counts a hold down to its expiry, once a second, and calls {@code onExpired} when it is over. */
export class HoldCountdown {
  constructor(element) {
    this.element = element;
    this.timer = null;
  }

  start(expiresAt, onExpired) {
    this.stop();
    const end = Date.parse(expiresAt);
    const tick = () => {
      const left = (end - Date.now()) / 1000;
      this.element.textContent = minutesSeconds(left);
      if (left <= 0) {
        this.stop();
        onExpired();
      }
    };
    tick();
    this.timer = setInterval(tick, 1000);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
