import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSchemaError, schemaMismatch } from './json-schema.js';

type Schema = Record<string, unknown>;
/** A keyword that holds a subschema: how it wraps one, the JSON pointer tokens down to it, and where it applies it. */
type Applicator = {
  name: string;
  applies: 'in place' | 'into a part' | 'only when named';
  wrap: (inner: Schema) => Schema;
  tokens: string[];
};

// A map key with the characters a JSON pointer escapes, to check that references into maps resolve as Ajv's do.
const KEY = 'a/b~c';
const KEY_TOKEN = 'a~1b~0c';
const applicator = (
  name: string,
  applies: Applicator['applies'],
  wrap: Applicator['wrap'],
  tokens: string[] = [name],
): Applicator => ({ name, applies, wrap, tokens });
const inList = (name: string, applies: Applicator['applies']) =>
  applicator(name, applies, (inner) => ({ [name]: [{ type: 'number' }, inner] }), [name, '1']);
const inMap = (name: string, applies: Applicator['applies']) =>
  applicator(name, applies, (inner) => ({ [name]: { [KEY]: inner } }), [name, KEY_TOKEN]);
const single = (name: string, applies: Applicator['applies']) =>
  applicator(name, applies, (inner) => ({ [name]: inner }));

/** Every keyword of drafts 04 to 2020-12 that applies a subschema, in each of its forms. */
const APPLICATORS: Applicator[] = [
  inList('allOf', 'in place'),
  inList('anyOf', 'in place'),
  inList('oneOf', 'in place'),
  single('not', 'in place'),
  single('if', 'in place'),
  applicator('then', 'in place', (inner) => ({ if: true, then: inner })),
  applicator('else', 'in place', (inner) => ({ if: false, else: inner })),
  inMap('dependentSchemas', 'in place'),
  inMap('dependencies', 'in place'),
  inMap('properties', 'into a part'),
  inMap('patternProperties', 'into a part'),
  single('additionalProperties', 'into a part'),
  single('unevaluatedProperties', 'into a part'),
  single('propertyNames', 'into a part'),
  single('items', 'into a part'),
  inList('items', 'into a part'),
  inList('prefixItems', 'into a part'),
  applicator('additionalItems', 'into a part', (inner) => ({ items: [true], additionalItems: inner })),
  single('unevaluatedItems', 'into a part'),
  single('contains', 'into a part'),
  single('contentSchema', 'into a part'),
  inMap('$defs', 'only when named'),
  inMap('definitions', 'only when named'),
];

/**
 * A chain of applicators from the root down to a reference back to one of the chain's schemas (the target'th). The
 * reference comes back without consuming the value exactly when every keyword from the target down applies in place.
 */
const recursiveSchema = fc
  .array(fc.constantFrom(...APPLICATORS), { minLength: 0, maxLength: 8 })
  .chain((chain) => fc.record({ chain: fc.constant(chain), target: fc.nat({ max: chain.length }) }))
  .map(({ chain, target }) => {
    const pointer = ['#', ...chain.slice(0, target).flatMap((step) => step.tokens)].join('/');
    const schema = chain.reduceRight<Schema>((inner, step) => step.wrap(inner), { $ref: pointer });
    const loops = chain.slice(target).every((step) => step.applies === 'in place');
    return { schema, pointer, loops, keywords: chain.map((step) => step.name) };
  });

describe('the JSON Schema guard on generated nestings of every applicator keyword', () => {
  it('refuses exactly the references that come back in place, and what it accepts validates any value', () => {
    fc.assert(
      fc.property(recursiveSchema, fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 5 }), (generated, values) => {
        const text = JSON.stringify(generated.schema);
        const error = jsonSchemaError(text);
        if (generated.loops) {
          expect(error).toMatch(/^The JSON Schema refers back to itself through "/);
          return;
        }
        expect(error).toBeNull();
        // The values that reach the inner schemas: objects with the key, arrays, and whatever fast-check makes.
        for (const value of [...values, { [KEY]: values }, [values, values], KEY])
          expect(() => schemaMismatch(text, value)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
