import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: [path.resolve(import.meta.dirname, 'src/testing/setup.ts')],
    // Room for findBy's five seconds (src/testing/setup.ts) and a few of them in one test.
    testTimeout: 20_000,
  },
});
