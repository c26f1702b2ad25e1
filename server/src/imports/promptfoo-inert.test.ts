import fc from 'fast-check';
import nunjucks from 'nunjucks';
import { describe, expect, it } from 'vitest';
import { fillTemplate, placeholderPattern } from '@promptgrid/contract';
import {
  activePart,
  decodedValue,
  encodedValue,
  inertTemplate,
  inertText,
  literalText,
  needsEncoding,
  templateText,
  variablePlace,
} from './promptfoo-inert.js';

// promptfoo's Nunjucks as its getNunjucksEngine makes it: no autoescape, the runner's environment as the global `env`.
const ENV = { SECRET: 'sk-leaked-secret', HOME: '/root' };
const engine = nunjucks.configure({ autoescape: false, throwOnUndefined: false });
engine.addGlobal('env', ENV);

/**
 * promptfoo's environment pass over every string of a config as it loads it (renderEnvOnlyInObject in
 * src/util/render.ts): each `{{ … }}` naming `env.` or `env[` is rendered with Nunjucks when it has a filter or names
 * a variable the environment has; everything else is left as written.
 */
function environmentPass(text: string): string {
  if (text.length > 50_000) return text;
  return text.replace(/\{\{(?:[^}]|\}(?!\}))*\}\}/g, (match) => {
    if (!/\benv\.|env\[/.test(match)) return match;
    const named = /env\.(\w+)|env\[['"]([^'"]+)['"]\]/.exec(match);
    const name = named?.[1] ?? named?.[2];
    if (match.includes('|') || (name !== undefined && name in ENV)) {
      try {
        return engine.renderString(match, { env: ENV });
      } catch {
        return match;
      }
    }
    return match;
  });
}

/**
 * What promptfoo does to a test's variables before a JSON chat prompt's strings are rendered with them
 * (renderPrompt in src/evaluatorHelpers.ts): one trailing newline dropped, then `{{name}}` in a value replaced by
 * variable `name`, first match per pass, at most five passes. Its file:// and package: loaders are left out here: a
 * value that would reach them fails the test below that no written value starts like a loader.
 */
function promptfooVariables(written: Record<string, string>): Record<string, string> {
  const vars = Object.fromEntries(
    Object.entries(written).map(([name, value]) => [name, environmentPass(value).replace(/\n$/, '')]),
  );
  for (let pass = 0, changed = true; changed && pass < 5; pass++) {
    changed = false;
    for (const name of Object.keys(vars)) {
      const match = /\{\{\s*(\w+)\s*\}\}/.exec(vars[name]!);
      if (match && vars[match[1]!] !== undefined) {
        vars[name] = vars[name]!.replace(match[0], vars[match[1]!]!);
        changed = true;
      }
    }
  }
  return vars;
}

const rendered = (written: string, vars: Record<string, string> = {}) =>
  engine.renderString(environmentPass(written), vars);

// Strings rich in what Nunjucks, the environment pass and promptfoo's loaders look at, mixed with arbitrary text.
const pieces = fc.constantFrom(
  '{',
  '}',
  '{{',
  '}}',
  '{%',
  '%}',
  '{#',
  '#}',
  '{{-',
  '-}}',
  '{% raw %}',
  '{% endraw %}',
  "{{ '{' }}",
  'env.SECRET',
  "env['SECRET']",
  ' | upper',
  '{{ env.SECRET }}',
  '{{env.HOME|default("x")}}',
  '{{ range.constructor("return process.pid")() }}',
  'file://',
  'package:',
  'python:',
  'exec:',
  ':',
  '%',
  '%7B',
  '%25',
  "'",
  '"',
  '\\',
  '\n',
  ' ',
  'a',
  'input',
);
const hostile = fc.oneof(
  fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string(),
  fc.string({ unit: 'binary' }),
);
const NAMES = ['input', 'tone', 'env'] as const;

describe('texts promptfoo renders', () => {
  it('render, after its environment pass, back to exactly the text', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(rendered(inertText(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('start with no loader prefix, read back as the text, and are not reported as active', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const written = inertText(text);
        expect(written).not.toMatch(/^(file:|package:|python:|exec:)/i);
        expect(literalText(written)).toBe(text);
        expect(activePart(written)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('keep the placeholders as variable places: rendered with the variables, they give what a run sends', () => {
    const placeholder = fc
      .constantFrom(...NAMES)
      .chain((name) => fc.constantFrom(`{{${name}}}`, `{{ ${name} }}`, `{{{${name}}}}`));
    const template = fc.array(fc.oneof(hostile, placeholder), { maxLength: 6 }).map((parts) => parts.join(''));
    const values = fc.record({ input: hostile, tone: hostile, env: hostile });
    fc.assert(
      fc.property(template, values, (text, variables) => {
        const encoded = new Set<string>(NAMES.filter((name) => needsEncoding(variables[name])));
        const given = (name: string): name is (typeof NAMES)[number] => (NAMES as readonly string[]).includes(name);
        const written = inertTemplate(text, (name, placeholder) =>
          given(name) ? variablePlace(name, encoded.has(name), placeholder) : null,
        );
        const vars = promptfooVariables(
          Object.fromEntries(
            NAMES.map((name) => [name, encoded.has(name) ? encodedValue(variables[name]) : variables[name]]),
          ),
        );
        expect(rendered(written, vars)).toBe(fillTemplate(text, variables));
        // What the import reads back: the same template, each placeholder as `{{name}}`.
        const readBack = new Set<string>();
        expect(templateText(written, readBack)).toBe(
          text.replace(placeholderPattern(), (placeholder, triple?: string, double?: string) => {
            const name = (triple ?? double)!;
            return given(name) && (encoded.has(name) || triple !== undefined) ? `{{${name}}}` : placeholder;
          }),
        );
        expect([...readBack].every((name) => encoded.has(name))).toBe(true);
        expect(activePart(written)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('variable values', () => {
  it('are encoded when promptfoo would change or load them, and decode back', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const written = needsEncoding(value) ? encodedValue(value) : value;
        expect(written).not.toContain('{');
        expect(written).not.toMatch(/^(file:|package:|python:|exec:)|\n$/i);
        expect(needsEncoding(value) ? decodedValue(written) : written).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('that start like a loader or hold Nunjucks are reported by the import', () => {
    expect(activePart('file://steal.js')).toBe('file:');
    expect(activePart('package:evil:run')).toBe('package:');
    expect(activePart('Hi {{ range.constructor("return 1")() }}')).toBe('{{ range.constructor("return 1")() }}');
    expect(activePart('{% for x in y %}{% endfor %}')).toBe('{% for x in y %}');
    expect(activePart('{# note #}')).toBe('{# note #}');
    expect(activePart('Be {{tone}} and {{ input }}: https://example.com')).toBeNull();
    expect(activePart('https://example.com/docs')).toBeNull();
  });
});
