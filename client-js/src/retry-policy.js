// When and how long the client waits before trying again. A 429 or 503 is retried no earlier than its Retry-After
// (RFC 9110 §10.2.3), measured from when the answer arrived, plus a bounded jitter so that buyers refused together
// do not come back in the same millisecond; a request with no answer at all is retried after an exponential
// backoff. Nothing else is retried.

import { messages } from './messages.js';

/**
 * @typedef {object} RetryPolicy
 * @property {number} maxAttempts     the most requests one call sends, the first included (default 5)
 * @property {number} maxElapsedMs    the longest a call may take; a wait that would end past it is not begun
 *                                    (default 30,000)
 * @property {number} initialBackoffMs the wait after the first failure without a Retry-After, doubling each time
 *                                    (default 100)
 * @property {number} maxBackoffMs    the longest backoff (default 5,000)
 * @property {number} jitterRatio     the most a Retry-After wait is lengthened, as a share of it (default 0.1)
 * @property {number} maxJitterMs     and never by more than this (default 1,000)
 * @property {number} requestTimeoutMs how long one request may take before it counts as unanswered; a long poll gets
 *                                    its wait on top (default 10,000)
 */

/** @type {Readonly<RetryPolicy>} */
export const DEFAULT_RETRY_POLICY = Object.freeze({
  maxAttempts: 5,
  maxElapsedMs: 30_000,
  initialBackoffMs: 100,
  maxBackoffMs: 5_000,
  jitterRatio: 0.1,
  maxJitterMs: 1_000,
  requestTimeoutMs: 10_000,
});

/**
 * The defaults with `overrides` on top, each checked.
 * @param {Partial<RetryPolicy>} [overrides]
 * @returns {Readonly<RetryPolicy>}
 */
export function retryPolicy(overrides = {}) {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  for (const name of /** @type {(keyof RetryPolicy)[]} */ (Object.keys(DEFAULT_RETRY_POLICY))) {
    const value = policy[name];
    if (name === 'jitterRatio') {
      if (!(value >= 0 && value <= 1)) throw new RangeError(messages.notFraction(name, value));
    } else if (name === 'maxJitterMs') {
      if (!(value >= 0)) throw new RangeError(messages.notPositive(name, value));
    } else if (!(value > 0)) {
      throw new RangeError(messages.notPositive(name, value));
    }
  }
  if (!Number.isInteger(policy.maxAttempts)) throw new RangeError(messages.notPositive('maxAttempts', policy.maxAttempts));
  return Object.freeze(policy);
}

/**
 * The wait a `Retry-After` field asks for, in whole seconds: delay-seconds, or an HTTP-date (a date in the past is
 * 0). Undefined when the field is absent or unreadable.
 * @param {string | null | undefined} field
 * @param {number} nowMs when the answer arrived (epoch milliseconds)
 * @returns {number | undefined}
 */
export function parseRetryAfter(field, nowMs) {
  if (field == null) return undefined;
  const value = field.trim();
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * How long to wait after a refusal that carried `Retry-After: seconds`: never less than it, and at most
 * `min(jitterRatio × wait, maxJitterMs)` more, spread by `random` in [0, 1).
 * @param {number} seconds
 * @param {Readonly<RetryPolicy>} policy
 * @param {number} random
 */
export function retryAfterWaitMs(seconds, policy, random) {
  const asked = seconds * 1000;
  const spread = Math.min(asked * policy.jitterRatio, policy.maxJitterMs);
  return asked + Math.floor(spread * clampUnit(random));
}

/**
 * The wait after the `failures`-th failure that came without a Retry-After: `initialBackoffMs × 2^(failures−1)`,
 * capped at `maxBackoffMs`, spread by `random` over its upper half.
 * @param {number} failures
 * @param {Readonly<RetryPolicy>} policy
 * @param {number} random
 */
export function backoffMs(failures, policy, random) {
  const step = policy.initialBackoffMs * 2 ** Math.min(Math.max(failures - 1, 0), 40);
  const capped = Math.min(step, policy.maxBackoffMs);
  return Math.floor(capped / 2 + (capped / 2) * clampUnit(random));
}

/** @param {number} value */
function clampUnit(value) {
  return Math.min(Math.max(value, 0), 1);
}
