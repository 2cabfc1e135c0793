// What a call can end in besides its answer. Each is thrown at the edge, once the client has done what it promises
// (waited out every Retry-After it could within its budget), and carries what the caller needs to act.

import { messages } from './messages.js';

/** The base of every error the client throws; `operation` names the call, e.g. "hold". */
export class StagedoorError extends Error {
  /**
   * @param {string} message
   * @param {string} operation
   * @param {{ cause?: unknown }} [options]
   */
  constructor(message, operation, options) {
    super(message, options);
    this.name = new.target.name;
    /** @type {string} */
    this.operation = operation;
  }
}

/**
 * @typedef {object} Problem An RFC 9457 problem body as the service sends it.
 * @property {string} [type] e.g. `https://stagedoor.io/problems/rate-limited`
 * @property {string} [title]
 * @property {number} [status]
 * @property {string} [detail]
 * @property {string} [instance]
 * @property {string} [policy] the limit that refused, on a 429
 * @property {number} [retryAfter] seconds, on a 429
 */

/**
 * The service answered with a status that is not a success and the client will not (or may no longer) retry it.
 * `gaveUp` says why: `not-retryable` (any 4xx or 5xx but 429 and 503), `attempts-exhausted` or `deadline-exceeded`
 * (a 429 or 503 whose wait the retry budget could not cover).
 */
export class RefusedError extends StagedoorError {
  /**
   * @param {string} operation
   * @param {{ status: number, problem: Problem, retryAfterSeconds?: number,
   *           rateLimit?: import('./rate-limit.js').RateLimit, attempts: number,
   *           gaveUp: 'not-retryable' | 'attempts-exhausted' | 'deadline-exceeded' }} answer
   */
  constructor(operation, { status, problem, retryAfterSeconds, rateLimit, attempts, gaveUp }) {
    super(messages.refused(operation, status, problem.detail), operation);
    this.status = status;
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
    this.rateLimit = rateLimit;
    this.attempts = attempts;
    this.gaveUp = gaveUp;
  }

  /** The last segment of the problem type: `rate-limited`, `waiting-room`, `not-found`, … ('' when none). */
  get kind() {
    return String(this.problem.type || '').split('/').pop() || '';
  }
}

/**
 * The client did not send the call: most of its recent requests were refused, so it held this one back on its own
 * (see AdaptiveThrottle). Nothing reached the service; trying again later is safe.
 */
export class ThrottledError extends StagedoorError {
  /**
   * @param {string} operation
   * @param {number} probability the chance of a local refusal when this call was held back
   */
  constructor(operation, probability) {
    super(messages.throttled(operation, probability), operation);
    this.probability = probability;
  }
}

/** Every attempt of the call failed without an answer (refused connection, reset, timeout). */
export class UnreachableError extends StagedoorError {
  /**
   * @param {string} operation
   * @param {number} attempts
   * @param {unknown} cause
   */
  constructor(operation, attempts, cause) {
    super(messages.unreachable(operation, attempts, cause instanceof Error ? cause.message : undefined),
      operation, { cause });
    this.attempts = attempts;
  }
}

/** A wait (a result, a place in the room) outlasted the time the caller gave it. */
export class StillPendingError extends StagedoorError {
  /**
   * @param {string} operation
   * @param {string} id the correlation id or the waiting-room ticket
   * @param {number} waitedMs
   */
  constructor(operation, id, waitedMs) {
    super(messages.stillPending(operation === 'result' ? 'The result' : 'The ticket', id, waitedMs), operation);
    this.id = id;
    this.waitedMs = waitedMs;
  }
}

/**
 * The waiting room will not admit this ticket: `status` is `expired` (the pass's time is over), `ended` (the session
 * ended early), `sold-out` or `closed`. Joining again gives a new ticket at the back.
 */
export class WaitOverError extends StagedoorError {
  /**
   * @param {string} status
   * @param {string | undefined} roomMessage the room's own words, when it gave some
   */
  constructor(status, roomMessage) {
    super(messages.waitOver(status, roomMessage), 'queue');
    this.status = status;
    this.roomMessage = roomMessage;
  }
}
