import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.config.js';

/**
 * The promptfoo export under the real `promptfoo eval` (`npm run test:promptfoo`, a step of .ci/run): apart from
 * `npm test` because promptfoo is large and installed into node_modules/.cache on first use, which takes minutes.
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'promptfoo',
    include: ['server/test/promptfoo/**/*.test.ts'],
    testTimeout: 180_000,
    // The first run installs promptfoo (about 5 minutes on a 2-core machine); later runs find it in the cache.
    hookTimeout: 20 * 60_000,
  },
});
