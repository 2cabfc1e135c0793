// The buyer page's JavaScript client solves join puzzles in Chromium on a module Web Worker: the solutions are right
// by the browser's own SHA-256, and the page's main thread keeps running while a long one is solved. Prints the solve
// times at the default difficulty (16 bits) and at 20, the figures bench/RESULTS.md quotes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch } from './support/browser.mjs';

const ROUNDS = Number(process.env.STAGEDOOR_PUZZLE_ROUNDS || 10);

test('the page solves join puzzles off its main thread, and each solution is right', { timeout: 180_000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${BASE_URL}/`);
    const measured = await page.evaluate(async (rounds) => {
      const { solvePuzzle } = await import('/static/js/client/puzzle.js');
      const challenge = () => {
        const bytes = crypto.getRandomValues(new Uint8Array(135));
        return `jp1.${btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_')}.dGFn`;
      };
      const zeroBits = async (text) => {
        const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
        let bits = 0;
        for (const b of hash) {
          if (b === 0) { bits += 8; continue; }
          return bits + Math.clz32(b) - 24;
        }
        return bits;
      };
      const solve = async (difficulty) => {
        const started = performance.now();
        const solution = await solvePuzzle({ challenge: challenge(), difficulty });
        const ms = performance.now() - started;
        return { ms, bits: await zeroBits(solution), counter: Number(solution.slice(solution.lastIndexOf(':') + 1)) };
      };
      const atDefault = [];
      for (let i = 0; i < rounds; i++) atDefault.push(await solve(16));
      // a long solve while the main thread ticks every 10 ms: the longest gap between ticks
      let last = performance.now();
      let longestGap = 0;
      const ticking = setInterval(() => {
        const at = performance.now();
        longestGap = Math.max(longestGap, at - last);
        last = at;
      }, 10);
      const long = await solve(20);
      clearInterval(ticking);
      return { atDefault, long, longestGap };
    }, ROUNDS);

    const times = measured.atDefault.map((s) => s.ms).sort((a, b) => a - b);
    const hashes = measured.atDefault.reduce((sum, s) => sum + s.counter + 1, 0);
    const seconds = times.reduce((sum, ms) => sum + ms, 0) / 1000;
    console.log(`puzzle in Chromium: 16 bits x${times.length}: mean ${(seconds * 1000 / times.length).toFixed(0)} ms,`
      + ` median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms,`
      + ` ${(hashes / seconds / 1e6).toFixed(2)} M hashes/s; 20 bits: ${measured.long.ms.toFixed(0)} ms`
      + ` (${measured.long.counter + 1} hashes); longest main-thread gap meanwhile ${measured.longestGap.toFixed(0)} ms`);

    for (const solved of [...measured.atDefault, measured.long]) {
      assert.ok(solved.bits >= 16, `a solution with ${solved.bits} zero bits`);
    }
    assert.ok(measured.long.bits >= 20);
    assert.ok(measured.longestGap < Math.max(100, measured.long.ms / 2),
      `the main thread stalled ${measured.longestGap.toFixed(0)} ms during a ${measured.long.ms.toFixed(0)} ms solve`);
  } finally {
    await browser.close();
  }
});
