// The ingress the live tests run against (STAGEDOOR_URL; ClientJsIT starts one), and a fetch that records what the
// client sent and when each answer arrived, so a test can check the wire and not only the client's word for it.

export const BASE_URL = (process.env.STAGEDOOR_URL || '').replace(/\/$/, '');
export const ADMIN_URL = (process.env.STAGEDOOR_ADMIN_URL || 'http://127.0.0.1:8081').replace(/\/$/, '');
export const ADMIN_KEY = process.env.STAGEDOOR_INGRESS_ADMIN_KEY || 'dev-admin-key';
export const EVENT_ID = process.env.STAGEDOOR_EVENT || 'stagedoor-live';
export const PASSWORD = 'stagedoor';
/** Set on the tests that need an ingress: without STAGEDOOR_URL they are skipped (ClientJsIT insists on none). */
export const LIVE = BASE_URL ? {} : { skip: 'set STAGEDOOR_URL to an ingress started with --waiting-room' };

/** A fetch that records `{ method, path, headers, sentAt, status?, arrivedAt?, answerHeaders? }` per request. */
export function recordingFetch() {
  const exchanges = [];
  const fetch = async (url, init) => {
    const exchange = { method: init.method, path: new URL(url).pathname, headers: { ...init.headers }, sentAt: Date.now() };
    exchanges.push(exchange);
    const response = await globalThis.fetch(url, init);
    exchange.arrivedAt = Date.now();
    exchange.status = response.status;
    exchange.answerHeaders = response.headers;
    return response;
  };
  return { fetch, exchanges };
}

/** Changes the event's room on the admin listener: `{ paused }` or `{ entryRatePerSecond }`. */
export async function changeRoom(change) {
  const response = await fetch(`${ADMIN_URL}/v1/admin/events/${EVENT_ID}/waiting-room`, {
    method: 'PUT', headers: { 'X-Admin-Key': ADMIN_KEY, 'Content-Type': 'application/json' }, body: JSON.stringify(change),
  });
  if (!response.ok) throw new Error(`PUT waiting-room ${JSON.stringify(change)} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Polls `check` until it returns a truthy value or `ms` pass. */
export async function eventually(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
