import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SECURE_COOKIE_PREFIX, SESSION_COOKIE, STORAGE_KEYS } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, startTestApp, TestClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

type Cookie = { name: string; value: string; path?: string; secure?: boolean; maxAge?: number; expires?: Date };
const cleared = (response: { cookies: unknown[] }, name: string) => {
  const cookie = (response.cookies as Cookie[]).find((c) => c.name === name);
  return Boolean(cookie && (cookie.value === '' || cookie.maxAge === 0 || Number(cookie.expires) < Date.now()));
};

/** Two server processes over one database: what one revokes, the other refuses on the very next request. */
describe.each(databaseKinds)('ending sessions on every process at once on %s', (kind) => {
  let one: Awaited<ReturnType<typeof createTestApp>>;
  let other: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    one = await createTestApp(kind);
    other = await startTestApp(one.database);
  });
  afterAll(async () => {
    await other?.app.close();
    await one?.close();
  });

  /** The same browser talking to the other process (a load balancer in front of both). */
  const onOther = (client: TestClient) => Object.assign(new TestClient(other.app), { cookies: { ...client.cookies } });

  it('a sign-out on one process ends the session on the other at once', async () => {
    const client = await signedInClient(one.app);
    const there = onOther(client);
    expect((await there.get(ROUTES.projects)).statusCode).toBe(200); // the other process has just seen it
    expect((await client.post(ROUTES.auth.signOut)).statusCode).toBe(200);
    expect((await there.get(ROUTES.projects)).statusCode).toBe(401);
  });

  it('an account deleted on one process is signed out on the other at once', async () => {
    const client = await signedInClient(one.app);
    const there = onOther(client);
    expect((await there.get(ROUTES.auth.me)).statusCode).toBe(200);
    const deleted = await client.request('DELETE', ROUTES.account, { email: client.user.email });
    expect(deleted.statusCode).toBe(204);
    expect((await there.get(ROUTES.auth.me)).statusCode).toBe(401);
    expect((await there.get(ROUTES.projects)).statusCode).toBe(401);
  });

  it('a write that races an account deletion answers 409, not 500', async () => {
    const client = await signedInClient(one.app);
    // The user row goes between the session lookup and the insert: a trigger stands in for the concurrent deletion.
    await one.database.executeSql(`
      CREATE FUNCTION race_account_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.user_id := -NEW.user_id; RETURN NEW; END $$;
      CREATE TRIGGER race_account_deletion BEFORE INSERT ON projects
        FOR EACH ROW EXECUTE FUNCTION race_account_deletion();`);
    try {
      const response = await client.post(ROUTES.projects, { name: 'P', description: 'D' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: expect.stringContaining('deleted') });
    } finally {
      await one.database.executeSql(
        'DROP TRIGGER race_account_deletion ON projects; DROP FUNCTION race_account_deletion();',
      );
    }
  });
});

describe.each(databaseKinds)('deleting an account over https on %s', (kind) => {
  let secure: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    secure = await createTestApp(kind, { PUBLIC_URL: 'https://promptgrid.example.com' });
  });
  afterAll(() => secure?.close());

  it('clears the session and CSRF cookies by their __Host- names, Secure, on path /', async () => {
    const user = itemAt(
      (
        await secure.database.executeSql<{ id: number }>(
          "INSERT INTO users (email) VALUES ('https-leaver@example.com') RETURNING id",
        )
      ).rows,
      0,
    );
    const client = new TestClient(secure.app);
    client.cookies[`${SECURE_COOKIE_PREFIX}${SESSION_COOKIE}`] = await secure.app.sessions.create(user.id);
    await client.fetchCsrf();
    expect((await client.get(ROUTES.auth.me)).statusCode).toBe(200);

    const response = await client.request('DELETE', ROUTES.account, { email: 'https-leaver@example.com' });
    expect(response.statusCode).toBe(204);
    for (const name of [SESSION_COOKIE, STORAGE_KEYS.csrfCookie]) {
      expect(cleared(response, `${SECURE_COOKIE_PREFIX}${name}`), name).toBe(true);
      const cookie = (response.cookies as Cookie[]).find((c) => c.name === `${SECURE_COOKIE_PREFIX}${name}`);
      expect(cookie).toMatchObject({ secure: true, path: '/' });
    }
    expect(client.sessionId).toBeUndefined();
  });
});
