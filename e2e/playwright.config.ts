import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, CHROMIUM_PATH } from './support/paths';

// The browser suite: one real server per file, started in the worker that runs the file, and that worker's Chromium
// (Debian's, never a downloaded one). Two workers: a journey mostly waits on its server and browser, so two of them
// share the machine's 2 cores without slowing each other much. The tests of a file run in order on one server.
export default defineConfig({
  testDir: './journeys',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  outputDir: path.join(ARTIFACTS_DIR, 'test-results'),
  reporter: [['list'], ['html', { open: 'never', outputFolder: path.join(ARTIFACTS_DIR, 'report') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    // Kept for failed tests only: the trace (actions, DOM snapshots, network, console) and a screenshot of each page.
    // Every test records its trace; the screencast is left out of it, being what slows a busy 2-core machine most,
    // and the DOM snapshots show the same states.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
});
