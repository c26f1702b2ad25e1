import path from 'node:path';

export const E2E_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's Chromium as root on a closed network: without the background-networking flags it opens connections the
 * machine refuses, many at a time. Shared by the browser suite and the render benchmark.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Set by the global setup for the test workers: the snapshot of the app every test server starts from. */
export const APP_ROOT_ENV = 'PROMPTGRID_E2E_APP_ROOT';
/**
 * Set by the global setup for the test workers: a migrated embedded database (holding the model catalog) that each test
 * server's DATA_DIR starts from.
 */
export const DATABASE_TEMPLATE_ENV = 'PROMPTGRID_E2E_DATABASE_TEMPLATE';
