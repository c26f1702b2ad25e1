import type { Leased } from '../queue/task.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../test/harness.js';
import { queuedRun } from '../../test/queued-run.js';
import { claimReady } from '../queue/sql/claim.js';
import { writeOutcomes, type Outcome } from '../evaluations/run-state/outcomes.js';
import { CALL_TABLE, type ClaimedRequest } from '../evaluations/tasks/tables.js';
import { RuleScorer } from '../verdicts/rule-scorer.js';
import { compileRuleChecks, scoreOutputs } from '../verdicts/scoring.js';
import { cachedValidatorCount, jsonSchemaError, MAX_SCHEMA_DEPTH, schemaValidator } from './json-schema.js';
import { SCHEMA_MATCH_DEADLINE_MS } from './schema-jobs.js';
import { NO_TOOL_FACTS } from './tool-rules.js';

const loopThrough = (via: string) =>
  `The JSON Schema refers back to itself through ${JSON.stringify(via)} without looking into a property or item, so it would never finish.`;
const refusedReference = (ref: string) =>
  `The JSON Schema may refer only to its own parts ("#" or "#/..."), not to ${JSON.stringify(ref)}.`;

describe('JSON Schema checks', () => {
  it('refuses schemas that come back to themselves without looking into the value', () => {
    expect(jsonSchemaError('{"$ref": "#"}')).toBe(loopThrough('#'));
    const viaDefinitions = { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }], $defs: { a: { $ref: '#' } } };
    expect(jsonSchemaError(JSON.stringify(viaDefinitions))).toBe(loopThrough('#'));
    const throughNot = { $defs: { a: { not: { $ref: '#/$defs/a' } } }, $ref: '#/$defs/a' };
    expect(jsonSchemaError(JSON.stringify(throughNot))).toBe(loopThrough('#/$defs/a'));
    // The loop need not start at the root: a property's schema that applies itself forever overflows on that property.
    const inAProperty = { properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { not: { $ref: '#/$defs/x' } } } };
    expect(jsonSchemaError(JSON.stringify(inAProperty))).toBe(loopThrough('#/$defs/x'));
    expect(jsonSchemaError('{"dependencies": {"a": {"$ref": "#"}}}')).toBe(loopThrough('#'));
    expect(jsonSchemaError('{"dependentSchemas": {"a/b": {"$ref": "#/dependentSchemas/a~1b"}}}')).toBe(
      loopThrough('#/dependentSchemas/a~1b'),
    );
    // A pointer may name any part, even one no keyword holds: it is then used as a schema.
    expect(jsonSchemaError('{"const": {"not": {"$ref": "#/const"}}, "$ref": "#/const"}')).toBe(loopThrough('#/const'));
    // Recursion through a property or an item consumes the value: a tree schema is fine.
    const tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#' } } } };
    expect(jsonSchemaError(JSON.stringify(tree))).toBeNull();
    expect(jsonSchemaError('{"dependencies": {"a": ["b"]}, "properties": {"id": {"type": "string"}}}')).toBeNull();
  });

  it('refuses references out of the schema, and identifiers that would let a reference name the schema again', () => {
    expect(jsonSchemaError('{"$id": "https://x.example/s", "$ref": "https://x.example/s"}')).toBe(
      refusedReference('https://x.example/s'),
    );
    expect(jsonSchemaError('{"items": {"$ref": "other.json#/a"}}')).toBe(refusedReference('other.json#/a'));
    expect(jsonSchemaError('{"allOf": [{"$ref": "#node"}]}')).toBe(refusedReference('#node'));
    expect(jsonSchemaError('{"$dynamicRef": "https://x.example/s"}')).toBe(refusedReference('https://x.example/s'));
    expect(jsonSchemaError('{"$ref": 7}')).toBe(refusedReference(7 as unknown as string));
    expect(jsonSchemaError('{"$ref": "#/%E0%A4%A"}')).toBe(
      'The JSON Schema\'s reference "#/%E0%A4%A" is not a valid JSON pointer.',
    );
    const nestedId = { properties: { a: { $id: 'https://y.example/z', not: { $ref: '#' } } } };
    expect(jsonSchemaError(JSON.stringify(nestedId))).toBe('Only the root of the JSON Schema may have an "$id".');
    expect(jsonSchemaError('{"definitions": {"a": {"id": "a.json"}}}')).toBe(
      'Only the root of the JSON Schema may have an "id".',
    );
    expect(jsonSchemaError('{"$id": "https://x.example/s#/not"}')).toBe(
      'The JSON Schema\'s "$id" must not hold a fragment (a "#" and more).',
    );
    // Values that only look like keywords are data: an enum of objects, a property named $id.
    const data = { enum: [{ $ref: 'https://x.example/s' }], properties: { $id: { type: 'string' } } };
    expect(jsonSchemaError(JSON.stringify(data))).toBeNull();
    expect(jsonSchemaError('{"$id": "https://x.example/s", "items": {"$ref": "#"}}')).toBeNull();
  });

  it('refuses a schema nested deeper than its limit before walking it', () => {
    const nested = (depth: number) => '{"not":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
    expect(jsonSchemaError(nested(MAX_SCHEMA_DEPTH))).toBeNull();
    expect(jsonSchemaError(nested(MAX_SCHEMA_DEPTH + 1))).toBe(
      `The JSON Schema nests more than ${MAX_SCHEMA_DEPTH} levels deep.`,
    );
    expect(jsonSchemaError(nested(200_000))).toBe(`The JSON Schema nests more than ${MAX_SCHEMA_DEPTH} levels deep.`);
  });

  it("compiles each schema on its own: no schema sees another's $id, and two schemas may share one", () => {
    const owned = '{"$id": "https://example.com/person", "type": "object", "required": ["name"]}';
    expect(jsonSchemaError(owned)).toBeNull();
    expect(jsonSchemaError('{"$ref": "https://example.com/person"}')).toBe(
      refusedReference('https://example.com/person'),
    );
    const sameId = '{"$id": "https://example.com/person", "type": "string"}';
    expect(jsonSchemaError(sameId)).toBeNull();
    expect(schemaValidator(owned)({})).toBe(false);
    expect(schemaValidator(sameId)('Ada')).toBe(true);
  });

  it('gives an output an error verdict when validating it runs past the deadline, and validates the next one', async () => {
    // The guard cannot see time: a pattern that backtracks exponentially (Ajv runs it with JavaScript's engine).
    const [check] = compileRuleChecks([
      {
        id: 1,
        type: 'json_schema',
        value: '{"type": "string", "pattern": "^(a+)+$"}',
        input_ids: null,
        configuration_ids: null,
      },
    ]);
    const output = (apiRequestId: number, text: string) =>
      ({
        apiRequestId,
        inputId: null,
        configurationId: 1,
        output: JSON.stringify(text),
        expected: null,
        facts: NO_TOOL_FACTS,
      }) as const;
    const scores = await scoreOutputs([check!], [output(1, `${'a'.repeat(40)}!`), output(2, 'aaa')]);
    expect(scores).toEqual([
      {
        api_request_id: 1,
        check_id: 1,
        pass: null,
        score: null,
        reason: '',
        error: `The check failed on this output: Validating the output with the JSON Schema took longer than ${
          SCHEMA_MATCH_DEADLINE_MS / 1000
        } seconds and was stopped.`,
      },
      { api_request_id: 2, check_id: 1, pass: true, score: 1, reason: 'Matches the JSON Schema.' },
    ]);
  });

  it('keeps a bounded number of compiled validators', () => {
    for (let n = 0; n < 520; n++) schemaValidator(JSON.stringify({ type: 'object', maxProperties: n }));
    expect(cachedValidatorCount()).toBeLessThanOrEqual(500);
  });
});

describe.each(databaseKinds)('a rule that throws while scoring in the worker, on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  it('gives an error verdict for that output only, and the outcomes are written', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    // A schema stored before saving refused it (or one the save-time check misses) overflows the stack on any value.
    const { rows: checks } = await ctx.database.executeSql<{ id: number; type: string }>(
      `INSERT INTO checks (project_id, name, type, value)
       SELECT e.project_id, c.name, c.type, c.value FROM evaluations e,
              (VALUES ('loop', 'json_schema', '{"$ref": "#"}'), ('has a', 'contains', '"a"')) AS c(name, type, value)
        WHERE e.id = $1 RETURNING id, type`,
      [run.evaluationId],
    );
    const rows = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
      workerId: 'w',
      lane: 'mock',
      limit: 2,
      leaseMs: 60_000,
    });
    const outcomes: Leased<Outcome>[] = rows.map((row) => ({
      id: row.id,
      lease: row.attempts,
      evaluation_id: run.evaluationId,
      input_id: row.input_id,
      configuration_id: 0,
      status: 'SUCCESS',
      execution_time: 0.1,
      ttft: null,
      input_tokens: 1,
      output_tokens: 1,
      error_message: null,
      output: '{"a": 1}',
    }));
    const scores = await new RuleScorer(ctx.database.db).score(outcomes);
    await writeOutcomes(ctx.database, 'w', outcomes, scores);

    const { rows: stored } = await ctx.database.executeSql<{
      type: string;
      pass: boolean | null;
      error: string | null;
    }>(
      `SELECT c.type, s.pass, s.error FROM scores s JOIN checks c ON c.id = s.check_id
        WHERE s.evaluation_id = $1 ORDER BY s.api_request_id, c.id`,
      [run.evaluationId],
    );
    const loop = {
      type: 'json_schema',
      pass: null,
      error: expect.stringMatching(/^The check failed on this output: .*stack/),
    };
    const contains = { type: 'contains', pass: true, error: null };
    expect(stored).toEqual([loop, contains, loop, contains]);
    expect((await run.rows()).map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(checks).toHaveLength(2);
  });
});
