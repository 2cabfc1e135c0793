import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRateLimit } from '../src/index.js';

const fields = (entries) => new Headers(entries);

test('the fields of docs/http-api.md read as the tightest limit with its policy', () => {
  const limit = parseRateLimit(fields({
    'RateLimit-Policy': '"buyer-seats";q=10;w=60', RateLimit: '"buyer-seats";r=8;t=6', 'X-RateLimit-Remaining': '8',
  }));
  assert.deepEqual(limit, { policy: 'buyer-seats', remaining: 8, resetSeconds: 6, quota: 10, windowSeconds: 60 });
});

test('of several limits the one with the fewest units left is reported, with its own policy', () => {
  const limit = parseRateLimit(fields({
    'RateLimit-Policy': '"buyer-holds";q=20;w=120, "buyer-seats";q=10;w=60',
    RateLimit: '"buyer-holds";r=15;t=1, "buyer-seats";r=3;t=6',
  }));
  assert.deepEqual(limit, { policy: 'buyer-seats', remaining: 3, resetSeconds: 6, quota: 10, windowSeconds: 60 });
});

test('a token name, extra parameters and a missing t are read as the structured-field grammar says', () => {
  const limit = parseRateLimit(fields({ RateLimit: 'scanner;r=49;pk=:cHJvY2VzcyBrZXk=:', 'RateLimit-Policy': 'scanner;q=50' }));
  assert.deepEqual(limit, { policy: 'scanner', remaining: 49, quota: 50 });
});

test('an unreadable field is ignored, falling back to X-RateLimit-Remaining', () => {
  assert.deepEqual(parseRateLimit(fields({ RateLimit: '"buyer-seats";r=8;t=', 'X-RateLimit-Remaining': '8' })),
    { policy: '', remaining: 8 });
  assert.equal(parseRateLimit(fields({ RateLimit: 'r=8, t=6' })), undefined, 'draft-03 style dictionary has no r parameter');
  assert.equal(parseRateLimit(fields({ RateLimit: '"x";r=1.5' })), undefined, 'r must be an integer');
  assert.equal(parseRateLimit(fields({})), undefined);
});
