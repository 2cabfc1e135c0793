// @stagedoor/client: the Stagedoor HTTP API for node and browsers. See README.md.

export { StagedoorClient, MAX_POLL_WAIT_SECONDS, DEFAULT_POLL_HINT_SECONDS } from './client.js';
export {
  StagedoorError, RefusedError, ThrottledError, UnreachableError, StillPendingError, WaitOverError,
} from './errors.js';
export { AdaptiveThrottle, DEFAULT_THROTTLE } from './throttle.js';
export { solvePuzzle } from './puzzle.js';
export { searchCounter } from './puzzle-work.js';
export { parseRateLimit } from './rate-limit.js';
export {
  DEFAULT_RETRY_POLICY, retryPolicy, parseRetryAfter, retryAfterWaitMs, backoffMs,
} from './retry-policy.js';
export { RETRYABLE, sleep } from './send.js';
