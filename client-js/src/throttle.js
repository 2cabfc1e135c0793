// Client-side adaptive throttling, as Google's SRE book describes it ("Handling Overload"): when most recent answers
// were refusals, the client refuses some new calls itself, with probability
//     max(0, (requests − k × accepts) / (requests + 1))
// over a sliding window. While the service accepts at least one request in k the probability is 0; when it refuses
// nearly everything, the client holds back nearly every call and lets a trickle through, enough to notice when the
// service recovers without adding load to a service that is already shedding it.

import { messages } from './messages.js';

/**
 * @typedef {object} ThrottleSettings
 * @property {number} k          how many requests per accepted one the client lets through before holding back
 *                               (default 2; lower is more eager to hold back)
 * @property {number} windowMs   how far back answers count (default 120,000)
 * @property {number} bucketMs   the window's resolution: answers are counted per bucket (default 1,000)
 */

/** @type {Readonly<ThrottleSettings>} */
export const DEFAULT_THROTTLE = Object.freeze({ k: 2, windowMs: 120_000, bucketMs: 1_000 });

/**
 * Counts requests and accepted answers over a sliding window and decides whether a new call may go. "Accepted" is any
 * answer but a refusal for load (429, 503); a request without an answer counts as a request only. A call held back
 * locally counts as a request too, as the SRE book has it, so a client that keeps trying keeps the window honest.
 * Memory is bounded: one counter pair per bucket of the window.
 */
export class AdaptiveThrottle {
  /** @type {Map<number, { requests: number, accepts: number }>} */
  #buckets = new Map();
  #settings;
  #now;
  #random;

  /**
   * @param {Partial<ThrottleSettings>} [settings]
   * @param {{ now?: () => number, random?: () => number }} [sources] the clock (ms) and randomness, for tests
   */
  constructor(settings = {}, { now = Date.now, random = Math.random } = {}) {
    const merged = { ...DEFAULT_THROTTLE, ...settings };
    for (const [name, value] of Object.entries(merged)) {
      if (!(value > 0)) throw new RangeError(messages.notPositive(name, value));
    }
    this.#settings = Object.freeze(merged);
    this.#now = now;
    this.#random = random;
  }

  get settings() {
    return this.#settings;
  }

  /** The chance that a new call is held back now. */
  probability() {
    const { requests, accepts } = this.counts();
    return Math.max(0, (requests - this.#settings.k * accepts) / (requests + 1));
  }

  /**
   * Whether a new call may be sent; a call held back is counted as a request.
   * @returns {{ allowed: boolean, probability: number }}
   */
  admit() {
    const probability = this.probability();
    const allowed = !(probability > 0 && this.#random() < probability);
    if (!allowed) this.#count(false);
    return { allowed, probability };
  }

  /**
   * Records one request that was sent and how it ended.
   * @param {boolean} accepted false for a 429, a 503 or no answer at all
   */
  record(accepted) {
    this.#count(accepted);
  }

  /** The requests and accepts in the window. */
  counts() {
    const oldest = this.#bucket(this.#now()) - Math.ceil(this.#settings.windowMs / this.#settings.bucketMs) + 1;
    let requests = 0;
    let accepts = 0;
    for (const [bucket, tally] of this.#buckets) {
      if (bucket < oldest) {
        this.#buckets.delete(bucket);
      } else {
        requests += tally.requests;
        accepts += tally.accepts;
      }
    }
    return { requests, accepts };
  }

  /** @param {boolean} accepted */
  #count(accepted) {
    const bucket = this.#bucket(this.#now());
    const tally = this.#buckets.get(bucket) || { requests: 0, accepts: 0 };
    tally.requests += 1;
    if (accepted) tally.accepts += 1;
    this.#buckets.set(bucket, tally);
  }

  /** @param {number} at */
  #bucket(at) {
    return Math.floor(at / this.#settings.bucketMs);
  }
}
