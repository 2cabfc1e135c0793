// A buyer goes from sign-in to confirmation: event, waiting room, seat map, hold with its countdown, a declined
// test card, then a card that pays, and the tickets.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, PHONE, DESKTOP, launch, screenshot, signIn } from './support/browser.mjs';

test('a buyer signs in, holds two seats, pays and sees one ticket per seat', { timeout: 180_000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${BASE_URL}/`);
    await screenshot(page, 'buyer-1-sign-in');
    await signIn(page, 'ada');
    await screenshot(page, 'buyer-2-events');

    await page.getByRole('button', { name: /^Choose / }).first().click();
    await page.getByRole('heading', { name: 'Pick your seats' }).waitFor({ timeout: 60_000 });
    const free = page.locator('.seat-row[aria-label="Row E"] button.seat[data-status="available"]');
    await free.first().waitFor();
    const seats = [await free.nth(0).getAttribute('data-seat'), await free.nth(1).getAttribute('data-seat')];
    for (const seat of seats) await page.locator(`button.seat[data-seat="${seat}"]`).click();
    assert.match(await page.locator('#seat-summary').innerText(), new RegExp(`2 chosen: ${seats.join(', ')}`));
    await screenshot(page, 'buyer-3-seats');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'buyer-3-seats-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Hold these seats' }).click();
    await page.getByRole('heading', { name: 'Your seats are held' }).waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#hold-countdown').innerText(), /^\d+:\d\d$/);
    assert.match(await page.locator('#hold-seats-list').innerText(), new RegExp(seats.join(', ')));
    await screenshot(page, 'buyer-4-held');

    await page.getByLabel(/declined/).check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.locator('.notice.error', { hasText: 'The payment was declined' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'buyer-5-declined');

    await page.getByLabel(/card that pays/).check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'You have tickets' }).waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#order-id').innerText(), /\S+/);
    const tickets = await page.locator('#ticket-list li').allInnerTexts();
    assert.equal(tickets.length, 2);
    seats.forEach((seat, i) => assert.match(tickets[i], new RegExp(`Seat ${seat}: ticket \\S+`)));
    await screenshot(page, 'buyer-6-confirmation');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'buyer-6-confirmation-phone');

    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
