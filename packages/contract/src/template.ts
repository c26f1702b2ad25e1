/**
 * The template syntax of system prompts and user prompts, shared so the editors highlight exactly what the server
 * fills. Mustache-like and deliberately small: `{{name}}` (spaces inside the braces allowed) is replaced by the user
 * prompt's variable `name`; `{{{name}}}`, Mustache's unescaped form, means the same since nothing is HTML-escaped.
 * Anything else between braces (`{{ 1 + 1 }}`, `{{#section}}`, JSON such as `{{"a": 1}}`) is left as written, and a
 * filled-in value is never scanned again, so a value holding `{{x}}` arrives as that text.
 */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const NAME = '[A-Za-z_][A-Za-z0-9_]{0,63}';
/** Group 1: the name inside triple braces; group 2: inside double braces. */
const PLACEHOLDER_SOURCE = `\\{\\{\\{\\s*(${NAME})\\s*\\}\\}\\}|\\{\\{\\s*(${NAME})\\s*\\}\\}`;

/** The variable a placeholder names: exactly one of the pattern's two groups captures it. */
function placeholderName(triple: string | undefined, double: string | undefined): string {
  const name = triple ?? double;
  if (name === undefined) throw new Error('A placeholder match captured no variable name.');
  return name;
}

/** A variable's own value (not one inherited from Object.prototype, such as `constructor`), if given. */
function ownVariable(variables: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.hasOwn(variables, name) ? variables[name] : undefined;
}

/** A fresh global regex over the placeholders (a shared one would carry its lastIndex between callers). */
export const placeholderPattern = () => new RegExp(PLACEHOLDER_SOURCE, 'g');

/** The variables a text uses, each once, in order of first use. */
export function templateVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(placeholderPattern())) names.add(placeholderName(match[1], match[2]));
  return [...names];
}

/** The text with every placeholder whose variable is given replaced by its value; others stay as written. */
export function fillTemplate(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(placeholderPattern(), (placeholder, triple: string | undefined, double: string | undefined) => {
    return ownVariable(variables, placeholderName(triple, double)) ?? placeholder;
  });
}

/** A text's fixed part and how often it uses each variable: enough to size any filling without building it. */
export type TemplateShape = { fixedLength: number; uses: Map<string, { count: number; placeholderLength: number }> };

export function templateShape(text: string): TemplateShape {
  const uses: TemplateShape['uses'] = new Map();
  let fixedLength = text.length;
  for (const match of text.matchAll(placeholderPattern())) {
    const name = placeholderName(match[1], match[2]);
    const use = uses.get(name) ?? { count: 0, placeholderLength: 0 };
    use.count += 1;
    use.placeholderLength += match[0].length;
    uses.set(name, use);
    fixedLength -= match[0].length;
  }
  return { fixedLength, uses };
}

/** The length fillTemplate's result would have, computed from the lengths alone (cost: one step per variable used). */
export function filledLength(shape: TemplateShape, variables: Readonly<Record<string, string>>): number {
  let length = shape.fixedLength;
  for (const [name, use] of shape.uses) {
    const value = ownVariable(variables, name);
    length += value === undefined ? use.placeholderLength : use.count * value.length;
  }
  return length;
}
