import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once even on 2 cores: much of a server test waits on the database, timers and sockets, so the
    // second worker roughly halves the wall time (6 min to 3.6 min on this machine).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          globalSetup: ['server/test/global-setup.ts'],
          include: [
            'server/src/**/*.test.ts',
            'server/test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'test-support/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
