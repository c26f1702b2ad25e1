import { filledLength, fillTemplate, LIMITS, templateShape, type TemplateShape } from '@promptgrid/contract';
import type { RunSnapshot } from '../db/schema.js';
import { badRequest } from '../http/errors.js';

/**
 * A run's filled-in texts, per input in run order: its user prompt, and the system prompt of each configuration in
 * run order. Null (the whole run) when no text of the run uses a variable.
 */
export type RunPrompts = { user: string | null; system: (string | null)[] }[] | null;

type MissingVariable = { variable: string; input_name: string | null; used_by: string };

/**
 * Fills the run's system prompts and user prompts with each chosen input's variables. Refuses the run (400, nothing
 * created) when a template names a variable an input lacks, a system prompt uses variables and no input was chosen,
 * or a filled text would be longer than the limits (sized before any text is built: a short template repeating a long
 * variable would otherwise build gigabytes).
 */
export function fillRunTemplates(
  snapshot: RunSnapshot,
  variablesOf: (inputId: number) => Readonly<Record<string, string>>,
): RunPrompts {
  const systems = snapshot.configurations.map((c) => parsedTemplate(c, c.prompt_content));
  const users = snapshot.inputs.map((i) => parsedTemplate(i, i.content));
  if (systems.every((t) => t.uses.length === 0) && users.every((t) => t.uses.length === 0)) return null;

  const missing: MissingVariable[] = [];
  if (users.length === 0) {
    for (const { source: c, uses } of systems)
      for (const variable of uses) missing.push({ variable, input_name: null, used_by: `system prompt '${c.name}'` });
  }
  for (const { source: input, uses } of users) {
    const variables = variablesOf(input.id);
    // Each variable the input lacks once, with the first text that uses it.
    const usedBy = new Map<string, string>();
    for (const variable of uses) usedBy.set(variable, 'its own content');
    for (const { source: c, uses: systemUses } of systems)
      for (const variable of systemUses) if (!usedBy.has(variable)) usedBy.set(variable, `system prompt '${c.name}'`);
    for (const [variable, used_by] of usedBy)
      if (!Object.hasOwn(variables, variable)) missing.push({ variable, input_name: input.name, used_by });
  }
  if (missing.length > 0) throw missingVariables(missing);
  assertFilledSizes(systems, users, variablesOf);

  return users.map(({ source: input, uses }) => {
    const variables = variablesOf(input.id);
    return {
      user: uses.length > 0 ? fillTemplate(input.content, variables) : null,
      system: systems.map(({ source: c, uses: systemUses }) =>
        systemUses.length > 0 ? fillTemplate(c.prompt_content, variables) : null,
      ),
    };
  });
}

/** A text of the run with what it was written in (a configuration or an input), its shape and the variables it uses. */
type ParsedTemplate<Source> = { source: Source; shape: TemplateShape; uses: string[] };

function parsedTemplate<Source>(source: Source, text: string): ParsedTemplate<Source> {
  const shape = templateShape(text);
  return { source, shape, uses: [...shape.uses.keys()] };
}

/** The first few oversize texts are named; a run of thousands of pairs would otherwise answer a huge list. */
const OVERSIZE_NAMED = 10;

function assertFilledSizes(
  systems: ParsedTemplate<RunSnapshot['configurations'][number]>[],
  users: ParsedTemplate<RunSnapshot['inputs'][number]>[],
  variablesOf: (inputId: number) => Readonly<Record<string, string>>,
) {
  const max = LIMITS.filledPromptMaxLength;
  const oversize: string[] = [];
  let total = 0;
  const measure = (shape: TemplateShape, variables: Readonly<Record<string, string>>, what: () => string) => {
    if (shape.uses.size === 0) return;
    const length = filledLength(shape, variables);
    total += length;
    if (length > max && oversize.length < OVERSIZE_NAMED)
      oversize.push(`${what()} would be ${length.toLocaleString('en-US')} characters long once filled in`);
  };
  for (const { source: input, shape } of users) {
    const variables = variablesOf(input.id);
    measure(shape, variables, () => `User prompt '${input.name}'`);
    for (const { source: c, shape: systemShape } of systems)
      measure(systemShape, variables, () => `System prompt '${c.name}' with user prompt '${input.name}'`);
  }
  const limit = max.toLocaleString('en-US');
  const messages = oversize.map((text) => `${text}; the most a filled-in prompt may be is ${limit} characters.`);
  if (messages.length === 0 && total > LIMITS.filledRunMaxLength)
    messages.push(
      `The run's filled-in prompts would add up to ${total.toLocaleString('en-US')} characters; the most a run may ` +
        `send is ${LIMITS.filledRunMaxLength.toLocaleString('en-US')}. Choose fewer user prompts or shorter variables.`,
    );
  if (messages.length > 0) throw badRequest({ prompts: messages });
}

function missingVariables(missing: MissingVariable[]) {
  const messages = missing.map(({ variable, input_name, used_by }) =>
    input_name === null
      ? `{{${variable}}} in ${used_by} needs a user prompt with that variable; none was chosen.`
      : `{{${variable}}} (used by ${used_by}) is missing from user prompt '${input_name}'.`,
  );
  return badRequest({ variables: messages });
}
