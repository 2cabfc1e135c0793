// Holding seats and paying for them: each is accepted (202) and then answered on the results route, so the page
// says what it is waiting for while the client long-polls. The client sends one Idempotency-Key with every attempt
// of a hold or a payment, so a retry after a 429 or 503 is never a second hold or charge.

import { RESULT_WAIT_MS } from './service.js';
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

/**
 * Holds the seats and resolves with the result ({status: "held", holdId, seats, expiresAt} or a rejection).
 * @param {import('../client/index.js').StagedoorClient} client
 */
export function holdSeats(client, eventId, seats, { pass, notice }) {
  return client.holdAndAwait(eventId, seats, {
    pass: pass || undefined, maxMs: RESULT_WAIT_MS,
    onAccepted: () => notice.info('Your hold request was accepted; waiting for the seat inventory to answer.'),
  });
}

/**
 * Pays for the hold and resolves with the result ({status: "confirmed", orderId, tickets} or a rejection).
 * @param {import('../client/index.js').StagedoorClient} client
 */
export function payForHold(client, holdId, paymentToken, { notice }) {
  return client.checkoutAndAwait(holdId, paymentToken, {
    maxMs: RESULT_WAIT_MS,
    onAccepted: () => notice.info('Your payment was accepted for processing; waiting for the payment provider to answer.'),
  });
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
