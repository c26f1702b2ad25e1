// JSON Schemas checked and applied on the untrusted-work pool: compiling a user's schema and validating an output with
// it are CPU work on untrusted input, which a schema the guard misses could make endless (see json-schema.ts).
import { runUntrusted } from '../untrusted-work/pool.js';

/** How long checking a schema may take (the guard, the meta-schema, compiling): a real schema takes milliseconds. */
export const SCHEMA_CHECK_DEADLINE_MS = 10_000;
/**
 * How long validating one output may take. Milliseconds in practice; the margin covers a thread's first job, which
 * loads Ajv. Past it the output gets an error verdict and the thread is replaced.
 */
export const SCHEMA_MATCH_DEADLINE_MS = 5_000;

/**
 * Why a JSON Schema (its text, or the parsed object a configuration carries) cannot be used, or null; a 422 naming
 * the limit when checking it runs past its deadline. A parsed object came from a request body, which nests at most
 * 256 levels (app.ts), or an import's file, at most 64: written out as text here, it is walked on the pool.
 */
export async function jsonSchemaRefusal(schema: string | object): Promise<string | null> {
  const text = typeof schema === 'string' ? schema : JSON.stringify(schema);
  return runUntrusted('checkJsonSchema', text, {
    deadlineMs: SCHEMA_CHECK_DEADLINE_MS,
    what: 'Checking the JSON Schema',
  });
}

/**
 * What the schema says about a JSON text's value, or null when it matches. Throws when it cannot say: the schema does
 * not compile, overflows the stack on this value, or runs past SCHEMA_MATCH_DEADLINE_MS (a rule's throw is an error
 * verdict on that output alone).
 */
export async function jsonSchemaMismatch(schema: string, json: string): Promise<string | null> {
  const answer = await runUntrusted(
    'matchJsonSchema',
    { schema, json },
    { deadlineMs: SCHEMA_MATCH_DEADLINE_MS, what: 'Validating the output with the JSON Schema' },
  );
  if (!answer.ok) throw new Error(answer.message);
  return answer.mismatch;
}
