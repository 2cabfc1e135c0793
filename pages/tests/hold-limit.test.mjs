// A buyer over the seat limit (10 seats, then 1 per 6 s) sees "please wait N seconds" with the N of the 429's
// Retry-After, and the page (through the JavaScript client) sends the hold again no sooner than that, with the same
// Idempotency-Key, and then it is held.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_ID, PHONE, launch, screenshot, signIn } from './support/browser.mjs';

const BURST = 10;

test('a buyer over the hold limit is told the wait in seconds and the page retries exactly then', { timeout: 180_000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await signIn(page, 'grace');
    await page.getByRole('button', { name: /^Choose / }).first().click();
    await page.getByRole('heading', { name: 'Pick your seats' }).waitFor({ timeout: 60_000 });

    // Spend the burst with the page's own token and pass, as a second tab of the same buyer would.
    const statuses = await page.evaluate(async ({ eventId, burst }) => {
      const { token } = JSON.parse(sessionStorage.getItem('stagedoor.session'));
      const passes = JSON.parse(sessionStorage.getItem('stagedoor.passes') || '{}');
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      if (passes[eventId]) headers['X-Waiting-Room-Pass'] = passes[eventId].pass;
      const answers = [];
      for (let i = 1; i <= burst; i++) {
        const response = await fetch(`/v1/events/${eventId}/holds`,
          { method: 'POST', headers, body: JSON.stringify({ seats: [`S-${i}`] }) });
        answers.push(response.status);
      }
      return answers;
    }, { eventId: EVENT_ID, burst: BURST });
    assert.deepEqual(statuses, Array(BURST).fill(202));

    const free = page.locator('.seat-row[aria-label="Row F"] button.seat[data-status="available"]').first();
    const seat = await free.getAttribute('data-seat');
    await free.click();
    const holds = [];
    const keys = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/holds')) {
        holds.push(Date.now());
        keys.push(request.headers()['idempotency-key']);
      }
    });
    const refused = page.waitForResponse((r) => r.url().endsWith('/holds') && r.status() === 429);
    await page.getByRole('button', { name: 'Hold these seats' }).click();
    const response = await refused;
    const retryAfter = Number(response.headers()['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 6, `Retry-After ${retryAfter} is within the 6 s refill`);

    const wait = page.locator('#notice.wait');
    await wait.waitFor();
    const message = await wait.locator('.message').innerText();
    assert.match(message, new RegExp(`please wait ${retryAfter} seconds?\\.`));
    assert.equal(await wait.getAttribute('data-retry-after'), String(retryAfter));
    await screenshot(page, 'hold-limit-1-wait');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'hold-limit-1-wait-phone');

    await page.getByRole('heading', { name: 'Your seats are held' }).waitFor({ timeout: 30_000 });
    assert.equal(holds.length, 2, 'one refused hold, then exactly one retry');
    assert.match(keys[0], /^[0-9a-f-]{36}$/, 'the hold carries an Idempotency-Key');
    assert.equal(keys[1], keys[0], 'the retry is the same logical request');
    const waited = holds[1] - holds[0];
    assert.ok(waited >= retryAfter * 1000 - 50, `retried after ${waited} ms, not before ${retryAfter} s`);
    assert.ok(waited < retryAfter * 1000 + 1500, `retried after ${waited} ms, promptly after ${retryAfter} s`);
    assert.match(await page.locator('#hold-seats-list').innerText(), new RegExp(seat));
    await screenshot(page, 'hold-limit-2-held-after-wait');
  } finally {
    await browser.close();
  }
});
