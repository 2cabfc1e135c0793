// A service scripted answer by answer, and a clock the client's waits move: unit tests see every request the client
// sends, with its headers and the fake time it left, and no test waits in real time.

/** A fake clock: `sleep` moves it at once and records how long each wait was. */
export class FakeTime {
  constructor(start = Date.parse('2026-12-04T19:00:00Z')) {
    this.at = start;
    this.waits = [];
    this.now = () => this.at;
    this.sleep = async (ms, signal) => {
      signal?.throwIfAborted();
      this.waits.push(ms);
      this.at += ms;
    };
  }
}

/**
 * A fetch that answers from `script`, one entry per request: `{ status, headers, body }` or an Error to throw
 * (no answer). Each request is recorded as `{ method, url, headers, body, at }`.
 */
export function scriptedFetch(script, time) {
  const sent = [];
  const queue = [...script];
  const fetch = async (url, init) => {
    sent.push({ method: init.method, url, headers: { ...init.headers }, body: init.body, at: time.now() });
    const next = queue.shift();
    if (next === undefined) throw new Error(`the script has no answer for request ${sent.length}: ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    const body = next.body === undefined ? null : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(body, { status: next.status, headers: next.headers || {} });
  };
  return { fetch, sent, left: () => queue.length };
}

export const problem = (status, slug, extra = {}) => ({
  type: `https://stagedoor.io/problems/${slug}`, status, detail: `scripted ${slug}`, ...extra,
});

export const accepted = (id) => ({
  status: 202, headers: { Location: `/v1/results/${id}`, 'Content-Type': 'application/json' },
  body: { correlationId: id, status: 'pending' },
});
