// A buyer goes from sign-in to confirmation: event, waiting room, seat map (by pointer and by keyboard), hold with
// its countdown, a declined test card, then a card that pays, and the tickets.

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
    // the first seat by pointer, its neighbour by keyboard: arrow keys move the focus, Space chooses
    await page.locator('.seat-row[aria-label="Row E"] button.seat[data-status="available"]').first().waitFor();
    const first = await page.evaluate(() => [...document.querySelectorAll('.seat-row[aria-label="Row E"] button.seat')]
      .find((b, i, all) => b.dataset.status === 'available' && all[i + 1]?.dataset.status === 'available').dataset.seat);
    await page.locator(`button.seat[data-seat="${first}"]`).click();
    await page.keyboard.press('ArrowRight');
    const second = await page.evaluate(() => document.activeElement.dataset.seat);
    await page.keyboard.press('Space');
    const seats = [first, second];
    assert.equal(await page.locator(`button.seat[data-seat="${second}"]`).getAttribute('aria-pressed'), 'true');
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
