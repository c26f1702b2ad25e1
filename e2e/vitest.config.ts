import { defineConfig } from 'vitest/config';

// The browser suite: one real server and one Chromium per file, two files at once: a journey mostly waits on its
// server and browser, so two of them share the machine's 2 cores without slowing each other much.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    retry: 0,
    reporters: ['default'],
  },
});
