import { defineConfig } from 'vitest/config';

// The browser suite: one real server and one Chromium per file, files one after another (the machine has 2 cores).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    retry: 0,
    reporters: ['default'],
  },
});
