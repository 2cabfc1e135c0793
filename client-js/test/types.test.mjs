// The JSDoc types hold: `tsc --checkJs` in strict mode finds nothing, so the declarations `npm pack` emits are true.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('the sources type-check under tsc --checkJs --strict', { timeout: 120_000 }, () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, `tsc found:\n${run.stdout}${run.stderr}`);
});
