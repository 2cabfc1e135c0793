// The Stagedoor HTTP API (docs/http-api.md) for JavaScript, in node and in the browser.

import { RefusedError, StagedoorError, StillPendingError, WaitOverError } from './errors.js';
import { messages } from './messages.js';
import { parseRateLimit } from './rate-limit.js';
import { parseRetryAfter, retryAfterWaitMs, retryPolicy } from './retry-policy.js';
import { Sender, sleep as timerSleep } from './send.js';
import { solvePuzzle } from './puzzle.js';
import { AdaptiveThrottle } from './throttle.js';

/** The longest long poll the service grants, in seconds. */
export const MAX_POLL_WAIT_SECONDS = 30;
/** The pause after a pending result the service did not hold, or a room answer without Retry-After. */
export const DEFAULT_POLL_HINT_SECONDS = 1;
/** Waiting-room statuses after which asking again changes nothing. */
const WAIT_OVER = new Set(['expired', 'ended', 'sold-out', 'closed']);
const ACCEPT = 'application/json, application/problem+json';
/** Refusals a new join puzzle answers: none sent, or one that is no longer good (expired, spent). */
const PUZZLE_REFUSALS = new Set(['puzzle-required', 'puzzle-refused']);

/**
 * @typedef {object} ClientOptions
 * @property {string} [baseUrl]   where the service is, e.g. `http://127.0.0.1:8080`; in a page served by the
 *                                ingress, '' (the default there) means the page's own origin
 * @property {string | (() => string | null | undefined)} [token] the buyer's bearer token, or a function that reads
 *                                it at each call (a page keeps it in storage); a call's own `token` wins
 * @property {Partial<import('./retry-policy.js').RetryPolicy>} [retry] overrides of DEFAULT_RETRY_POLICY
 * @property {Partial<import('./throttle.js').ThrottleSettings> | AdaptiveThrottle | false} [throttle] the adaptive
 *                                throttle's settings, a throttle to share between clients, or false for none
 * @property {(notice: import('./send.js').WaitNotice) => void} [onWait] hears every wait before it begins
 * @property {typeof fetch} [fetch]  sends the requests (default the global fetch)
 * @property {() => number} [now]    epoch milliseconds (default Date.now)
 * @property {() => number} [random] numbers in [0, 1) for jitter and the throttle (default Math.random)
 * @property {(ms: number, signal?: AbortSignal) => Promise<void>} [sleep] waits (default a timer)
 * @property {() => string} [idempotencyKey] makes a key per logical POST (default crypto.randomUUID)
 */

/**
 * Options every call takes.
 * @typedef {object} CallOptions
 * @property {string} [token]          this call's bearer token
 * @property {AbortSignal} [signal]    stops the call and any wait in it
 * @property {Partial<import('./retry-policy.js').RetryPolicy>} [retry] this call's policy overrides
 */

/**
 * A hold or checkout the service accepted; its result comes by `awaitResult`.
 * @typedef {object} Accepted
 * @property {string} correlationId
 * @property {string} location        the result's URL
 * @property {string} idempotencyKey  the key every attempt carried
 * @property {import('./rate-limit.js').RateLimit} [rateLimit] the tightest limit after this request
 * @property {number} attempts        requests sent, retries included
 */

/**
 * A place in an event's waiting room.
 * @typedef {object} Place
 * @property {string} ticket
 * @property {string} status               `waiting` (or `admitted`, with the pass)
 * @property {number} [position]
 * @property {number} [estimatedWaitSeconds]
 * @property {number} [retryAfterSeconds]  when the room wants to be asked again
 * @property {string} [pass]               once admitted: send it as X-Waiting-Room-Pass
 * @property {string} [expiresAt]          once admitted: when the pass stops working
 */

/**
 * @typedef {object} PresaleStanding
 * @property {string} eventId
 * @property {string} status   `not-registered`, `registered`, `won`, `wait-listed`, `from-wait-list` or `expired`
 * @property {string} [code]   the buyer's access code while they hold one they may use: join with it
 * @property {string} registerUntil
 * @property {string} drawAt
 * @property {string} codesUsedBy
 * @property {string} [until]
 */

/**
 * Holds, checkouts, their results, the waiting room and login. What it promises:
 * - a 429 or 503 is retried no earlier than its Retry-After, plus a bounded jitter; a request without an answer is
 *   retried after an exponential backoff; nothing else is retried; the retry policy's attempts and deadline bound
 *   every call, and a wait is never cut short to fit;
 * - every attempt of one hold or checkout carries the same Idempotency-Key (the caller's, else a new one per call),
 *   so a retry never holds or charges twice;
 * - when most recent answers were refusals, new calls are held back locally (ThrottledError) without reaching the
 *   service;
 * - results are read by long poll, and the waiting room is asked at the pace its Retry-After sets.
 * One client can be shared; the throttle then sees every call it makes.
 */
export class StagedoorClient {
  #options;
  #base;
  #policy;
  #sender;
  /** @type {AdaptiveThrottle | null} */
  #throttle;

  /** @param {ClientOptions} [options] */
  constructor(options = {}) {
    const fetchFn = options.fetch || globalThis.fetch.bind(globalThis);
    const now = options.now || Date.now;
    const random = options.random || Math.random;
    this.#options = {
      ...options, fetch: fetchFn, now, random,
      sleep: options.sleep || timerSleep,
      idempotencyKey: options.idempotencyKey || (() => crypto.randomUUID()),
    };
    this.#base = baseOf(options.baseUrl);
    this.#policy = retryPolicy(options.retry);
    this.#throttle = options.throttle === false ? null
      : options.throttle instanceof AdaptiveThrottle ? options.throttle
        : new AdaptiveThrottle(options.throttle || {}, { now, random });
    this.#sender = new Sender({
      fetch: fetchFn, throttle: this.#throttle, now, random, sleep: this.#options.sleep,
      onWait: options.onWait || (() => {}),
    });
  }

  /** The retry policy calls use unless they bring overrides. */
  get retryPolicy() {
    return this.#policy;
  }

  /** The adaptive throttle, or null when off. */
  get throttle() {
    return this.#throttle;
  }

  /**
   * A client like this one for another buyer's token, sharing this one's throttle.
   * @param {string} token
   */
  withToken(token) {
    return new StagedoorClient({ ...this.#options, token, throttle: this.#throttle ?? false });
  }

  /**
   * `POST /v1/login`: a bearer token for the account.
   * @param {string} email
   * @param {string} password
   * @param {Omit<CallOptions, 'token'>} [options]
   * @returns {Promise<{ token: string, buyerId: string, expiresIn: number }>}
   */
  async login(email, password, options = {}) {
    required('email', email);
    required('password', password);
    const answer = await this.#send('login', options, () => this.#json('POST', '/v1/login', null, { email, password }));
    return answer.body;
  }

  /**
   * `GET /v1/events`: every event.
   * @param {Omit<CallOptions, 'token'>} [options]
   * @returns {Promise<any[]>}
   */
  async events(options = {}) {
    const answer = await this.#send('events', options, () => this.#get('/v1/events', null));
    return answer.body.events;
  }

  /**
   * `GET /v1/events/{eventId}`: one event with every seat's status.
   * @param {string} eventId
   * @param {Omit<CallOptions, 'token'>} [options]
   */
  async event(eventId, options = {}) {
    required('eventId', eventId);
    const answer = await this.#send('event', options, () => this.#get(`/v1/events/${segment(eventId)}`, null));
    return answer.body;
  }

  /**
   * `POST /v1/events/{eventId}/holds`: asks for `seats`, all or none.
   * @param {string} eventId
   * @param {string[]} seats
   * @param {CallOptions & { pass?: string, idempotencyKey?: string }} [options] `pass`: the waiting room's pass
   * @returns {Promise<Accepted>}
   */
  async hold(eventId, seats, options = {}) {
    required('eventId', eventId);
    if (!Array.isArray(seats) || seats.length === 0) throw new TypeError(messages.seatsRequired());
    return this.#submit('hold', `/v1/events/${segment(eventId)}/holds`, { seats: [...seats] }, options);
  }

  /**
   * `POST /v1/holds/{holdId}/checkout`: pays for a hold.
   * @param {string} holdId
   * @param {string} paymentToken
   * @param {CallOptions & { idempotencyKey?: string }} [options]
   * @returns {Promise<Accepted>}
   */
  async checkout(holdId, paymentToken, options = {}) {
    required('holdId', holdId);
    required('paymentToken', paymentToken);
    return this.#submit('checkout', `/v1/holds/${segment(holdId)}/checkout`, { paymentToken }, options);
  }

  /**
   * `GET /v1/results/{id}` by long poll (`Prefer: wait=N`, never past the deadline) until the result is decided.
   * A pending answer the service held is followed by the next poll at once; one it did not hold (it limits how many
   * polls of one buyer wait) after its Retry-After. Throws StillPendingError after `maxMs`.
   * @param {Accepted | string} accepted what `hold` or `checkout` gave, or a correlation id
   * @param {CallOptions & { maxMs?: number, onPending?: (body: any) => void }} [options] maxMs default 60,000
   * @returns {Promise<any>} the result: `{correlationId, status, reason?, holdId?, seats?, expiresAt?, orderId?, tickets?}`
   */
  async awaitResult(accepted, options = {}) {
    const id = typeof accepted === 'string' ? accepted : accepted.correlationId;
    required('correlationId', id);
    const url = typeof accepted === 'string' ? this.#url(`/v1/results/${segment(id)}`) : accepted.location;
    const token = this.#token('result', options);
    const { now, sleep } = this.#options;
    const started = now();
    const deadline = started + (options.maxMs ?? 60_000);
    for (;;) {
      const answer = await this.#send('result', { ...options, deadline }, () => {
        const wait = Math.max(0, Math.min(MAX_POLL_WAIT_SECONDS, Math.floor((deadline - now()) / 1000)));
        return {
          method: 'GET', url, extraTimeoutMs: wait * 1000,
          headers: { Accept: ACCEPT, Authorization: `Bearer ${token}`, Prefer: `wait=${wait}` },
        };
      });
      if (answer.status === 200) return answer.body;
      options.onPending?.(answer.body);
      const at = now();
      if (at >= deadline) throw new StillPendingError('result', id, at - started);
      const held = (answer.headers.get('Preference-Applied') || '').toLowerCase().includes('wait');
      if (!held) {
        const pause = 1000 * (parseRetryAfter(answer.headers.get('Retry-After'), at) ?? DEFAULT_POLL_HINT_SECONDS);
        if (at + pause > deadline) throw new StillPendingError('result', id, at - started);
        await sleep(pause, options.signal);
      }
    }
  }

  /**
   * A hold, then its result.
   * @param {string} eventId
   * @param {string[]} seats
   * @param {CallOptions & { pass?: string, idempotencyKey?: string, maxMs?: number, onAccepted?: (a: Accepted) => void }} [options]
   */
  async holdAndAwait(eventId, seats, options = {}) {
    const accepted = await this.hold(eventId, seats, options);
    options.onAccepted?.(accepted);
    return this.awaitResult(accepted, options);
  }

  /**
   * A checkout, then its result.
   * @param {string} holdId
   * @param {string} paymentToken
   * @param {CallOptions & { idempotencyKey?: string, maxMs?: number, onAccepted?: (a: Accepted) => void }} [options]
   */
  async checkoutAndAwait(holdId, paymentToken, options = {}) {
    const accepted = await this.checkout(holdId, paymentToken, options);
    options.onAccepted?.(accepted);
    return this.awaitResult(accepted, options);
  }

  /**
   * `POST /v1/events/{eventId}/queue`: joins the waiting room; with `ticket` (a browser's cookie does the same)
   * the same place is kept, without it a new one is taken at the back. In a room that asks each join for a solved
   * puzzle, a join refused for want of one (428 `puzzle-required`, or 403 `puzzle-refused` for an expired or spent
   * one) gets a new puzzle, solves it off the main thread (`onPuzzle` hears it first) and joins once more with the
   * solution; `solvePuzzles: false` leaves that to the caller. During an event's presale, `presaleCode` is the
   * buyer's access code (`presaleStanding` shows it), sent in `Presale-Code`.
   * @param {string} eventId
   * @param {CallOptions & { ticket?: string, solvePuzzles?: boolean, presaleCode?: string,
   *           onPuzzle?: (puzzle: import('./puzzle.js').JoinPuzzle) => void }} [options]
   * @returns {Promise<Place>}
   */
  async joinQueue(eventId, options = {}) {
    required('eventId', eventId);
    const token = this.#token('queue', options);
    const key = this.#options.idempotencyKey();
    /** @type {string | undefined} */
    let solution;
    for (let round = 0; ; round++) {
      try {
        const answer = await this.#send('queue', options, () => {
          const outgoing = this.#json('POST', `/v1/events/${segment(eventId)}/queue`, token, undefined);
          outgoing.headers['Idempotency-Key'] = key;
          if (options.ticket) outgoing.headers['X-Waiting-Room-Ticket'] = options.ticket;
          if (solution) outgoing.headers['Puzzle-Solution'] = solution;
          if (options.presaleCode) outgoing.headers['Presale-Code'] = options.presaleCode;
          return outgoing;
        });
        return place(answer, this.#options.now());
      } catch (error) {
        const another = round === 0 && options.solvePuzzles !== false && error instanceof RefusedError
          && PUZZLE_REFUSALS.has(error.kind);
        if (!another) throw error;
        const puzzle = await this.joinPuzzle(eventId, options);
        options.onPuzzle?.(puzzle);
        solution = await solvePuzzle(puzzle, { signal: options.signal });
      }
    }
  }

  /**
   * `POST /v1/events/{eventId}/presale/registration`: registers the buyer for the event's presale lottery while
   * registration is open; the buyer's standing (`status` `registered`, or where they already stood).
   * @param {string} eventId
   * @param {CallOptions} [options]
   * @returns {Promise<PresaleStanding>}
   */
  async registerForPresale(eventId, options = {}) {
    required('eventId', eventId);
    const token = this.#token('queue', options);
    const answer = await this.#send('queue', options,
      () => this.#json('POST', `/v1/events/${segment(eventId)}/presale/registration`, token, undefined));
    return answer.body;
  }

  /**
   * `GET /v1/events/{eventId}/presale`: where the buyer stands in the event's presale (`not-registered`,
   * `registered`, `won`, `wait-listed`, `from-wait-list`, `expired`), with their `code` while they hold one.
   * @param {string} eventId
   * @param {CallOptions} [options]
   * @returns {Promise<PresaleStanding>}
   */
  async presaleStanding(eventId, options = {}) {
    required('eventId', eventId);
    const token = this.#token('queue', options);
    const answer = await this.#send('queue', options,
      () => this.#get(`/v1/events/${segment(eventId)}/presale`, token));
    return answer.body;
  }

  /**
   * `GET /v1/events/{eventId}/queue/puzzle`: a new join puzzle for this buyer (a RefusedError 404 when the room asks
   * for none). `joinQueue` asks for and solves one by itself.
   * @param {string} eventId
   * @param {CallOptions} [options]
   * @returns {Promise<import('./puzzle.js').JoinPuzzle>}
   */
  async joinPuzzle(eventId, options = {}) {
    required('eventId', eventId);
    const token = this.#token('queue', options);
    const answer = await this.#send('queue', options,
      () => this.#get(`/v1/events/${segment(eventId)}/queue/puzzle`, token));
    return answer.body;
  }

  /**
   * `GET /v1/events/{eventId}/queue/{ticket}`: the ticket's place, or its pass. Throws WaitOverError when the room
   * will not admit it (expired, ended, sold-out, closed).
   * @param {string} eventId
   * @param {string} ticket
   * @param {CallOptions} [options]
   * @returns {Promise<Place>}
   */
  async queueStatus(eventId, ticket, options = {}) {
    required('eventId', eventId);
    required('ticket', ticket);
    const token = this.#token('queue', options);
    const answer = await this.#send('queue', options,
      () => this.#get(`/v1/events/${segment(eventId)}/queue/${segment(ticket)}`, token));
    return place(answer, this.#options.now());
  }

  /**
   * `DELETE /v1/events/{eventId}/queue`: leaves the room, so the slot goes to the next buyer and the pass stops
   * working. A RefusedError (404) when the buyer had no active session.
   * @param {string} eventId
   * @param {CallOptions} [options]
   * @returns {Promise<void>}
   */
  async leaveQueue(eventId, options = {}) {
    required('eventId', eventId);
    const token = this.#token('queue', options);
    await this.#send('queue', options, () => ({
      method: 'DELETE', url: this.#url(`/v1/events/${segment(eventId)}/queue`),
      headers: { Accept: ACCEPT, Authorization: `Bearer ${token}` },
    }));
  }

  /**
   * Joins the waiting room and asks again after each Retry-After the room gives (never sooner; the room's pace, with
   * the same bounded jitter as any Retry-After) until admitted. `onPlace` hears every place while waiting. Throws
   * WaitOverError when the room will not admit the ticket, StillPendingError after `maxMs` (default: no limit).
   * @param {string} eventId
   * @param {CallOptions & { ticket?: string, maxMs?: number, onPlace?: (place: Place) => void }} [options]
   * @returns {Promise<Place>} the admitted place, with its pass
   */
  async awaitPass(eventId, options = {}) {
    const { now, sleep, random } = this.#options;
    const started = now();
    const deadline = started + (options.maxMs ?? Infinity);
    let current = await this.joinQueue(eventId, options);
    for (;;) {
      if (current.status === 'admitted') return current;
      options.onPlace?.(current);
      const at = now();
      const pause = retryAfterWaitMs(current.retryAfterSeconds ?? DEFAULT_POLL_HINT_SECONDS, this.#policy, random());
      if (at + pause > deadline) throw new StillPendingError('queue', current.ticket, at - started);
      await sleep(pause, options.signal);
      current = await this.queueStatus(eventId, current.ticket, options);
    }
  }

  /**
   * @param {string} operation
   * @param {string} path
   * @param {object} body
   * @param {CallOptions & { pass?: string, idempotencyKey?: string }} options
   * @returns {Promise<Accepted>}
   */
  async #submit(operation, path, body, options) {
    const token = this.#token(operation, options);
    // one key per logical request, made before the first attempt and sent with every retry
    const key = options.idempotencyKey || this.#options.idempotencyKey();
    const answer = await this.#send(operation, options, () => {
      const outgoing = this.#json('POST', path, token, body);
      outgoing.headers['Idempotency-Key'] = key;
      if (options.pass) outgoing.headers['X-Waiting-Room-Pass'] = options.pass;
      return outgoing;
    });
    const header = answer.headers.get('Location');
    const correlationId = (answer.body && answer.body.correlationId) || (header && lastSegment(header));
    if (!correlationId) throw new StagedoorError(messages.malformed(operation, answer.status), operation);
    /** @type {Accepted} */
    const accepted = {
      correlationId,
      location: header ? this.#resolve(header) : this.#url(`/v1/results/${segment(correlationId)}`),
      idempotencyKey: key,
      attempts: answer.attempts,
    };
    const rateLimit = parseRateLimit(answer.headers);
    if (rateLimit) accepted.rateLimit = rateLimit;
    return accepted;
  }

  /**
   * @param {string} operation
   * @param {CallOptions & { deadline?: number }} options
   * @param {(attempt: number) => import('./send.js').Outgoing} request
   */
  #send(operation, options, request) {
    const policy = options.retry ? retryPolicy({ ...this.#policy, ...options.retry }) : this.#policy;
    return this.#sender.send(operation, request, { policy, signal: options.signal, deadline: options.deadline });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {string | null} token
   * @param {object | undefined} body
   * @returns {import('./send.js').Outgoing}
   */
  #json(method, path, token, body) {
    /** @type {Record<string, string>} */
    const headers = { Accept: ACCEPT };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return { method, url: this.#url(path), headers, body: body === undefined ? undefined : JSON.stringify(body) };
  }

  /**
   * @param {string} path
   * @param {string | null} token
   * @returns {import('./send.js').Outgoing}
   */
  #get(path, token) {
    return this.#json('GET', path, token, undefined);
  }

  /** @param {string} operation @param {CallOptions} options */
  #token(operation, options) {
    const given = options.token ?? (typeof this.#options.token === 'function' ? this.#options.token() : this.#options.token);
    if (!given) throw new TypeError(messages.tokenRequired(operation));
    return given;
  }

  /** @param {string} path */
  #url(path) {
    return this.#base + path;
  }

  /**
   * A Location resolved as RFC 9110 says, against the request's URL.
   * @param {string} location
   */
  #resolve(location) {
    if (/^https?:/i.test(location)) return location;
    return this.#base + (location.startsWith('/') ? location : `/${location}`);
  }
}

/**
 * @param {import('./send.js').Answered} answer
 * @param {number} now
 * @returns {Place}
 */
function place(answer, now) {
  const body = answer.body || {};
  if (WAIT_OVER.has(body.status)) throw new WaitOverError(body.status, body.message);
  /** @type {Place} */
  const found = { ...body };
  const retryAfterSeconds = parseRetryAfter(answer.headers.get('Retry-After'), now);
  if (retryAfterSeconds !== undefined) found.retryAfterSeconds = retryAfterSeconds;
  return found;
}

/** @param {string | undefined} baseUrl */
function baseOf(baseUrl) {
  if (baseUrl === undefined || baseUrl === '') {
    if (typeof location === 'undefined') throw new TypeError(messages.argumentRequired('baseUrl'));
    return '';
  }
  return String(baseUrl).replace(/\/+$/, '');
}

/** @param {string} name @param {unknown} value */
function required(name, value) {
  if (value === undefined || value === null || value === '') throw new TypeError(messages.argumentRequired(name));
}

/** @param {string} value RFC 3986 percent-encoding of one path segment. */
function segment(value) {
  return encodeURIComponent(value);
}

/** @param {string} location */
function lastSegment(location) {
  const path = location.split('?')[0];
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

