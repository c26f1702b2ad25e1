import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { LRUCache } from 'lru-cache';

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

/** What a schema says about a value, or null when it matches. */
export function schemaMismatch(schemaText: string, value: unknown): string | null {
  const validate = schemaValidator(schemaText);
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  const where = first?.instancePath ? `${first.instancePath} ` : '';
  return `${where}${first?.message ?? 'invalid'}`;
}

/** Keywords whose subschemas apply to the same value as the schema holding them (they consume no input). */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE_SCHEMAS = ['not', 'if', 'then', 'else'];
const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subschema a local reference (`#`, `#/$defs/x`, `#anchor`) names in the root, or null. */
function resolveLocal(root: Node, ref: string): unknown {
  if (!ref.startsWith('#')) return null;
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '' || fragment.startsWith('/')) {
    let node: unknown = root;
    for (const token of fragment.split('/').slice(1)) {
      const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
      node = isNode(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    }
    return node ?? null;
  }
  const found: unknown[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      if (value.$anchor === fragment || value.$dynamicAnchor === fragment) found.push(value);
      Object.values(value).forEach(visit);
    }
  };
  visit(root);
  return found[0] ?? null;
}

/**
 * The reference through which a schema comes back to itself without looking into a part of the value (as
 * `{"$ref": "#"}` does), or null. Validating with such a schema recurses until the stack overflows.
 */
export function recursionWithoutInput(root: Node): string | null {
  const onPath = new Set<Node>();
  const done = new Set<Node>();
  const visit = (node: Node): string | null => {
    if (done.has(node)) return null;
    onPath.add(node);
    const next: { schema: unknown; via: string | null }[] = [];
    for (const key of IN_PLACE_LISTS)
      if (Array.isArray(node[key])) for (const schema of node[key]) next.push({ schema, via: null });
    for (const key of IN_PLACE_SCHEMAS) next.push({ schema: node[key], via: null });
    if (isNode(node.dependentSchemas))
      for (const schema of Object.values(node.dependentSchemas)) next.push({ schema, via: null });
    for (const key of REFERENCES)
      if (typeof node[key] === 'string') next.push({ schema: resolveLocal(root, node[key]), via: node[key] });
    for (const { schema, via } of next) {
      if (!isNode(schema)) continue;
      if (onPath.has(schema)) return via ?? 'a subschema';
      const found = visit(schema);
      if (found) return found;
    }
    onPath.delete(node);
    done.add(node);
    return null;
  };
  return visit(root);
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
  const loop = recursionWithoutInput(schema);
  if (loop)
    return (
      `The JSON Schema refers back to itself through ${JSON.stringify(loop)} without looking into a property or ` +
      'item, so it would never finish.'
    );
  try {
    if (!metaSchemaChecker.validateSchema(schema))
      return `Not a valid JSON Schema: ${metaSchemaChecker.errorsText(metaSchemaChecker.errors)}`;
    schemaValidator(text);
    return null;
  } catch (error) {
    return `Not a valid JSON Schema: ${(error as Error).message}`;
  }
}
