// The client against a running ingress with the waiting room on (STAGEDOOR_URL; ClientJsIT starts one): login, the
// room joined, polled at its pace and left, a hold and a checkout with their results, a 429 waited out, the RateLimit
// fields, the Idempotency-Key on the wire, and the throttle engaging. Each buyer is used by one test only.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RefusedError, StagedoorClient, ThrottledError,
} from '../src/index.js';
import {
  ADMIN_KEY, ADMIN_URL, BASE_URL, EVENT_ID, LIVE, PASSWORD, changeRoom, eventually, recordingFetch,
} from './support/live.mjs';

async function signedIn(who, options = {}) {
  const anonymous = new StagedoorClient({ baseUrl: BASE_URL });
  const { token } = await anonymous.login(`${who}@stagedoor.test`, PASSWORD);
  return new StagedoorClient({ baseUrl: BASE_URL, token, ...options });
}

/** `n` seats of `row` still available, so the tests can run again on the same ingress. */
async function freeSeats(client, row, n) {
  const { seats } = await client.event(EVENT_ID);
  const free = seats.filter((s) => s.seatId.startsWith(`${row}-`) && s.status === 'available').map((s) => s.seatId);
  assert.ok(free.length >= n, `${n} seats free in row ${row}`);
  return free.slice(0, n);
}

test('login gives a bearer token, and a wrong password is a 401 refusal', { ...LIVE, timeout: 30_000 }, async () => {
  const client = new StagedoorClient({ baseUrl: BASE_URL });
  const session = await client.login('ada@stagedoor.test', PASSWORD);
  assert.match(session.token, /\S{20,}/);
  assert.equal(session.buyerId, 'ada');
  assert.ok(session.expiresIn > 0);
  const refused = await client.login('ada@stagedoor.test', 'not-the-password').catch((e) => e);
  assert.ok(refused instanceof RefusedError, String(refused));
  assert.equal(refused.status, 401);
});

test('the room is joined, asked again no sooner than its Retry-After, entered, and left', { ...LIVE, timeout: 90_000 }, async () => {
  const wire = recordingFetch();
  const client = await signedIn('ada', { fetch: wire.fetch });
  await changeRoom({ paused: true });
  const places = [];
  let admitted;
  try {
    admitted = await client.awaitPass(EVENT_ID, {
      maxMs: 60_000,
      onPlace: (place) => {
        places.push(place);
        if (places.length === 3) changeRoom({ paused: false });
      },
    });
  } finally {
    await changeRoom({ paused: false });
  }
  assert.ok(admitted.pass, 'admitted with a pass');
  assert.ok(places.length >= 3, `waited in line (${places.length} answers)`);
  assert.ok(places.every((p) => p.status === 'waiting' && p.position >= 1 && p.retryAfterSeconds >= 1));
  const asks = wire.exchanges.filter((e) => e.path.startsWith(`/v1/events/${EVENT_ID}/queue`));
  assert.equal(asks[0].method, 'POST');
  for (let i = 1; i < asks.length; i++) {
    const told = Number(asks[i - 1].answerHeaders.get('Retry-After'));
    assert.ok(asks[i].sentAt - asks[i - 1].arrivedAt >= told * 1000,
      `ask ${i} went ${asks[i].sentAt - asks[i - 1].arrivedAt} ms after an answer that said ${told} s`);
    assert.equal(asks[i].method, 'GET');
  }

  await client.leaveQueue(EVENT_ID);
  const again = await client.leaveQueue(EVENT_ID).catch((e) => e);
  assert.ok(again instanceof RefusedError);
  assert.equal(again.status, 404, 'no session once left');
  const afterLeaving = await client.hold(EVENT_ID, ['R-1'], { pass: admitted.pass }).catch((e) => e);
  assert.equal(afterLeaving.status, 403, 'the pass stops working once the buyer left');
  assert.equal(afterLeaving.kind, 'waiting-room');
});

test('a hold and its checkout are accepted and their results long-polled', { ...LIVE, timeout: 120_000 }, async () => {
  const client = await signedIn('linus');
  const { pass } = await client.awaitPass(EVENT_ID, { maxMs: 60_000 });
  const seats = await freeSeats(client, 'P', 2);
  const held = await client.holdAndAwait(EVENT_ID, seats, { pass, maxMs: 30_000 });
  assert.equal(held.status, 'held', JSON.stringify(held));
  assert.deepEqual(held.seats, seats);
  const declined = await client.checkoutAndAwait(held.holdId, 'tok_decline', { maxMs: 30_000 });
  assert.deepEqual([declined.status, declined.reason], ['rejected', 'payment-declined'], JSON.stringify(declined));
  const paid = await client.checkoutAndAwait(held.holdId, 'tok_ok', { maxMs: 30_000 });
  assert.equal(paid.status, 'confirmed', JSON.stringify(paid));
  assert.equal(paid.tickets.length, 2);
});

test('past the hold limit the next attempt waits out Retry-After, with the same Idempotency-Key, and the RateLimit fields are read',
  { ...LIVE, timeout: 120_000 }, async () => {
    const wire = recordingFetch();
    const waits = [];
    const client = await signedIn('grace', { fetch: wire.fetch, onWait: (w) => waits.push(w) });
    const { pass } = await client.awaitPass(EVENT_ID, { maxMs: 60_000 });
    const seats = await freeSeats(client, 'Q', 11);
    const first = await client.hold(EVENT_ID, seats.slice(0, 8), { pass });
    const raw = wire.exchanges.at(-1).answerHeaders;
    assert.equal(first.rateLimit.policy, 'buyer-seats', `RateLimit: ${raw.get('RateLimit')}`);
    assert.equal(first.rateLimit.remaining, 2);
    assert.equal(first.rateLimit.quota, 10);
    assert.ok(first.rateLimit.windowSeconds > 0);
    assert.ok(first.rateLimit.resetSeconds >= 1 && first.rateLimit.resetSeconds <= 6, `t=${first.rateLimit.resetSeconds}`);
    assert.equal(String(first.rateLimit.remaining), raw.get('X-RateLimit-Remaining'));
    await client.hold(EVENT_ID, seats.slice(8, 10), { pass });

    const before = wire.exchanges.length;
    const third = await client.hold(EVENT_ID, seats.slice(10), { pass });
    const attempts = wire.exchanges.slice(before);
    assert.equal(attempts[0].status, 429, 'the bucket was spent');
    const retryAfter = Number(attempts[0].answerHeaders.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 6, `Retry-After ${retryAfter}`);
    assert.equal(attempts.at(-1).status, 202);
    for (let i = 1; i < attempts.length; i++) {
      const told = Number(attempts[i - 1].answerHeaders.get('Retry-After'));
      const waited = attempts[i].sentAt - attempts[i - 1].arrivedAt;
      assert.ok(waited >= told * 1000, `attempt ${i + 1} went ${waited} ms after a 429 that said ${told} s`);
      assert.ok(waited < told * 1000 + 1000, `and within the jitter bound (${waited} ms)`);
    }
    const keys = new Set(attempts.map((a) => a.headers['Idempotency-Key']));
    assert.equal(keys.size, 1, 'one Idempotency-Key for every attempt');
    assert.equal(third.idempotencyKey, [...keys][0]);
    assert.notEqual(third.idempotencyKey, first.idempotencyKey, 'a new logical request, a new key');
    assert.deepEqual(waits.map((w) => [w.status, w.retryAfterSeconds]), attempts.slice(0, -1).map((a) => [429, Number(a.answerHeaders.get('Retry-After'))]));
    assert.equal((await client.awaitResult(third, { maxMs: 30_000 })).status, 'held');
  });

test('when nearly every answer is a refusal the client stops sending', { ...LIVE, timeout: 60_000 }, async () => {
  // grace's bucket was spent by the test before: each hold is refused until a seat's token comes back in 6 s
  const wire = recordingFetch();
  const client = await signedIn('grace', { fetch: wire.fetch, retry: { maxAttempts: 1 } });
  const { pass } = await client.awaitPass(EVENT_ID, { maxMs: 60_000 });
  const sentBefore = wire.exchanges.length;
  const outcomes = [];
  for (let i = 0; i < 40; i++) {
    const error = await client.hold(EVENT_ID, ['R-40'], { pass }).catch((e) => e);
    outcomes.push(error instanceof ThrottledError ? 'throttled' : error.status ?? 'accepted');
  }
  const holdsSent = wire.exchanges.slice(sentBefore).length;
  const throttled = outcomes.filter((o) => o === 'throttled').length;
  assert.ok(throttled >= 10, `held back ${throttled} of 40: ${outcomes.join(' ')}`);
  assert.equal(holdsSent + throttled, 40, 'a call held back never reached the ingress');
  assert.ok(client.throttle.probability() > 0.5);
});

test('a room that asks for a puzzle is joined by solving one off the main thread', { ...LIVE, timeout: 60_000 }, async () => {
  const eventId = `puzzled-${Date.now()}`;
  const now = new Date();
  const written = await fetch(`${ADMIN_URL}/v1/admin/events/${eventId}`, {
    method: 'PUT', headers: { 'X-Admin-Key': ADMIN_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      eventId, name: 'A puzzled room', organizerId: 'org-stagedoor', onSaleAt: now.toISOString(),
      seats: ['P-1', 'P-2'], priceCents: 4500,
      waitingRoom: {
        enabled: true, entryRatePerSecond: 50, opensAt: new Date(now.getTime() - 1000).toISOString(),
        passLifetime: 'PT15M', joinPuzzle: { difficulty: 12 },
      },
    }),
  });
  assert.equal(written.status, 200, await written.text());
  const wire = recordingFetch();
  const client = await signedIn('linus', { fetch: wire.fetch });
  const puzzles = [];
  const place = await eventually(() => client.joinQueue(eventId, { onPuzzle: (p) => puzzles.push(p) })
    .catch((e) => (e instanceof RefusedError && e.kind === 'not-found' ? null : Promise.reject(e))), 10_000,
  'the new event reaching the ingress');
  assert.ok(['waiting', 'admitted'].includes(place.status), JSON.stringify(place));
  assert.equal(puzzles.length, 1);
  assert.equal(puzzles[0].difficulty, 12);
  const joins = wire.exchanges.filter((e) => e.path === `/v1/events/${eventId}/queue`);
  assert.deepEqual(joins.slice(-2).map((e) => e.status), [428, place.status === 'waiting' ? 202 : 200]);
  assert.match(joins.at(-1).headers['Puzzle-Solution'], /^jp1\.[\w-]+\.[\w-]+:\d+$/);
});
