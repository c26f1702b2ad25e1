import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiKey } from '@promptgrid/contract';
import {
  createTestApp,
  createTestDatabase,
  embeddedDatabaseOnly,
  signedInClient,
  startTestApp,
} from '../../test/harness.js';
import { KEY_FILE_NAME, loadEncryptionKey, seal, unseal } from './sealing.js';
import { readActiveKey, resealApiKeys } from './service.js';
import { readEndpointTarget, resealEndpoints } from '../endpoints/sealed.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(embeddedDatabaseOnly)('api keys on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-keys-'));
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // No APP_ENCRYPTION_KEY: the key is generated into DATA_DIR.
    ctx = await createTestApp(kind, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves a key with a default label, shows only its last four digits, and replaces it with a new one', async () => {
    const alice = await signedInClient(ctx.app);
    const created = await alice.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-proj-abcdefghijklmnop1234' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      provider: 'openai',
      label: 'Default OpenAI key',
      is_active: true,
      last_four_digits: '1234',
      created_at: expect.any(String),
    });
    expect(created.body).not.toContain('abcdefghijklmnop');
    const anthropic = await alice.post(ROUTES.apiKeys, {
      provider: 'anthropic',
      key: 'sk-ant-api03-zzzz9876',
      label: 'Work',
    });
    expect(anthropic.json()).toMatchObject({ label: 'Work', last_four_digits: '9876' });

    const replaced = await alice.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-proj-second-key-5555' });
    const list = (await alice.get(ROUTES.apiKeys)).json();
    expect(list.map((k: ApiKey) => [k.provider, k.last_four_digits, k.is_active])).toEqual([
      ['anthropic', '9876', true],
      ['openai', '5555', true],
    ]);
    expect(JSON.stringify(list)).not.toContain('second-key');

    const renamed = await alice.put(ROUTES.apiKey(replaced.json().id), {
      label: 'Personal',
      key: 'sk-proj-third-7777',
    });
    expect(renamed.json()).toMatchObject({ label: 'Personal', last_four_digits: '7777' });
    expect((await alice.delete(ROUTES.apiKey(anthropic.json().id))).statusCode).toBe(204);
    expect((await alice.get(ROUTES.apiKeys)).json()).toHaveLength(1);
    expect((await alice.post(ROUTES.apiKeys, { provider: 'google', key: 'x' })).statusCode).toBe(400);
    expect((await alice.post(ROUTES.apiKeys, { provider: 'openai', key: '   ' })).statusCode).toBe(400);
  });

  it('never holds a key in clear in the database', async () => {
    const alice = await signedInClient(ctx.app);
    const secret = `sk-proj-${crypto.randomBytes(24).toString('hex')}`;
    await alice.post(ROUTES.apiKeys, { provider: 'openai', key: secret });
    await alice.post(ROUTES.apiKeys, { provider: 'openai', key: secret }); // same key again: a fresh nonce
    const { rows } = await ctx.database.executeSql<{ sealed_key: string; encryption_key_id: string }>(
      'SELECT * FROM api_keys WHERE user_id = $1',
      [alice.user.id],
    );
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(secret);
    expect(raw).not.toContain(secret.slice(8, 40));
    expect(raw).not.toContain(Buffer.from(secret).toString('base64').slice(0, 20));
    expect(itemAt(rows, 0).sealed_key).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(itemAt(rows, 0).encryption_key_id).toBe(ctx.app.sealingKey.id);
    // The sealed value opens only with the key, for this user and provider.
    expect(
      unseal(
        itemAt(rows, 0).sealed_key,
        itemAt(rows, 0).encryption_key_id,
        ctx.app.sealingKey,
        `api-key:${alice.user.id}:openai`,
      ),
    ).toBe(secret);
    expect(() =>
      unseal(
        itemAt(rows, 0).sealed_key,
        itemAt(rows, 0).encryption_key_id,
        ctx.app.sealingKey,
        `api-key:${alice.user.id + 1}:openai`,
      ),
    ).toThrow();
  });

  it('generates the encryption key once into DATA_DIR with mode 0600', () => {
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEncryptionKey(null, dataDir)).toEqual(ctx.app.sealingKey);
    const configured = loadEncryptionKey(crypto.randomBytes(32).toString('base64'), dataDir);
    expect(configured.id).not.toBe(ctx.app.sealingKey.id);
    const a = seal('sk-same', configured, 'c');
    expect(a).not.toBe(seal('sk-same', configured, 'c'));
    expect(() => unseal(a, configured.id, ctx.app.sealingKey, 'c')).toThrow(/another encryption key/);
  });

  it("answers 404 for another user's key", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const id = (await alice.post(ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-secret-1111' })).json().id;
    expect((await bob.put(ROUTES.apiKey(id), { label: 'mine now' })).statusCode).toBe(404);
    expect((await bob.delete(ROUTES.apiKey(id))).statusCode).toBe(404);
    expect((await bob.get(ROUTES.apiKeys)).json()).toEqual([]);
  });
});

describe.each(embeddedDatabaseOnly)('rotating the encryption key on %s', (kind) => {
  it('reads keys sealed with APP_ENCRYPTION_KEY_PREVIOUS, and reseals them with APP_ENCRYPTION_KEY when the server starts', async () => {
    const database = await createTestDatabase(kind);
    const start = async (env: Record<string, string>) => (await startTestApp(database, env)).app;
    const oldKey = crypto.randomBytes(32).toString('base64');
    const newKey = crypto.randomBytes(32).toString('hex');
    const secret = `sk-proj-${crypto.randomBytes(16).toString('hex')}`;
    try {
      const before = await start({ APP_ENCRYPTION_KEY: oldKey });
      const alice = await signedInClient(before);
      await alice.post(ROUTES.apiKeys, { provider: 'openai', key: secret });
      await before.close();

      // Only the new key: the old seal cannot be opened, and the message says how to fix it.
      await expect(
        readActiveKey(database.db, loadEncryptionKey(newKey, '/unused'), alice.user.id, 'openai'),
      ).rejects.toThrow(/APP_ENCRYPTION_KEY_PREVIOUS/);

      const unrelated = crypto.randomBytes(32).toString('base64');
      const after = await start({ APP_ENCRYPTION_KEY: newKey, APP_ENCRYPTION_KEY_PREVIOUS: `${unrelated},${oldKey}` });
      const { rows } = await database.executeSql(
        'SELECT sealed_key, encryption_key_id FROM api_keys WHERE user_id = $1',
        [alice.user.id],
      );
      expect(rows).toEqual([{ sealed_key: expect.any(String), encryption_key_id: after.sealingKey.id }]);
      expect(JSON.stringify(rows)).not.toContain(secret);
      // Resealed: the new key alone opens it now, and a second pass finds nothing left to do.
      expect(await readActiveKey(database.db, loadEncryptionKey(newKey, '/unused'), alice.user.id, 'openai')).toBe(
        secret,
      );
      expect(await resealApiKeys(database.db, after.sealingKey)).toEqual({ resealed: 0, unknownKey: 0 });
      await after.close();
    } finally {
      await database.close();
    }
  });

  it("reseals endpoints' keys and headers too", async () => {
    const database = await createTestDatabase(kind);
    const start = async (env: Record<string, string>) =>
      (await startTestApp(database, { ALLOW_PRIVATE_ENDPOINTS: 'true', ...env })).app;
    const oldKey = crypto.randomBytes(32).toString('base64');
    const newKey = crypto.randomBytes(32).toString('hex');
    const secret = `sk-local-${crypto.randomBytes(16).toString('hex')}`;
    const headers = { 'api-key': `azure-${crypto.randomBytes(8).toString('hex')}` };
    try {
      const before = await start({ APP_ENCRYPTION_KEY: oldKey });
      const alice = await signedInClient(before);
      const created = await alice.post(ROUTES.endpoints, {
        name: 'Gateway',
        base_url: 'http://127.0.0.1:9/v1',
        key: secret,
        headers,
      });
      expect(created.statusCode).toBe(201);
      const endpointId = created.json<{ id: number }>().id;
      await before.close();

      const newOnly = loadEncryptionKey(newKey, '/unused');
      await expect(readEndpointTarget(database.db, newOnly, alice.user.id, endpointId)).rejects.toThrow(
        /APP_ENCRYPTION_KEY_PREVIOUS/,
      );

      const after = await start({ APP_ENCRYPTION_KEY: newKey, APP_ENCRYPTION_KEY_PREVIOUS: oldKey });
      const { rows } = await database.executeSql('SELECT encryption_key_id FROM endpoints WHERE id = $1', [endpointId]);
      expect(rows).toEqual([{ encryption_key_id: after.sealingKey.id }]);
      // The new key alone opens both now, and a second pass finds nothing left to do.
      expect(await readEndpointTarget(database.db, newOnly, alice.user.id, endpointId)).toMatchObject({
        apiKey: secret,
        headers,
      });
      expect(await resealEndpoints(database.db, after.sealingKey)).toEqual({ resealed: 0, unknownKey: 0 });
      await after.close();
    } finally {
      await database.close();
    }
  });
});
