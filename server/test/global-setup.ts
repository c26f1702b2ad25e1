import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { createPostgresTemplate, ensureMigratedPgliteTemplate } from './database-templates.js';

/**
 * Once per run, before test files start in parallel: the server processes the suite starts run the current build, and
 * the migrated templates the test databases copy are made (PGlite's, else each file would race to make it; and on
 * PostgreSQL one for this run, dropped at the end).
 */
export default async function setup() {
  ensureServerBuilt(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  await ensureMigratedPgliteTemplate();
  if (process.env.TEST_DATABASE_URL) return createPostgresTemplate();
}
