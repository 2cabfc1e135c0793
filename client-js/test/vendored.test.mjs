// The parser the ingress serves to browsers is the one npm installs for node, byte for byte, at the pinned version.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const vendored = new URL('vendor/structured-headers/', root);
const installed = new URL('node_modules/structured-headers/', root);

test('the vendored structured-headers is the pinned npm version, byte for byte, with its licence', () => {
  const pinned = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).dependencies['structured-headers'];
  const version = JSON.parse(readFileSync(new URL('package.json', installed), 'utf8')).version;
  assert.equal(version, pinned, 'npm ci installed the pinned version');
  assert.match(readFileSync(new URL('vendor/structured-headers/README.md', root), 'utf8'), new RegExp(`structured-headers ${pinned.replaceAll('.', '\\.')}`));
  const built = readdirSync(fileURLToPath(new URL('dist/', installed))).filter((name) => name.endsWith('.js')).sort();
  const copied = readdirSync(fileURLToPath(vendored)).filter((name) => name.endsWith('.js')).sort();
  assert.deepEqual(copied, built, 'every module of the build, and nothing else');
  for (const name of built) {
    assert.ok(readFileSync(new URL(name, vendored)).equals(readFileSync(new URL(`dist/${name}`, installed))), `${name} is identical`);
  }
  assert.ok(readFileSync(new URL('LICENSE', vendored)).equals(readFileSync(new URL('LICENSE', installed))), 'LICENSE is identical');
});
