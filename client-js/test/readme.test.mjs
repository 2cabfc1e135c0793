// The README's example runs as written (but for its import, pointed at the sources) against a live ingress.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, LIVE } from './support/live.mjs';

test('the README example buys a ticket', { ...LIVE, timeout: 120_000 }, () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = readme.match(/```js\n([\s\S]*?)```/)[1];
  assert.match(example, /from '@stagedoor\/client'/);
  const dir = mkdtempSync(join(tmpdir(), 'stagedoor-readme-'));
  try {
    const file = join(dir, 'example.mjs');
    writeFileSync(file, example.replace("'@stagedoor/client'", `'${new URL('../src/index.js', import.meta.url).href}'`));
    const run = spawnSync(process.execPath, [file], {
      encoding: 'utf8', timeout: 110_000, env: { ...process.env, STAGEDOOR_URL: BASE_URL },
    });
    assert.equal(run.status, 0, `the example failed:\n${run.stdout}${run.stderr}`);
    assert.match(run.stdout, /^confirmed \[ '[^']+' \]$/m, run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
