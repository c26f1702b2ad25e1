// Unused files, exports and dependencies fail `npm test`. Entries are what starts a process or a thread (by file name,
// which knip cannot follow); everything else must be reached from them, from a test or from a tool's config.
// (Untyped: knip's published declarations import `.ts` paths this TypeScript does not resolve.)
const config = {
  // An endpoint file exports its fetcher, its query options and its hook side by side, and callers usually take
  // the hook only; an export its own file uses is not dead.
  ignoreExportsUsedInFile: true,
  // Tailwind 4 is imported from CSS (`@import 'tailwindcss'`): read a stylesheet's imports as imports.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      project: ['scripts/**/*.{ts,mjs}'],
    },
    server: {
      entry: [
        'src/main.ts',
        'src/worker-main.ts',
        'src/backup-main.ts',
        'src/db/create-pglite.mjs',
        'src/db/pglite-thread-worker.mjs',
        'src/checks/regex-thread-worker.mjs',
        'src/untrusted-work/worker.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'test/**/*.ts'],
      // The pretty logger is loaded by name, as pino's transport target (src/main.ts), not imported.
      ignoreDependencies: ['pino-pretty'],
    },
    web: {
      project: ['src/**/*.{ts,tsx,css}'],
    },
    'packages/cli': {
      entry: ['src/cli.ts'],
      project: ['src/**/*.ts'],
    },
    'packages/contract': {
      project: ['src/**/*.ts'],
    },
    'test-support': {
      project: ['src/**/*.ts'],
    },
    bench: {
      entry: ['*.ts', '*.mjs'],
      project: ['*.{ts,mjs}'],
    },
    e2e: {
      project: ['**/*.ts'],
    },
  },
};

export default config;
