import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, signedInClient } from '../../test/harness.js';

// The last write of each import is made to fail by a trigger, as a database error late in the import would; the
// project's deletion is refused too, so only a transaction (not a clean-up afterwards) can leave nothing behind.
const DOOMED = 'Doomed import';
const TRIGGERS = `
CREATE FUNCTION doomed_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT name FROM projects WHERE id = NEW.project_id) = '${DOOMED}' THEN RAISE EXCEPTION 'the last step fails'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER doomed_check BEFORE INSERT ON checks FOR EACH ROW EXECUTE FUNCTION doomed_check();
CREATE FUNCTION doomed_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name = '${DOOMED}' AND NEW.import_columns IS DISTINCT FROM OLD.import_columns THEN
    RAISE EXCEPTION 'the last step fails';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER doomed_columns BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION doomed_columns();
CREATE FUNCTION doomed_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.name = '${DOOMED}' THEN RAISE EXCEPTION 'no clean-up'; END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER doomed_delete BEFORE DELETE ON projects FOR EACH ROW EXECUTE FUNCTION doomed_delete();
`;

const CONFIG = `description: ${DOOMED}
prompts:
  - 'Answer: {{question}}'
providers:
  - openai:chat:gpt-4.1-mini
tests:
  - vars:
      question: Where is my parcel?
    assert:
      - type: contains
        value: parcel
`;

describe('an import that fails at its last step', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    await ctx.database.executeSql(TRIGGERS);
  });
  afterAll(() => ctx?.close());

  const countOf = async (statement: string, userId: number) =>
    Number((await ctx.database.executeSql<{ n: number }>(statement, [userId])).rows[0]!.n);

  it('leaves no project, configuration or input behind when its check cannot be written', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProject, {
      files: [{ name: 'promptfooconfig.yaml', data: CONFIG }],
    });
    expect(response.statusCode, response.body).toBe(500);
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
    const under = 'SELECT count(*)::int AS n FROM %s JOIN projects p ON p.id = project_id WHERE p.user_id = $1';
    expect(await countOf('SELECT count(*)::int AS n FROM projects WHERE user_id = $1', alice.user.id)).toBe(0);
    expect(await countOf(under.replace('%s', 'configurations'), alice.user.id)).toBe(0);
    expect(await countOf(under.replace('%s', 'inputs'), alice.user.id)).toBe(0);
  });

  it('leaves no input behind when the project cannot remember how its columns were read', async () => {
    const alice = await signedInClient(ctx.app);
    const project = (await alice.post(ROUTES.projects, { name: DOOMED, description: 'Cases' })).json().id as number;
    const response = await alice.post(ROUTES.inputsImport(project), {
      format: 'csv',
      data: 'name,content\nParcel,Where is my parcel?\nRefund,I want my money back\n',
    });
    expect(response.statusCode, response.body).toBe(500);
    expect((await alice.get(ROUTES.inputs(project))).json()).toEqual([]);
  });
});
