import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdaptiveThrottle } from '../src/index.js';

const clock = () => {
  const time = { at: 1_000_000 };
  time.now = () => time.at;
  return time;
};

test('a service that accepts most requests is never held back', () => {
  const time = clock();
  const throttle = new AdaptiveThrottle({}, { now: time.now, random: () => 0 });
  for (let i = 0; i < 100; i++) throttle.record(i % 3 !== 0); // two in three accepted: k = 2 lets that through
  assert.equal(throttle.probability(), 0);
  assert.equal(throttle.admit().allowed, true);
});

test('when most answers are refusals the client holds back with the SRE book\'s probability', () => {
  const time = clock();
  const throttle = new AdaptiveThrottle({ k: 2 }, { now: time.now, random: () => 0.5 });
  for (let i = 0; i < 9; i++) throttle.record(false);
  throttle.record(true);
  // requests 10, accepts 1: (10 − 2) / 11
  assert.equal(throttle.probability(), 8 / 11);
  const verdict = throttle.admit();
  assert.equal(verdict.allowed, false);
  assert.equal(verdict.probability, 8 / 11);
  assert.deepEqual(throttle.counts(), { requests: 11, accepts: 1 }, 'a call held back counts as a request');
});

test('a draw above the probability lets a call through, so recovery is noticed', () => {
  const time = clock();
  const throttle = new AdaptiveThrottle({}, { now: time.now, random: () => 0.99 });
  for (let i = 0; i < 20; i++) throttle.record(false);
  assert.ok(throttle.probability() > 0.9);
  assert.equal(throttle.admit().allowed, true);
});

test('refusals older than the window are forgotten', () => {
  const time = clock();
  const throttle = new AdaptiveThrottle({ windowMs: 10_000, bucketMs: 1_000 }, { now: time.now, random: () => 0 });
  for (let i = 0; i < 20; i++) throttle.record(false);
  assert.ok(throttle.probability() > 0.9);
  time.at += 9_000;
  assert.ok(throttle.probability() > 0.9, 'still inside the window');
  time.at += 1_000;
  assert.equal(throttle.probability(), 0);
  assert.deepEqual(throttle.counts(), { requests: 0, accepts: 0 });
});

test('settings must be positive', () => {
  assert.throws(() => new AdaptiveThrottle({ k: 0 }), RangeError);
  assert.throws(() => new AdaptiveThrottle({ windowMs: -5 }), RangeError);
});
