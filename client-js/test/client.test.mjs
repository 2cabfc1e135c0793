// The client against a scripted service and a fake clock: what it sends, when, and what it makes of each answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RefusedError, StagedoorClient, StillPendingError, ThrottledError, UnreachableError, WaitOverError,
} from '../src/index.js';
import { FakeTime, accepted, problem, scriptedFetch } from './support/scripted.mjs';

const BASE = 'http://127.0.0.1:8080';

function client(script, extra = {}) {
  const time = new FakeTime();
  const service = scriptedFetch(script, time);
  let keys = 0;
  const waits = [];
  const made = new StagedoorClient({
    baseUrl: BASE, token: 'buyer-token', fetch: service.fetch, now: time.now, sleep: time.sleep,
    random: () => 0.5, idempotencyKey: () => `key-${++keys}`, onWait: (notice) => waits.push(notice), ...extra,
  });
  return { client: made, service, time, waits };
}

const refused429 = (seconds) => ({
  status: 429, headers: { 'Retry-After': String(seconds), 'Content-Type': 'application/problem+json' },
  body: problem(429, 'rate-limited', { policy: 'buyer-seats', retryAfter: seconds }),
});

test('a refused hold is sent again no sooner than its Retry-After, with the same Idempotency-Key and body', async () => {
  const { client: c, service, time, waits } = client([refused429(6), refused429(2), accepted('c-1')]);
  const answer = await c.hold('stagedoor-live', ['A-1', 'A-2'], { pass: 'the-pass' });
  assert.equal(answer.correlationId, 'c-1');
  assert.equal(answer.location, `${BASE}/v1/results/c-1`);
  assert.equal(answer.attempts, 3);
  assert.equal(service.sent.length, 3);
  assert.ok(service.sent[1].at - service.sent[0].at >= 6000, 'not before the first Retry-After');
  assert.ok(service.sent[1].at - service.sent[0].at < 6000 + 600, 'jitter of at most a tenth');
  assert.ok(service.sent[2].at - service.sent[1].at >= 2000, 'not before the second');
  assert.deepEqual(service.sent.map((r) => r.headers['Idempotency-Key']), ['key-1', 'key-1', 'key-1']);
  assert.equal(answer.idempotencyKey, 'key-1');
  assert.ok(service.sent.every((r) => r.body === '{"seats":["A-1","A-2"]}' && r.headers['X-Waiting-Room-Pass'] === 'the-pass'
    && r.headers.Authorization === 'Bearer buyer-token'));
  assert.deepEqual(waits.map((w) => [w.operation, w.status, w.retryAfterSeconds]), [['hold', 429, 6], ['hold', 429, 2]]);
  assert.equal(waits[0].problem.policy, 'buyer-seats');
  assert.equal(time.waits[0], waits[0].waitMs);
});

test('each logical request gets its own key; a caller\'s own key is used as given', async () => {
  const { client: c, service } = client([accepted('c-1'), accepted('c-2'), accepted('c-3')]);
  await c.hold('e', ['A-1']);
  await c.checkout('h-1', 'tok_ok');
  await c.checkout('h-1', 'tok_ok', { idempotencyKey: 'mine' });
  assert.deepEqual(service.sent.map((r) => r.headers['Idempotency-Key']), ['key-1', 'key-2', 'mine']);
  assert.equal(service.sent[1].url, `${BASE}/v1/holds/h-1/checkout`);
});

test('past its attempts a refusal is thrown with what the service said', async () => {
  const { client: c, service } = client([refused429(1), refused429(1)], { retry: { maxAttempts: 2 } });
  const error = await c.hold('e', ['A-1']).catch((e) => e);
  assert.ok(error instanceof RefusedError);
  assert.deepEqual([error.status, error.kind, error.gaveUp, error.retryAfterSeconds, error.attempts],
    [429, 'rate-limited', 'attempts-exhausted', 1, 2]);
  assert.equal(service.sent.length, 2);
});

test('a Retry-After that would end past the deadline is not waited for', async () => {
  const { client: c, service } = client([refused429(40)]);
  const error = await c.hold('e', ['A-1']).catch((e) => e);
  assert.equal(error.gaveUp, 'deadline-exceeded');
  assert.equal(service.sent.length, 1);
});

test('no other refusal is retried', async () => {
  const { client: c, service } = client([{ status: 422, body: problem(422, 'unprocessable') }]);
  const error = await c.hold('e', ['Z-9']).catch((e) => e);
  assert.deepEqual([error.status, error.kind, error.gaveUp], [422, 'unprocessable', 'not-retryable']);
  assert.equal(service.sent.length, 1);
});

test('a request without an answer is retried after a backoff, then given up', async () => {
  const down = () => new TypeError('fetch failed');
  const { client: c, service, time } = client([down(), down(), down()], { retry: { maxAttempts: 3 } });
  const error = await c.login('ada@stagedoor.test', 'stagedoor').catch((e) => e);
  assert.ok(error instanceof UnreachableError);
  assert.equal(error.attempts, 3);
  assert.deepEqual(time.waits, [75, 150], 'initial 100 ms doubling, jitter in its upper half');
  assert.equal(service.sent.length, 3);
});

test('when most answers were refusals the client holds calls back without sending them', async () => {
  const script = Array.from({ length: 10 }, () => refused429(1));
  const { client: c, service } = client(script, { retry: { maxAttempts: 1 }, random: () => 0.5 });
  let throttled = 0;
  for (let i = 0; i < 10; i++) {
    const error = await c.hold('e', ['A-1']).catch((e) => e);
    if (error instanceof ThrottledError) throttled += 1;
    else assert.equal(error.status, 429);
  }
  assert.ok(throttled > 0, 'some calls held back');
  assert.equal(service.sent.length + throttled, 10, 'a throttled call never reached the service');
  assert.equal(service.left(), throttled);
});

test('the throttle can be turned off, and a shared one sees every client', async () => {
  const script = Array.from({ length: 6 }, () => refused429(1));
  const { client: c, service } = client(script, { retry: { maxAttempts: 1 }, throttle: false });
  for (let i = 0; i < 6; i++) assert.equal((await c.hold('e', ['A-1']).catch((e) => e)).status, 429);
  assert.equal(service.sent.length, 6);
  assert.equal(c.withToken('other').throttle, null);
  const { client: d } = client([]);
  assert.equal(d.withToken('other').throttle, d.throttle);
});

test('RateLimit fields of an accepted hold are parsed', async () => {
  const { client: c } = client([{ ...accepted('c-1'), headers: {
    ...accepted('c-1').headers, RateLimit: '"buyer-seats";r=8;t=6', 'RateLimit-Policy': '"buyer-seats";q=10;w=60' } }]);
  const answer = await c.hold('e', ['A-1', 'A-2']);
  assert.deepEqual(answer.rateLimit, { policy: 'buyer-seats', remaining: 8, resetSeconds: 6, quota: 10, windowSeconds: 60 });
});

test('a result is long-polled: a held pending answer is followed at once, an unheld one after its Retry-After', async () => {
  const { client: c, service, time } = client([
    { status: 202, headers: { 'Preference-Applied': 'wait', 'Retry-After': '1' }, body: { status: 'pending' } },
    { status: 202, headers: { 'Retry-After': '2' }, body: { status: 'pending' } },
    { status: 200, body: { correlationId: 'c-1', status: 'held', holdId: 'h-1' } },
  ]);
  const result = await c.awaitResult({ correlationId: 'c-1', location: `${BASE}/v1/results/c-1` }, { maxMs: 20_000 });
  assert.equal(result.holdId, 'h-1');
  assert.deepEqual(service.sent.map((r) => r.headers.Prefer), ['wait=20', 'wait=20', 'wait=18']);
  assert.deepEqual(time.waits, [2000]);
});

test('a result still pending at the deadline is said so', async () => {
  const pending = { status: 202, headers: { 'Retry-After': '1' }, body: { status: 'pending' } };
  const { client: c, service } = client([pending, pending, pending]);
  const error = await c.awaitResult('c-9', { maxMs: 2500 }).catch((e) => e);
  assert.ok(error instanceof StillPendingError);
  assert.equal(error.id, 'c-9');
  assert.equal(service.sent[0].url, `${BASE}/v1/results/c-9`);
  assert.equal(service.sent.length, 3);
});

test('the waiting room is asked again at the pace its Retry-After sets, until the pass', async () => {
  const { client: c, service } = client([
    { status: 202, headers: { 'Retry-After': '3' }, body: { ticket: 't-1', status: 'waiting', position: 7, estimatedWaitSeconds: 9 } },
    { status: 200, headers: { 'Retry-After': '2' }, body: { ticket: 't-1', status: 'waiting', position: 2, estimatedWaitSeconds: 3 } },
    { status: 200, body: { status: 'admitted', pass: 'the-pass', expiresAt: '2026-12-04T19:10:00Z' } },
  ]);
  const places = [];
  const admitted = await c.awaitPass('stagedoor-live', { onPlace: (p) => places.push(p) });
  assert.equal(admitted.pass, 'the-pass');
  assert.deepEqual(places.map((p) => [p.position, p.retryAfterSeconds]), [[7, 3], [2, 2]]);
  assert.deepEqual(service.sent.map((r) => `${r.method} ${r.url.slice(BASE.length)}`), [
    'POST /v1/events/stagedoor-live/queue', 'GET /v1/events/stagedoor-live/queue/t-1', 'GET /v1/events/stagedoor-live/queue/t-1']);
  assert.ok(service.sent[1].at - service.sent[0].at >= 3000);
  assert.ok(service.sent[2].at - service.sent[1].at >= 2000);
});

test('a room that will not admit the ticket ends the wait with its own words', async () => {
  const { client: c } = client([{ status: 200, body: { status: 'sold-out', message: 'Every seat is sold.' } }]);
  const error = await c.awaitPass('e').catch((e) => e);
  assert.ok(error instanceof WaitOverError);
  assert.deepEqual([error.status, error.roomMessage], ['sold-out', 'Every seat is sold.']);
});

test('leaving the room is a DELETE; leaving without a session is a 404 refusal', async () => {
  const { client: c, service } = client([{ status: 204 }, { status: 404, body: problem(404, 'not-found') }]);
  await c.leaveQueue('e');
  assert.equal(service.sent[0].method, 'DELETE');
  assert.equal((await c.leaveQueue('e').catch((e) => e)).status, 404);
});

test('a call needs a token, and reads it at each call when given a function', async () => {
  let token = null;
  const { client: c, service } = client([accepted('c-1')], { token: () => token });
  await assert.rejects(c.hold('e', ['A-1']), TypeError);
  await assert.rejects(c.hold('e', []), TypeError);
  token = 'later';
  await c.hold('e', ['A-1']);
  assert.equal(service.sent[0].headers.Authorization, 'Bearer later');
});

test('a wait is abandoned when the caller aborts', async () => {
  const controller = new AbortController();
  const { client: c } = client([refused429(5)], {
    sleep: async () => { controller.abort(new Error('signed out')); throw controller.signal.reason; },
  });
  await assert.rejects(c.hold('e', ['A-1'], { signal: controller.signal }), /signed out/);
});

test('a request that gets no answer within its timeout counts as unanswered and is retried', async () => {
  const time = new FakeTime();
  const signals = [];
  const silent = (url, init) => new Promise((resolve, reject) => {
    signals.push(init.signal);
    init.signal.addEventListener('abort', () => reject(init.signal.reason));
  });
  const c = new StagedoorClient({ baseUrl: BASE, fetch: silent, now: time.now, sleep: time.sleep, retry: { maxAttempts: 2, requestTimeoutMs: 30 } });
  const error = await c.events().catch((e) => e);
  assert.ok(error instanceof UnreachableError, String(error));
  assert.equal(error.attempts, 2);
  assert.match(error.cause.message, /no answer within 30 ms/);
  assert.equal(signals.length, 2);
});

test('a caller\'s abort during a request ends the call without a retry', async () => {
  const controller = new AbortController();
  let sent = 0;
  const hanging = (url, init) => new Promise((resolve, reject) => {
    sent += 1;
    init.signal.addEventListener('abort', () => reject(init.signal.reason));
    controller.abort(new Error('signed out'));
  });
  const c = new StagedoorClient({ baseUrl: BASE, fetch: hanging });
  await assert.rejects(c.events({ signal: controller.signal }), /signed out/);
  assert.equal(sent, 1);
});

const puzzleRequired = {
  status: 428, headers: { 'Content-Type': 'application/problem+json' }, body: problem(428, 'puzzle-required'),
};
const waiting = {
  status: 202, headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
  body: { ticket: 't-1', status: 'waiting', position: 3, estimatedWaitSeconds: 2 },
};
const issuedPuzzle = (challenge) => ({
  status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  body: { challenge, difficulty: 6, expiresAt: '2026-12-04T19:02:00Z', header: 'Puzzle-Solution' },
});

test('a join refused for want of a puzzle gets one, solves it and joins again with the solution', async () => {
  const { client: c, service } = client([puzzleRequired, issuedPuzzle('jp1.abc.def'), waiting]);
  const heard = [];
  const place = await c.joinQueue('e', { onPuzzle: (p) => heard.push(p.difficulty) });
  assert.equal(place.ticket, 't-1');
  assert.deepEqual(heard, [6]);
  assert.deepEqual(service.sent.map((r) => `${r.method} ${new URL(r.url).pathname}`),
    ['POST /v1/events/e/queue', 'GET /v1/events/e/queue/puzzle', 'POST /v1/events/e/queue']);
  assert.equal(service.sent[0].headers['Puzzle-Solution'], undefined);
  const solution = service.sent[2].headers['Puzzle-Solution'];
  assert.match(solution, /^jp1\.abc\.def:\d+$/);
  const { createHash } = await import('node:crypto');
  assert.match(createHash('sha256').update(solution).digest('hex'), /^0[0-3]/, 'six leading zero bits');
  assert.equal(service.sent[2].headers['Idempotency-Key'], service.sent[0].headers['Idempotency-Key']);
});

test('a second refusal after a solved puzzle, or solvePuzzles: false, is the caller\'s', async () => {
  const refusedAgain = {
    status: 403, headers: { 'Content-Type': 'application/problem+json' }, body: problem(403, 'puzzle-refused'),
  };
  const { client: c, service } = client([puzzleRequired, issuedPuzzle('jp1.abc.def'), refusedAgain]);
  const error = await c.joinQueue('e').catch((e) => e);
  assert.ok(error instanceof RefusedError);
  assert.equal(error.kind, 'puzzle-refused');
  assert.equal(service.sent.length, 3);
  const { client: manual } = client([puzzleRequired]);
  const left = await manual.joinQueue('e', { solvePuzzles: false }).catch((e) => e);
  assert.equal(left.kind, 'puzzle-required');
});

test('a presale registration and standing are asked of their routes, and a join carries the code it is given', async () => {
  const standing = { eventId: 'stagedoor-live', status: 'won', code: 'the-code', registerUntil: '2026-12-08T10:00:00Z',
    drawAt: '2026-12-08T10:00:00Z', codesUsedBy: '2026-12-09T10:00:00Z' };
  const { client: c, service } = client([
    { status: 201, body: { ...standing, status: 'registered', code: undefined } },
    { status: 200, body: standing },
    { status: 202, headers: { 'Retry-After': '3' }, body: { ticket: 't-1', status: 'waiting', position: 1, estimatedWaitSeconds: 1 } },
  ]);
  assert.equal((await c.registerForPresale('stagedoor-live')).status, 'registered');
  const won = await c.presaleStanding('stagedoor-live');
  await c.joinQueue('stagedoor-live', { presaleCode: won.code });
  assert.deepEqual(service.sent.map((r) => `${r.method} ${r.url.slice(BASE.length)}`), [
    'POST /v1/events/stagedoor-live/presale/registration', 'GET /v1/events/stagedoor-live/presale',
    'POST /v1/events/stagedoor-live/queue']);
  assert.equal(service.sent[2].headers['Presale-Code'], 'the-code');
  assert.equal(service.sent[0].headers['Presale-Code'], undefined);
});
