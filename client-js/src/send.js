// Sends one logical request until it has an answer worth returning. This is where the client keeps its promises:
// a 429 or 503 is retried no earlier than its Retry-After, a request without an answer after a backoff, nothing
// else is retried; every attempt is the same request (one body, one Idempotency-Key); the throttle may hold a new
// call back before anything is sent; the attempt budget and deadline bound it all, and a wait is never cut short
// to fit them.

import { RefusedError, ThrottledError, UnreachableError } from './errors.js';
import { parseRateLimit } from './rate-limit.js';
import { backoffMs, parseRetryAfter, retryAfterWaitMs } from './retry-policy.js';

/** The statuses worth retrying: the caller was early (429) or the service was busy (503). */
export const RETRYABLE = Object.freeze([429, 503]);

/**
 * A request as the sender needs it; `headers` are complete (the sender adds nothing).
 * @typedef {object} Outgoing
 * @property {string} method
 * @property {string} url
 * @property {Record<string, string>} headers
 * @property {string} [body]
 * @property {number} [extraTimeoutMs] added to the request timeout (a long poll's wait)
 */

/**
 * What a caller hears before each wait the service asked for, so it can say why nothing happens for a while.
 * @typedef {object} WaitNotice
 * @property {string} operation    e.g. "hold"
 * @property {number} status       429 or 503, or 0 for no answer
 * @property {number} [retryAfterSeconds] what the service asked for, when it did
 * @property {number} waitMs       what the client will wait (Retry-After and its jitter, or the backoff)
 * @property {number} attempt      the attempt that was refused (1 for the first)
 * @property {import('./errors.js').Problem} [problem] the refusal's body
 */

/**
 * A success (any 2xx).
 * @typedef {object} Answered
 * @property {number} status
 * @property {Headers} headers
 * @property {any} body the JSON body, or null when there was none
 * @property {number} attempts
 */

/**
 * @typedef {object} SenderParts
 * @property {typeof fetch} fetch
 * @property {import('./throttle.js').AdaptiveThrottle | null} throttle
 * @property {() => number} now
 * @property {() => number} random
 * @property {(ms: number, signal?: AbortSignal) => Promise<void>} sleep
 * @property {(notice: WaitNotice) => void} onWait
 */

export class Sender {
  #parts;

  /** @param {SenderParts} parts */
  constructor(parts) {
    this.#parts = parts;
  }

  /**
   * Sends `request()` (called once per attempt: a long poll asks for less as its deadline nears; a POST returns the
   * same request every time) and returns the first 2xx, or throws what ended the call.
   * @param {string} operation
   * @param {(attempt: number) => Outgoing} request
   * @param {{ policy: Readonly<import('./retry-policy.js').RetryPolicy>, signal?: AbortSignal, deadline?: number }} options
   * @returns {Promise<Answered>}
   */
  async send(operation, request, { policy, signal, deadline }) {
    const { throttle, now, random, sleep, onWait } = this.#parts;
    signal?.throwIfAborted();
    if (throttle) {
      // only a new call is held back: a retry the service asked for with Retry-After is its own pacing
      const verdict = throttle.admit();
      if (!verdict.allowed) throw new ThrottledError(operation, verdict.probability);
    }
    const end = deadline ?? now() + policy.maxElapsedMs;
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      const outgoing = request(attempt);
      const limit = attemptSignal(signal, policy.requestTimeoutMs + (outgoing.extraTimeoutMs || 0));
      let response;
      let body;
      try {
        response = await this.#parts.fetch(outgoing.url, {
          method: outgoing.method, headers: outgoing.headers, body: outgoing.body, signal: limit.signal,
        });
        body = await readBody(response);
        limit.release();
      } catch (error) {
        limit.release();
        if (signal?.aborted) throw signal.reason;
        throttle?.record(false);
        failures += 1;
        const wait = backoffMs(failures, policy, random());
        if (attempt >= policy.maxAttempts || now() + wait > end) throw new UnreachableError(operation, attempt, error);
        onWait({ operation, status: 0, waitMs: wait, attempt });
        await sleep(wait, signal);
        continue;
      }
      const arrived = now(); // the body read too: later than the answer's arrival, so a wait from here is never early
      const refused = RETRYABLE.includes(response.status);
      throttle?.record(!refused);
      if (response.ok) return { status: response.status, headers: response.headers, body, attempts: attempt };
      const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'), arrived);
      const refusal = {
        status: response.status, problem: problemOf(response.status, body), retryAfterSeconds,
        rateLimit: parseRateLimit(response.headers), attempts: attempt,
      };
      if (!refused) throw new RefusedError(operation, { ...refusal, gaveUp: 'not-retryable' });
      if (retryAfterSeconds === undefined) failures += 1;
      const wait = retryAfterSeconds !== undefined
        ? retryAfterWaitMs(retryAfterSeconds, policy, random())
        : backoffMs(failures, policy, random());
      if (attempt >= policy.maxAttempts) throw new RefusedError(operation, { ...refusal, gaveUp: 'attempts-exhausted' });
      if (arrived + wait > end) throw new RefusedError(operation, { ...refusal, gaveUp: 'deadline-exceeded' });
      onWait({ operation, status: response.status, retryAfterSeconds, waitMs: wait, attempt, problem: refusal.problem });
      await sleep(wait, signal);
    }
  }
}

/**
 * The signal of one attempt: aborted by the caller's signal or when `ms` pass, whichever comes first. Built by hand
 * rather than with AbortSignal.any and AbortSignal.timeout, which some runtimes (React Native's) lack; `release`
 * clears the timer once the answer is read.
 * @param {AbortSignal | undefined} caller
 * @param {number} ms
 * @returns {{ signal: AbortSignal, release: () => void }}
 */
function attemptSignal(caller, ms) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The JSON body, or null when empty; a body that is not JSON becomes `{ detail: text }` so a refusal still says
 * something.
 * @param {Response} response
 */
async function readBody(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch (notJson) {
    return { detail: text };
  }
}

/**
 * @param {number} status
 * @param {any} body
 * @returns {import('./errors.js').Problem}
 */
function problemOf(status, body) {
  return body && typeof body === 'object' && !Array.isArray(body) ? body : { status };
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts.
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
export function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
