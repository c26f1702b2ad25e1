import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel } from '@promptgrid/contract';
import { applyCatalog, readCatalog } from './catalog.js';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

describe.each(embeddedDatabaseOnly)('models API on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-catalog-'));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the seeded catalog of OpenAI and Anthropic models in file order', async () => {
    const client = await signedInClient(ctx.app);
    const response = await client.get(ROUTES.models);
    expect(response.statusCode).toBe(200);
    const models: AiModel[] = response.json();
    const catalog = readCatalog();
    expect(
      models.map(({ company, model_name, supports_json_mode }) => ({ company, model_name, supports_json_mode })),
    ).toEqual(
      catalog.map(({ company, model_name, supports_json_mode }) => ({ company, model_name, supports_json_mode })),
    );
    for (const model of models)
      expect(Object.keys(model).sort()).toEqual([
        'company',
        'default_max_tokens',
        'endpoint',
        'id',
        'max_output_tokens',
        'model_name',
        'price',
        'reasoning',
        'supports_json_mode',
        'supports_temperature',
        'vision',
      ]);
    // Every catalog model but o3-mini reads images (GPT-4o, 4.1 and 5 families, o3, o4-mini, Claude, Gemini 2.x).
    expect(models.filter((m) => !m.vision).map((m) => m.model_name)).toEqual(['o3-mini']);
    // Each model's price as the catalog file gives it: cited (with its day and source) or null, never made up.
    expect(models.map((m) => m.price)).toEqual(catalog.map((m) => m.price));
    for (const { price } of models) if (price) expect(price.source.length).toBeGreaterThan(10);
    expect(new Set(models.map((m) => m.company))).toEqual(new Set(['openai', 'anthropic', 'gemini']));
    expect(models.some((m) => m.supports_json_mode)).toBe(true);
    expect(models.some((m) => !m.supports_json_mode)).toBe(true);
  });

  it('says which models ignore temperature and how many output tokens each can produce', async () => {
    const client = await signedInClient(ctx.app);
    const models: AiModel[] = (await client.get(ROUTES.models)).json();
    const byName = new Map(models.map((m) => [m.model_name, m]));
    expect(byName.get('gpt-4.1-mini')).toMatchObject({ supports_temperature: true, max_output_tokens: 32768 });
    expect(byName.get('gpt-4o')).toMatchObject({ supports_temperature: true, max_output_tokens: 16384 });
    expect(byName.get('gpt-5-mini')).toMatchObject({
      supports_temperature: false,
      max_output_tokens: 128000,
      default_max_tokens: 16384,
    });
    expect(byName.get('o3')).toMatchObject({ supports_temperature: false, max_output_tokens: 100000 });
    expect(byName.get('claude-haiku-4-5')).toMatchObject({ supports_temperature: true });
    for (const model of models) {
      const reasoning = /^(gpt-5|o\d)/.test(model.model_name);
      expect(model.supports_temperature, model.model_name).toBe(!reasoning);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await new TestClient(ctx.app).get(ROUTES.models);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('applies an edited catalog: removed models leave the list, keep their ids for old configurations and refuse new ones', async () => {
    const client = await signedInClient(ctx.app);
    const before: AiModel[] = (await client.get(ROUTES.models)).json();
    const [kept, removed] = firstItems(before, 2);
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json();
    const old = (
      await client.post(ROUTES.configurations(project.id), {
        name: 'old',
        prompt_content: 'p',
        ai_model_id: removed.id,
      })
    ).json();

    const file = path.join(dir, 'catalog.json');
    const entry = readCatalog().find((m) => m.model_name === kept.model_name)!;
    const added = { ...entry, model_name: 'gpt-test-new', supports_json_mode: false };
    fs.writeFileSync(file, JSON.stringify({ models: [added, entry] }));
    await applyCatalog(ctx.database.db, file);
    try {
      const after: AiModel[] = (await client.get(ROUTES.models)).json();
      expect(after.map((m) => m.model_name)).toEqual(['gpt-test-new', kept.model_name]);
      expect(itemAt(after, 1).id).toBe(kept.id);
      expect((await client.get(ROUTES.configurations(project.id))).json()[0]).toMatchObject({
        id: old.id,
        ai_model: { id: removed.id, model_name: removed.model_name },
      });
      const refused = await client.post(ROUTES.configurations(project.id), {
        name: 'new',
        prompt_content: 'p',
        ai_model_id: removed.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ ai_model_id: ['Unknown AI model.'] });
    } finally {
      await applyCatalog(ctx.database.db);
    }
    expect((await client.get(ROUTES.models)).json().map((m: AiModel) => m.id)).toEqual(before.map((m) => m.id));
  });

  it('refuses an invalid catalog file with a message naming it', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, JSON.stringify({ models: [{ company: 'acme', model_name: 'x' }] }));
    expect(() => readCatalog(file)).toThrow(/broken\.json/);
  });

  it("refuses a default max tokens above the model's output limit or the editor's 32000", () => {
    const file = path.join(dir, 'too-long.json');
    const [entry] = readCatalog();
    fs.writeFileSync(file, JSON.stringify({ models: [{ ...entry, defaultMaxTokens: 128000 }] }));
    expect(() => readCatalog(file)).toThrow(/defaultMaxTokens must be at most/);
  });
});
