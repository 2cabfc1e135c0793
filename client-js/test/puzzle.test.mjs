// The join puzzle's solver: its SHA-256 is node's, its counters solve, and it runs off the main thread.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { searchCounter, solvePuzzle } from '../src/index.js';
import { sha256Hex } from '../src/puzzle-work.js';

const CHALLENGE = `jp1.${'c3RhZ2Vkb29y'.repeat(14)}.dGFn`;

function zeroBits(hex) {
  let bits = 0;
  for (const digit of hex) {
    const value = parseInt(digit, 16);
    if (value === 0) { bits += 4; continue; }
    return bits + Math.clz32(value) - 28;
  }
  return bits;
}

test('its SHA-256 is the standard one at every length around the block boundaries', () => {
  for (let length = 0; length <= 300; length++) {
    const text = 'x'.repeat(length);
    assert.equal(sha256Hex(text), createHash('sha256').update(text).digest('hex'), `length ${length}`);
  }
});

test('a counter it finds solves the challenge by node\'s own SHA-256, for challenges of every length', () => {
  for (let extra = 0; extra < 70; extra += 7) {
    const challenge = CHALLENGE + 'A'.repeat(extra);
    const counter = searchCounter(challenge, 10);
    assert.match(counter, /^\d{1,20}$/);
    assert.ok(zeroBits(createHash('sha256').update(`${challenge}:${counter}`).digest('hex')) >= 10, `extra ${extra}`);
  }
});

test('a search within a window of counters that holds no solution finds none', () => {
  const counter = Number(searchCounter(CHALLENGE, 12));
  assert.equal(searchCounter(CHALLENGE, 12, 0, counter), null);
  assert.equal(searchCounter(CHALLENGE, 12, counter, 1), String(counter));
});

test('solvePuzzle solves on a worker thread and answers the header value', async () => {
  const solution = await solvePuzzle({ challenge: CHALLENGE, difficulty: 12, expiresAt: '', header: 'Puzzle-Solution' });
  const [challenge, counter] = [solution.slice(0, solution.lastIndexOf(':')), solution.slice(solution.lastIndexOf(':') + 1)];
  assert.equal(challenge, CHALLENGE);
  assert.ok(zeroBits(createHash('sha256').update(`${CHALLENGE}:${counter}`).digest('hex')) >= 12);
});

test('an aborted solve stops its worker and rejects with the reason', async () => {
  const stop = new AbortController();
  const solving = solvePuzzle({ challenge: CHALLENGE, difficulty: 32, expiresAt: '', header: 'Puzzle-Solution' },
    { signal: stop.signal });
  stop.abort(new Error('the buyer left'));
  await assert.rejects(solving, /the buyer left/);
});
