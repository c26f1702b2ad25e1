import { configDefaults, defineConfig } from 'vitest/config';
import { WEBASSEMBLY_ON_LIFTOFF } from './scripts/server-build.mjs';
import webProject from './web/vitest.config.js';

/** How server tests run: on migrated test databases, in Node, with the server's WebAssembly flags. */
export const serverTestOptions = {
  globalSetup: ['server/test/global-setup.ts'],
  environment: 'node',
  // As the server runs: each test database is a new PGlite, whose WebAssembly V8 would otherwise recompile
  // with its optimising compiler in every test process, CPU the 2-core machine lacks (a quarter of a test
  // database's start).
  execArgv: WEBASSEMBLY_ON_LIFTOFF,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The files whose assertions are times: the hostile payloads sent to a server process while a probe times its
 * /healthz, and the calls paced by a provider's rate-limit window.
 */
const TIMED_FILES = [
  'server/test/hostile/**/*.test.ts',
  'server/test/hostile-inputs.test.ts',
  'server/src/providers/pacing.test.ts',
];

/** Web test files that replace a module (vi.mock): they run isolated, each with its own module graph. */
const WEB_FILES_MOCKING_MODULES = ['src/app/analytics.test.tsx'];

export default defineConfig({
  test: {
    // Two files at once even on 2 cores: much of a server test waits on the database, timers and sockets, so the
    // second worker roughly halves the wall time (6 min to 3.6 min on this machine).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...serverTestOptions,
          name: 'server',
          // A worker keeps the modules it loaded from one file to the next instead of loading the server again for
          // each (the SDKs, Fastify, Drizzle, the contract): 40 server files took 214 s of CPU isolated and 111 s
          // not. No server test mocks modules or stubs globals; each builds its app and database in its own hooks.
          isolate: false,
          include: [
            'server/src/**/*.test.ts',
            'server/test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'test-support/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The real promptfoo runs in its own step (vitest.promptfoo.config.ts): its first install takes minutes.
          exclude: [...configDefaults.exclude, 'server/test/promptfoo/**', ...TIMED_FILES],
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          // As the server's files: a worker keeps React, the router and the app's modules loaded from one file to
          // the next (107 s of CPU for 20 component files isolated, 52 s not). A file that replaces a module with
          // vi.mock needs a fresh module graph and runs in the project below.
          isolate: false,
          exclude: [...configDefaults.exclude, ...WEB_FILES_MOCKING_MODULES],
        },
      },
      { ...webProject, test: { ...webProject.test, name: 'web-module-mocks', include: WEB_FILES_MOCKING_MODULES } },
      {
        test: {
          ...serverTestOptions,
          name: 'timed',
          include: TIMED_FILES,
          // After every other file, one file at a time: on 2 cores the other test files' work would be timed too (a
          // /healthz answer may take 150 ms at most while hostile payloads are read).
          sequence: { groupOrder: 1 },
          fileParallelism: false,
        },
      },
    ],
  },
});
