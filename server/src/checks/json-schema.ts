import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { LRUCache } from 'lru-cache';
import { nestingDepth } from '../lib/nesting-depth.js';

/**
 * Compiled validators by the schema's text. Each schema compiles in an Ajv instance of its own: a shared one would keep
 * every schema ever compiled (about 0.5 MB each, for the life of the process) and resolve one user's `$ref` to another
 * user's `$id` (and refuse a second schema with the same `$id`). An evicted validator goes with its instance.
 */
const validators = new LRUCache<string, ValidateFunction>({ max: 500 });

/** How many compiled validators are kept: for the test that the cache stays bounded. */
export const cachedValidatorCount = () => validators.size;

// ajv-formats is CommonJS: imported from ES modules it is its module object, whose `default` is the plugin.
const addFormats = (ajvFormats as unknown as { default: FormatsPlugin }).default;

/**
 * An Ajv context for one schema. Not strict: schemas written for other validators often carry extra keywords (title,
 * examples, x-…) that are harmless. It does not check the schema against the meta-schema (compiling the meta-schema
 * costs each new context ~150 ms): `metaSchemaChecker` did that when the check was saved.
 */
function newAjv() {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  return ajv;
}

/** Checks schemas against the JSON Schema meta-schema; compiles and keeps none of them. */
const metaSchemaChecker = new Ajv({ strict: false });

/** The schema's validator, compiled once per distinct text (throws what Ajv throws for a schema it cannot compile). */
export function schemaValidator(text: string): ValidateFunction {
  const key = createHash('sha256').update(text).digest('base64');
  let validate = validators.get(key);
  if (!validate) {
    validate = newAjv().compile(JSON.parse(text) as object);
    validators.set(key, validate);
  }
  return validate;
}

/** What a schema says about a JSON text's value (null: it matches), or why it could not say: a pool task. */
export function matchJsonSchema({ schema, json }: { schema: string; json: string }): SchemaMatch {
  try {
    return { ok: true, mismatch: schemaMismatch(schema, JSON.parse(json)) };
  } catch (error) {
    // A schema that does not compile, or one that recurses until the stack overflows on this value.
    return { ok: false, message: (error as Error).message };
  }
}
export type SchemaMatch = { ok: true; mismatch: string | null } | { ok: false; message: string };

/** What a schema says about a value, or null when it matches. */
export function schemaMismatch(schemaText: string, value: unknown): string | null {
  const validate = schemaValidator(schemaText);
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  const where = first?.instancePath ? `${first.instancePath} ` : '';
  return `${where}${first?.message ?? 'invalid'}`;
}

/**
 * Every keyword of drafts 04 to 2020-12 that holds subschemas, by where they apply. In place: to the same value as the
 * schema holding them (a cycle through these never ends). Into a part: to a property, an item, a property name or a
 * decoded content, which is smaller than the value (a cycle through one of these ends with the value). Definitions:
 * applied only when a reference names them.
 */
const SCHEMA_KEYWORDS = {
  inPlace: { lists: ['allOf', 'anyOf', 'oneOf'], single: ['not', 'if', 'then', 'else'], maps: ['dependentSchemas'] },
  intoPart: {
    lists: ['items', 'prefixItems'],
    single: [
      'items',
      'additionalItems',
      'unevaluatedItems',
      'contains',
      'additionalProperties',
      'unevaluatedProperties',
      'propertyNames',
      'contentSchema',
    ],
    maps: ['properties', 'patternProperties'],
  },
  definitions: { lists: [], single: [], maps: ['$defs', 'definitions'] },
} as const;
const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];
/** Keywords that give a schema a URI of its own, which references would then resolve against. */
const IDENTIFIERS = ['$id', 'id'];
/** The only references allowed: the whole schema, or a JSON pointer into it. */
const LOCAL_REFERENCE = /^#(\/.*)?$/;
/** Deeper schemas are refused before anything walks them: Ajv's compiler and JSON.stringify recurse per level. */
export const MAX_SCHEMA_DEPTH = 64;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (node: Node, key: string): unknown => (Object.hasOwn(node, key) ? node[key] : undefined);

/** The subschemas a schema holds under one group of keywords. */
function subschemas(node: Node, group: (typeof SCHEMA_KEYWORDS)[keyof typeof SCHEMA_KEYWORDS]): unknown[] {
  const found: unknown[] = [];
  for (const key of group.lists) {
    const value = own(node, key);
    if (Array.isArray(value)) found.push(...(value as unknown[]));
  }
  for (const key of group.single) {
    const value = own(node, key);
    if (!Array.isArray(value)) found.push(value);
  }
  for (const key of group.maps) {
    const value = own(node, key);
    if (isNode(value)) found.push(...Object.values(value));
  }
  return found;
}

/** Draft-04…07 `dependencies`: a list of property names, or a schema applied in place when the property is there. */
const dependencySchemas = (node: Node): unknown[] => {
  const value = own(node, 'dependencies');
  return isNode(value) ? Object.values(value).filter((entry) => !Array.isArray(entry)) : [];
};

/** The part of the root a local reference (`#`, `#/$defs/x`) names, or undefined. */
function resolveLocal(root: Node, ref: string): unknown {
  let node: unknown = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isNode(node) || Array.isArray(node) ? own(node as Node, key) : undefined;
  }
  return node;
}

/** The schemas a schema applies to the very value it is given: in-place keywords and what its references name. */
function inPlaceTargets(root: Node, node: Node): { schema: unknown; via: string | null }[] {
  const targets = [...subschemas(node, SCHEMA_KEYWORDS.inPlace), ...dependencySchemas(node)].map((schema) => ({
    schema,
    via: null as string | null,
  }));
  for (const key of REFERENCES) {
    const ref = own(node, key);
    if (typeof ref === 'string') targets.push({ schema: resolveLocal(root, ref), via: ref });
  }
  return targets;
}

/**
 * Every object the schema uses as a schema: the root, what any keyword above holds, and what references name (a
 * pointer may name a part no keyword holds, as `#/const`), found without recursing. Stops at the first reference or
 * identifier it refuses, and answers why.
 */
function schemaNodes(root: Node): { nodes: Node[] } | { refused: string } {
  const seen = new Set<Node>([root]);
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    for (const key of IDENTIFIERS) {
      const id = own(node, key);
      if (typeof id !== 'string') continue;
      // A subschema's own URI makes `#` inside it mean the subschema, and a URI reference able to name any part.
      if (node !== root) return { refused: `Only the root of the JSON Schema may have an "${key}".` };
      if (/#./.test(id)) return { refused: `The JSON Schema's "${key}" must not hold a fragment (a "#" and more).` };
    }
    const next = [
      ...subschemas(node, SCHEMA_KEYWORDS.inPlace),
      ...subschemas(node, SCHEMA_KEYWORDS.intoPart),
      ...subschemas(node, SCHEMA_KEYWORDS.definitions),
      ...dependencySchemas(node),
    ];
    for (const key of REFERENCES) {
      const ref = own(node, key);
      if (ref === undefined) continue;
      // Only pointers into this schema: a URI could name this schema again (through its `$id`) or a part of it, and
      // an anchor (`#name`) could be declared anywhere; neither would be seen to come back to itself below.
      if (typeof ref !== 'string' || !LOCAL_REFERENCE.test(ref))
        return {
          refused: `The JSON Schema may refer only to its own parts ("#" or "#/..."), not to ${JSON.stringify(ref)}.`,
        };
      try {
        next.push(resolveLocal(root, ref));
      } catch {
        return { refused: `The JSON Schema's reference ${JSON.stringify(ref)} is not a valid JSON pointer.` };
      }
    }
    for (const schema of next)
      if (isNode(schema) && !seen.has(schema)) {
        seen.add(schema);
        pending.push(schema);
      }
  }
  return { nodes: [...seen] };
}

/**
 * The reference through which some part of a schema comes back to itself without looking into a part of the value (as
 * `{"$ref": "#"}` or `{"dependencies": {"a": {"$ref": "#"}}}` do), or null. Validating a value with such a part
 * recurses until the stack overflows. A depth-first search over the in-place steps from every schema node, kept on a
 * stack of its own: a chain of references may be as long as the schema has nodes.
 */
function recursionWithoutInput(root: Node, nodes: Node[]): string | null {
  const state = new Map<Node, 'on path' | 'done'>();
  for (const start of nodes) {
    if (state.has(start)) continue;
    state.set(start, 'on path');
    const path = [{ node: start, targets: inPlaceTargets(root, start), next: 0 }];
    while (path.length > 0) {
      const step = path.at(-1)!;
      if (step.next === step.targets.length) {
        state.set(step.node, 'done');
        path.pop();
        continue;
      }
      const { schema, via } = step.targets[step.next++]!;
      if (!isNode(schema) || state.get(schema) === 'done') continue;
      if (state.get(schema) === 'on path') return via ?? 'a subschema';
      state.set(schema, 'on path');
      path.push({ node: schema, targets: inPlaceTargets(root, schema), next: 0 });
    }
  }
  return null;
}

/**
 * Why a schema would not be safe to validate with, or null: too deep, a reference out of itself, an identifier below
 * its root, or a part that applies itself to the same value forever.
 */
function unsafeSchemaError(schema: Node): string | null {
  if (nestingDepth(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH)
    return `The JSON Schema nests more than ${MAX_SCHEMA_DEPTH} levels deep.`;
  const found = schemaNodes(schema);
  if ('refused' in found) return found.refused;
  const loop = recursionWithoutInput(schema, found.nodes);
  if (loop)
    return (
      `The JSON Schema refers back to itself through ${JSON.stringify(loop)} without looking into a property or ` +
      'item, so it would never finish.'
    );
  return null;
}

/** Why a JSON Schema cannot be used, or null when Ajv accepts and compiles it and it cannot loop forever. */
export function jsonSchemaError(text: string): string | null {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return 'The JSON Schema is not valid JSON.';
  }
  if (!isNode(schema)) return 'A JSON Schema must be a JSON object.';
  const unsafe = unsafeSchemaError(schema);
  if (unsafe) return unsafe;
  try {
    if (!metaSchemaChecker.validateSchema(schema))
      return `Not a valid JSON Schema: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`;
    schemaValidator(text);
    return null;
  } catch (error) {
    return `Not a valid JSON Schema: ${(error as Error).message}`;
  }
}
