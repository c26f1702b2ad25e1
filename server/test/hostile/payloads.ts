import zlib from 'node:zlib';
import fc from 'fast-check';
import { ACCESS_RULES, type EntityIds } from '../access-rules.js';
import { hostileImports } from '../hostile-inputs.js';

/**
 * Generated adversarial bodies for every route that takes one: the content a user sends (files, schemas, regexes,
 * templates, tool definitions, conversations, images, endpoint settings, imports) made as deep, as repetitive, as
 * starry, as long-named, as self-referring and as compressed as the limits let it be. Each builder answers the body's
 * raw text: a body 100,000 levels deep cannot be written by JSON.stringify.
 */

/** The planted entities, and an amplifying configuration and input (`{{a}}` many times, `a` long) of the same project. */
export type HostileIds = EntityIds & { amplifier: number; longVariable: number };
type Builder = (ids: HostileIds) => fc.Arbitrary<string>;

/** The app's body limit is 2 MB; the payloads stay under it so they reach the route rather than the parser's 413. */
const BODY_BYTES = 1_500_000;

const json = (value: unknown) => JSON.stringify(value);

/** A unit repeated up to a length: huge repetition, of what engines find hardest. */
const UNITS = ['a', ' ', '\n', '😀', '{{a}}', '{{', '*', '**/', '(a+)+', '\u0000', '\u202e', '\\', '"', '%', '-'];
const repeated = (maxLength: number) =>
  fc
    .tuple(fc.constantFrom(...UNITS), fc.integer({ min: 1_000, max: maxLength }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
/** Control characters, lone surrogates and everything else a string may hold. */
const controlText = fc.string({ unit: 'binary', maxLength: 300 });
const hostileText = (maxLength: number) =>
  fc.oneof(repeated(maxLength), controlText, fc.string({ unit: 'grapheme', maxLength: 64 }));

/** A JSON value nested `depth` levels deep, as text. */
const deepText = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}1${close.repeat(depth)}`;
const deep = fc
  .tuple(fc.integer({ min: 100, max: 100_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .map(([depth, [open, close]]) => deepText(depth, open, close));
/** An object of many keys with long names. */
const manyKeys = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.integer({ min: 1, max: 60 }))
  .map(([count, nameLength]) =>
    json(Object.fromEntries(Array.from({ length: count }, (_, n) => [`${'k'.repeat(nameLength)}${n}`, n]))),
  );

/** The example body with one field's value replaced by raw JSON text. */
function withField(example: Record<string, unknown>, field: string, raw: string): string {
  const rest = json(Object.fromEntries(Object.entries(example).filter(([name]) => name !== field)));
  return rest === '{}' ? `{${json(field)}:${raw}}` : `${rest.slice(0, -1)},${json(field)}:${raw}}`;
}

/** From a route's valid example: hostile text in a text field, deep nesting or many keys in any field, a huge list. */
function fromExample(example: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = Object.keys(example);
  const textFields = fields.filter((field) => typeof example[field] === 'string');
  const anyField = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('extra');
  return fc.oneof(
    ...(textFields.length > 0
      ? [
          fc
            .tuple(fc.constantFrom(...textFields), hostileText(200_000))
            .map(([field, text]) => json({ ...example, [field]: text })),
        ]
      : []),
    fc.tuple(anyField, fc.oneof(deep, manyKeys)).map(([field, raw]) => withField(example, field, raw)),
    fc.integer({ min: 1_000, max: 20_000 }).map((count) => json(Array.from({ length: count }, () => example))),
  );
}
const exampleOf = (key: string, ids: HostileIds) => ACCESS_RULES[key]!.body!(ids) as Record<string, unknown>;
const fromRule =
  (key: string): Builder =>
  (ids) =>
    fromExample(exampleOf(key, ids));

/** JSON Schemas: recursive references, identifiers that name themselves, deep nesting, huge ones, slow patterns. */
const hostileSchema = fc.oneof(
  fc.constantFrom(
    '{"$ref": "#"}',
    '{"dependencies": {"a": {"$ref": "#"}}}',
    '{"$id": "https://x.example/s", "$ref": "https://x.example/s"}',
    '{"properties": {"a": {"$id": "https://y.example/z", "not": {"$ref": "https://y.example/z"}}}}',
    '{"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}',
    '{"type": "string", "pattern": "^(a+)+$"}',
    '{"patternProperties": {"^(a|aa)+$": {}}}',
  ),
  fc.integer({ min: 65, max: 100_000 }).map((depth) => `${'{"not":'.repeat(depth)}{}${'}'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 20_000 }).map((count) =>
    json({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: count }, (_, n) => [`p${n}`, { type: 'string' }])),
      required: Array.from({ length: count }, (_, n) => `p${n}`),
    }),
  ),
  // A chain of references as long as the body allows: each one a step of the guard's search.
  fc.integer({ min: 1_000, max: 30_000 }).map((count) =>
    json({
      $defs: Object.fromEntries(Array.from({ length: count }, (_, n) => [`d${n}`, { $ref: `#/$defs/d${n + 1}` }])),
      $ref: '#/$defs/d0',
    }),
  ),
);

/** Patterns that backtrack, star everything, or compile into huge programs. */
const hostileRegex = fc.oneof(
  fc.constantFrom('(a+)+$', '(?:\\w|\\s){1,500}$', '(a|aa)*b', '((a{1,100}){1,100}){1,100}', '[\\s\\S]{1,65535}x'),
  fc.integer({ min: 100, max: 5_000 }).map((count) => 'a*'.repeat(count)),
  fc
    .integer({ min: 100, max: 5_000 })
    .map((count) => `(${Array.from({ length: count }, (_, n) => `w${n}`).join('|')})`),
  fc.integer({ min: 100, max: 50_000 }).map((count) => '('.repeat(count) + ')'.repeat(count)),
);

/** JSONPath expressions that walk everything, or filter with script. */
const hostilePath = fc.constantFrom(
  '$..*..*..*..*',
  '$[?(@.constructor)]',
  `$${'..a'.repeat(5_000)}`,
  '$[(@.length-1)]',
);

const checkBody = fc.oneof(
  hostileSchema.map((value) => ({ name: 'Schema', type: 'json_schema', value })),
  hostileSchema.map((value) => ({ name: 'Arguments', type: 'tool_args_schema', value })),
  hostileRegex.map((value) => ({ name: 'Pattern', type: 'regex', value })),
  hostilePath.map((path) => ({ name: 'Argument', type: 'tool_arg_equals', value: json({ path, equals: 1 }) })),
  hostileText(200_000).map((value) => ({ name: 'Contains', type: 'contains', value })),
);

/** Templates that amplify, tools and response schemas that recurse, conversations as long as allowed. */
const configurationBody = (ids: HostileIds) =>
  fc.oneof(
    fc
      .constantFrom('{{a}}', '{{{a}}}', '{{ a }}', '{{', '{{#a}}{{/a}}')
      .chain((unit) => fc.integer({ min: 1_000, max: 60_000 }).map((count) => unit.repeat(count)))
      .map((prompt_content) => ({ name: 'C', prompt_content, ai_model_id: ids.model })),
    fc.integer({ min: 10, max: 100 }).map((count) => ({
      name: 'C',
      prompt_content: 'Hi',
      ai_model_id: ids.model,
      messages: Array.from({ length: count }, (_, n) => ({
        role: n % 2 === 0 ? 'user' : 'assistant',
        content: '{{a}}'.repeat(1_000),
      })),
      user_template: '{{input}}'.repeat(10_000),
    })),
    hostileSchema.map((schema) => ({
      name: 'C',
      prompt_content: 'Hi',
      ai_model_id: ids.model,
      tools: Array.from({ length: 32 }, (_, n) => ({
        name: `t${n}`,
        parameters: { type: 'object', properties: { a: JSON.parse(schema.length < 40_000 ? schema : '{}') } },
      })),
      response_schema: { name: 'answer', schema: JSON.parse(schema.length < 40_000 ? schema : '{}') },
    })),
  );

/** Contents and conversations as long as allowed (the tokenizer's worst cases), variables many and long. */
const inputBody = fc.oneof(
  repeated(200_000).map((content) => ({ name: 'I', content })),
  fc.integer({ min: 10, max: 100 }).map((count) => ({
    name: 'I',
    content: '',
    messages: Array.from({ length: count }, (_, n) => ({
      role: n % 2 === 0 ? 'user' : 'assistant',
      content: 'a'.repeat(Math.floor(BODY_BYTES / count / 2)),
    })),
  })),
  fc.integer({ min: 10, max: 100 }).map((count) => ({
    name: 'I',
    content: '{{v0}}'.repeat(20_000),
    variables: Object.fromEntries(Array.from({ length: count }, (_, n) => [`v${n}`, '😀'.repeat(5_000)])),
  })),
);

/** A PNG header claiming the largest size over a deflated stream of zeros (a decoder's bomb), or bytes that are not one. */
function pngBomb(side: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // one bit per pixel
  const rows = zlib.deflateSync(Buffer.alloc(Math.min(20_000_000, (side / 8 + 1) * side)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}
const imageBody = fc.oneof(
  fc.integer({ min: 20_000, max: 65_535 }).map((side) => ({ data: pngBomb(side) })),
  fc.integer({ min: 1_000, max: 1_000_000 }).map((length) => ({ data: 'A'.repeat(length - (length % 4)) })),
);

/** CSV and JSONL files: many rows and columns, an unclosed quote, deep lines, a UTF-16 file of control characters. */
const inputFileBody = fc.oneof(
  fc.integer({ min: 1_000, max: 50_000 }).map((rows) => ({
    format: 'csv',
    data: `content,${Array.from({ length: 100 }, (_, n) => `c${n}`).join(',')}\n${'x,'.repeat(100).concat('x\n').repeat(rows)}`,
  })),
  fc
    .integer({ min: 1_000, max: 1_000_000 })
    .map((length) => ({ format: 'csv', data: `content\n"${'a'.repeat(length)}` })),
  fc.integer({ min: 100, max: 10_000 }).map((depth) => ({ format: 'jsonl', data: `${deepText(depth)}\n`.repeat(10) })),
  controlText.map((text) => ({
    format: 'csv',
    data_base64: Buffer.from(text.repeat(1_000), 'utf16le').toString('base64'),
  })),
  manyKeys.map((columns) => ({ format: 'csv', data: 'content\nx\n', columns: JSON.parse(columns) as unknown })),
);

/** Promptfoo and OpenAI Evals imports: the known hostile ones, globs of many stars, YAML that merges and aliases. */
const projectImportBody = fc.oneof(
  fc.constantFrom(...hostileImports).map((upload) => upload.body()),
  fc.integer({ min: 10, max: 200 }).map((stars) => ({
    format: 'promptfoo',
    files: [
      { name: 'promptfooconfig.yaml', data: `prompts: ['{{q}}']\ntests: ["file://${'*a'.repeat(stars)}b"]\n` },
      ...Array.from({ length: 50 }, (_, n) => ({ name: `${'a'.repeat(400)}${n}`, data: 'x' })),
    ],
  })),
  fc.integer({ min: 5, max: 30 }).map((levels) => ({
    format: 'promptfoo',
    files: [
      {
        name: 'promptfooconfig.yaml',
        data:
          'a0: &a0 {x: 1, y: 2}\n' +
          Array.from(
            { length: levels },
            (_, n) => `a${n + 1}: &a${n + 1} {<<: [*a${n}, *a${n}], k${n}: [*a${n}, *a${n}]}\n`,
          ).join(''),
      },
    ],
  })),
);

/**
 * Endpoint settings: addresses long and odd, as many headers and models as allowed and more, Azure API versions that
 * are not versions (long, with line breaks, query strings to smuggle into the request's URL) and kinds that do not exist.
 */
const endpointBody = fc.oneof(
  fc
    .constantFrom(
      `2024-10-21${'x'.repeat(5_000)}`,
      '2024-10-21\r\nHost: internal',
      '2024-10-21&api-key=stolen',
      '../../admin',
      '',
    )
    .map((api_version) => ({ name: 'E', kind: 'azure', base_url: 'https://res.openai.azure.com', api_version })),
  fc.constantFrom('Azure', 'bedrock', '__proto__', 'x'.repeat(10_000)).map((kind) => ({
    name: 'E',
    kind,
    base_url: 'http://127.0.0.1:9/v1',
  })),
  fc
    .constantFrom(
      `http://${'a'.repeat(1_990)}/v1`,
      'http://[::ffff:169.254.169.254]/v1',
      'http://0x7f.1/v1',
      'file:///etc/passwd',
      `http://u:${'p'.repeat(1_900)}@127.0.0.1:9/`,
    )
    .map((base_url) => ({ name: 'E', base_url })),
  fc.integer({ min: 50, max: 400 }).map((count) => ({
    name: 'E',
    base_url: 'http://127.0.0.1:9/v1',
    headers: Object.fromEntries(Array.from({ length: count }, (_, n) => [`X-H${n}`, 'v'.repeat(3_000)])),
  })),
  fc.integer({ min: 100, max: 10_000 }).map((count) => ({
    name: 'E',
    base_url: 'http://127.0.0.1:9/v1',
    models: Array.from({ length: count }, (_, n) => ({ model_name: `m${n}${'x'.repeat(150)}` })),
  })),
);

/** Runs of the amplifying configuration, and of many ids or repetitions. */
const runBody = (ids: HostileIds, extra: Record<string, unknown>) =>
  fc.oneof(
    fc.constant({ configuration_ids: [ids.amplifier], input_ids: [ids.longVariable], use_mock: true, ...extra }),
    fc.integer({ min: 1_000, max: 100_000 }).map((count) => ({
      configuration_ids: Array.from({ length: count }, () => ids.configuration),
      input_ids: Array.from({ length: count }, () => ids.input),
      use_mock: true,
      ...extra,
    })),
  );

const bodies =
  (arbitrary: (ids: HostileIds) => fc.Arbitrary<unknown>): Builder =>
  (ids) =>
    arbitrary(ids).map(json);
const withDefaults =
  (specific: (ids: HostileIds) => fc.Arbitrary<unknown>, key: string): Builder =>
  (ids) =>
    fc.oneof({ weight: 3, arbitrary: specific(ids).map(json) }, { weight: 1, arbitrary: fromRule(key)(ids) });

/**
 * Every route with a body, by its key in ACCESS_RULES: the suite fails for a route with a body and no entry here. A
 * route of plain fields takes the generic mutations of its valid example; a route of user content, its own.
 */
export const HOSTILE_BODIES: Record<string, Builder> = {
  'POST /auth/auth_receiver/': () =>
    fc.oneof(
      repeated(200_000).map((text) => `credential=${encodeURIComponent(text)}`),
      fc.integer({ min: 1_000, max: 100_000 }).map((count) => `credential=${'a.'.repeat(count)}&x=1`),
    ),
  'POST /auth/dev-sign-in/': fromRule('POST /auth/dev-sign-in/'),
  'POST /api/projects/': fromRule('POST /api/projects/'),
  'PUT /api/projects/:id/': fromRule('PUT /api/projects/:id/'),
  'POST /api/projects/import/preview/': bodies(() => projectImportBody),
  'POST /api/projects/import/': bodies(() => projectImportBody),
  'POST /api/projects/:projectId/inputs/': withDefaults(() => inputBody, 'POST /api/projects/:projectId/inputs/'),
  'PUT /api/projects/:projectId/inputs/:inputId/': withDefaults(
    () => inputBody,
    'PUT /api/projects/:projectId/inputs/:inputId/',
  ),
  'POST /api/projects/:projectId/inputs/:inputId/images/': bodies(() => imageBody),
  'POST /api/projects/:projectId/inputs/import/': bodies(() => inputFileBody),
  'POST /api/projects/:projectId/inputs/import/preview/': bodies(() => inputFileBody),
  'POST /api/inputs/import/preview/': bodies(() => inputFileBody),
  'POST /api/projects/:projectId/inputs/bulk/': fromRule('POST /api/projects/:projectId/inputs/bulk/'),
  'POST /api/projects/:projectId/configurations/': withDefaults(
    configurationBody,
    'POST /api/projects/:projectId/configurations/',
  ),
  'POST /api/projects/:projectId/configurations/bulk/': bodies((ids) =>
    configurationBody(ids).map((configuration) => ({ configurations: [configuration, configuration] })),
  ),
  'PUT /api/configurations/:id/': withDefaults(configurationBody, 'PUT /api/configurations/:id/'),
  'PATCH /api/configurations/:id/': fromRule('PATCH /api/configurations/:id/'),
  'POST /api/api-keys/': fromRule('POST /api/api-keys/'),
  'PUT /api/api-keys/:id/': fromRule('PUT /api/api-keys/:id/'),
  'POST /api/endpoints/': withDefaults(() => endpointBody, 'POST /api/endpoints/'),
  'PUT /api/endpoints/:id/': withDefaults(() => endpointBody, 'PUT /api/endpoints/:id/'),
  'POST /api/tokens/': fromRule('POST /api/tokens/'),
  'POST /api/run-evaluation/': bodies((ids) => runBody(ids, {})),
  'POST /api/run-evaluation/estimate/': bodies((ids) => runBody(ids, { repetitions: 10 })),
  'POST /api/evaluations/:id/rerun/': fromRule('POST /api/evaluations/:id/rerun/'),
  'PATCH /api/evaluations/:id/': fromRule('PATCH /api/evaluations/:id/'),
  'POST /api/projects/:projectId/checks/': bodies(() => checkBody),
  'PUT /api/checks/:id/': bodies(() => checkBody),
  'POST /api/evaluations/:id/check-preview/': bodies(() => checkBody),
  'PUT /api/api-requests/:id/rating/': fromRule('PUT /api/api-requests/:id/rating/'),
  'POST /api/evaluations/:id/votes/': fromRule('POST /api/evaluations/:id/votes/'),
  // Never the account's own email: the suite's user must outlive it.
  'DELETE /api/account/': fromRule('DELETE /api/account/'),
};
