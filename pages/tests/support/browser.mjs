// Starts Debian's Chromium headless through playwright-core (which never downloads a browser of its own) and
// gives each test a page on the stagedoor under test, with screenshots saved to pages/artifacts/.

import { mkdirSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.STAGEDOOR_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
// The operator page, the metrics and the admin routes are served on the ingress's admin listener alone.
export const ADMIN_URL = (process.env.STAGEDOOR_ADMIN_URL || 'http://127.0.0.1:8081').replace(/\/$/, '');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts');
export const ADMIN_KEY = process.env.STAGEDOOR_INGRESS_ADMIN_KEY || 'dev-admin-key';
export const EVENT_ID = process.env.STAGEDOOR_EVENT || 'stagedoor-live';
// An event whose waiting room has an entry loop; `stagedoor up` has none, so the tests that need one skip without it.
export const LOOPED_EVENT_ID = process.env.STAGEDOOR_LOOPED_EVENT || '';
export const PASSWORD = 'stagedoor';

/** Phone and desktop viewports: every page must work at both. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

// Flags for running as root on a machine with no network beyond localhost (playwright adds --headless itself):
// without the background-networking ones Chromium keeps trying to reach Google's services.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Launches Chromium with a fresh profile; close the returned browser (and the profile goes with it). */
export async function launch() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'stagedoor-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS,
    viewport: DESKTOP,
  });
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    rmSync(profile, { recursive: true, force: true });
  };
  return context;
}

export async function screenshot(page, name) {
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs a demo buyer in through the page's form. */
export async function signIn(page, who) {
  await page.goto(`${BASE_URL}/`);
  await page.getByLabel('Email').fill(`${who}@stagedoor.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Pick an event' }).waitFor();
}
