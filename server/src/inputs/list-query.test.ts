import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Input, type InputPage } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('searching, sorting and paging user prompts on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  async function withInputs() {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Data', description: 'Cases' })).json().id as number;
    const data =
      'name,content,expected_output\nb,Refund my order,billing\na,Reset password,account\nc,100% off?,billing\n';
    expect((await client.post(ROUTES.inputsImport(project), { format: 'csv', data })).statusCode).toBe(201);
    const get = async (query: string) => {
      const response = await client.get(`${ROUTES.inputs(project)}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    };
    return { client, project, get };
  }

  it('answers the whole list without page parameters, filtered and sorted when asked', async () => {
    const { get } = await withInputs();
    const names = (list: unknown) => (list as Input[]).map((input) => input.name);
    expect(names(await get(''))).toEqual(['b', 'a', 'c']);
    expect(names(await get('sort=name'))).toEqual(['a', 'b', 'c']);
    expect(names(await get('sort=-name'))).toEqual(['c', 'b', 'a']);
    expect(names(await get('search=BILLING'))).toEqual(['b', 'c']);
    expect(names(await get('search=password'))).toEqual(['a']);
    // LIKE wildcards in the search are plain characters.
    expect(names(await get('search=%25'))).toEqual(['c']);
    expect(names(await get('search=_'))).toEqual([]);
  });

  it('answers one page and the total with page or page_size', async () => {
    const { get } = await withInputs();
    const first = (await get('page_size=2&sort=name')) as InputPage;
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.items.map((input) => input.name)).toEqual(['a', 'b']);
    const second = (await get('page=2&page_size=2&sort=name')) as InputPage;
    expect(second.items.map((input) => input.name)).toEqual(['c']);
    const searched = (await get('page=1&search=billing')) as InputPage;
    expect(searched).toMatchObject({ total: 2, page: 1, page_size: 100 });
  });

  it('keeps the active or the archived ones with status, in pages and in the ids of the whole list', async () => {
    const { client, project, get } = await withInputs();
    const all = (await get('')) as Input[];
    const archived = all.find((input) => input.name === 'c')!;
    const bulk = await client.post(ROUTES.inputsBulk(project), { ids: [archived.id], action: 'archive' });
    expect(bulk.statusCode).toBe(200);
    const names = (list: unknown) => (list as Input[]).map((input) => input.name);
    expect(names(await get('status=active&sort=name'))).toEqual(['a', 'b']);
    expect(names(await get('status=archived'))).toEqual(['c']);
    expect(((await get('status=active&search=billing&page=1')) as InputPage).total).toBe(1);

    const ids = async (query: string) => {
      const response = await client.get(`${ROUTES.inputIds(project)}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ ids: number[] }>().ids;
    };
    expect(await ids('')).toEqual(all.map((input) => input.id));
    expect(await ids('search=billing')).toEqual([itemAt(all, 0).id, archived.id]);
    expect(await ids('search=billing&status=active')).toEqual([itemAt(all, 0).id]);
    const bad = await client.get(`${ROUTES.inputIds(project)}?status=gone`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['status must be one of all, active, archived.'] });
  });

  it('answers 400 with field messages for a bad page, page size or sort', async () => {
    const { client, project } = await withInputs();
    const bad = await client.get(`${ROUTES.inputs(project)}?page=0&page_size=5000&sort=size&status=old`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      page: ['page must be at least 1.'],
      page_size: ['page_size must be at most 1000.'],
      sort: ['sort must be one of created, -created, name, -name, tokens, -tokens.'],
      status: ['status must be one of all, active, archived.'],
    });
  });
});
