import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
