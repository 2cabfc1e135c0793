import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RETRY_POLICY, backoffMs, parseRetryAfter, retryAfterWaitMs, retryPolicy } from '../src/index.js';

const NOW = Date.parse('2026-12-04T19:00:00Z');

test('Retry-After is read as delay-seconds or an HTTP-date, and anything else is ignored', () => {
  assert.equal(parseRetryAfter('6', NOW), 6);
  assert.equal(parseRetryAfter(' 0 ', NOW), 0);
  assert.equal(parseRetryAfter('Fri, 04 Dec 2026 19:00:07 GMT', NOW), 7);
  assert.equal(parseRetryAfter('Fri, 04 Dec 2026 18:59:00 GMT', NOW), 0, 'a date in the past is no wait');
  for (const bad of [null, undefined, '', '-1', '1.5', 'soon', '6 s']) assert.equal(parseRetryAfter(bad, NOW), undefined, String(bad));
});

test('a Retry-After wait is never shorter than asked and its jitter is bounded', () => {
  const policy = retryPolicy();
  assert.equal(retryAfterWaitMs(6, policy, 0), 6000);
  const most = retryAfterWaitMs(6, policy, 0.999999);
  assert.ok(most >= 6000 && most < 6000 + 600, `${most} within 10% of 6 s`);
  const long = retryAfterWaitMs(60, policy, 0.999999);
  assert.ok(long >= 60_000 && long < 61_000, `${long}: the jitter is capped at maxJitterMs`);
  assert.equal(retryAfterWaitMs(6, retryPolicy({ jitterRatio: 0 }), 0.9), 6000);
});

test('backoff doubles from the initial wait, is capped, and spreads over its upper half', () => {
  const policy = retryPolicy({ initialBackoffMs: 100, maxBackoffMs: 1000 });
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, policy, 0)), [50, 100, 200, 400, 500, 500]);
  assert.equal(backoffMs(3, policy, 0.999999), 399);
});

test('the policy has documented defaults and refuses values that make no sense', () => {
  assert.deepEqual({ ...retryPolicy() }, { ...DEFAULT_RETRY_POLICY });
  for (const bad of [{ maxAttempts: 0 }, { maxAttempts: 1.5 }, { maxElapsedMs: -1 }, { jitterRatio: 2 }, { maxJitterMs: -1 }]) {
    assert.throws(() => retryPolicy(bad), RangeError, JSON.stringify(bad));
  }
});
