import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import type { Database } from './client.js';
import { migrationsApplied } from './migration-state.js';

describe('migrationsApplied', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('is true once every migration is recorded, and false while no migration has run at all', async () => {
    expect(await migrationsApplied(database)).toBe(true);
    // A database no process has migrated yet has no table of migrations.
    await database.executeSql('DROP SCHEMA drizzle CASCADE');
    expect(await migrationsApplied(database)).toBe(false);
  });
});
