// Talking to the ingress, through the JavaScript client (client-js/ in the repository, served at /static/js/client/; the operator page keeps api.js).
// Every 429 and 503 carries a true Retry-After (ARCHITECTURE.md, "Honest"): the client sends a refused request again
// no sooner than the service said, with one Idempotency-Key for all its attempts, and holds calls back by itself when
// most answers were refusals. The page only says why it waits.

import { StagedoorClient } from '../client/index.js';

export {
  RefusedError, StagedoorError, StillPendingError, ThrottledError, UnreachableError, WaitOverError,
} from '../client/index.js';

/** What each call is, in the words of the notice: "We will try {what} again at …". */
const WHAT = {
  login: 'signing in',
  events: 'loading the events',
  event: 'loading the seat map',
  hold: 'holding your seats',
  checkout: 'your payment',
  result: 'asking for the answer',
  queue: 'checking your place in line',
};

/** A buyer's work on the page may wait for minutes (a busy on-sale): far more than a script's defaults. */
const PAGE_RETRY = { maxAttempts: 30, maxElapsedMs: 10 * 60_000 };

/**
 * The page's one client: it reads the buyer's token at each call and shows every wait in the notice.
 * @param {{ token: () => string | null | undefined, notice: import('../notice.js').Notice }} parts
 */
export function pageClient({ token, notice }) {
  return new StagedoorClient({
    baseUrl: '',
    token,
    retry: PAGE_RETRY,
    onWait: (w) => notice.waitFor({
      seconds: w.retryAfterSeconds ?? Math.ceil(w.waitMs / 1000), waitMs: w.waitMs, status: w.status,
      problem: w.problem, what: WHAT[w.operation] || w.operation,
    }),
  });
}

/** How long the page waits for a hold's or a payment's result before saying it is still pending. */
export const RESULT_WAIT_MS = 5 * 60_000;
