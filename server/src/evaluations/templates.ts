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
  const systemShapes = snapshot.configurations.map((c) => templateShape(c.prompt_content));
  const userShapes = snapshot.inputs.map((i) => templateShape(i.content));
  const systemUses = systemShapes.map((shape) => [...shape.uses.keys()]);
  const userUses = userShapes.map((shape) => [...shape.uses.keys()]);
  if (systemUses.every((names) => names.length === 0) && userUses.every((names) => names.length === 0)) return null;

  const missing: MissingVariable[] = [];
  if (snapshot.inputs.length === 0) {
    snapshot.configurations.forEach((c, n) => {
      for (const variable of systemUses[n])
        missing.push({ variable, input_name: null, used_by: `system prompt '${c.name}'` });
    });
  }
  snapshot.inputs.forEach((input, n) => {
    const variables = variablesOf(input.id);
    // Each variable the input lacks once, with the first text that uses it.
    const usedBy = new Map<string, string>();
    for (const variable of userUses[n]) usedBy.set(variable, 'its own content');
    snapshot.configurations.forEach((c, m) => {
      for (const variable of systemUses[m])
        if (!usedBy.has(variable)) usedBy.set(variable, `system prompt '${c.name}'`);
    });
    for (const [variable, used_by] of usedBy)
      if (!Object.hasOwn(variables, variable)) missing.push({ variable, input_name: input.name, used_by });
  });
  if (missing.length > 0) throw missingVariables(missing);
  assertFilledSizes(snapshot, systemShapes, userShapes, variablesOf);

  return snapshot.inputs.map((input, n) => {
    const variables = variablesOf(input.id);
    return {
      user: userUses[n].length > 0 ? fillTemplate(input.content, variables) : null,
      system: snapshot.configurations.map((c, m) =>
        systemUses[m].length > 0 ? fillTemplate(c.prompt_content, variables) : null,
      ),
    };
  });
}

/** The first few oversize texts are named; a run of thousands of pairs would otherwise answer a huge list. */
const OVERSIZE_NAMED = 10;

function assertFilledSizes(
  snapshot: RunSnapshot,
  systemShapes: TemplateShape[],
  userShapes: TemplateShape[],
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
  snapshot.inputs.forEach((input, n) => {
    const variables = variablesOf(input.id);
    measure(userShapes[n], variables, () => `User prompt '${input.name}'`);
    snapshot.configurations.forEach((c, m) =>
      measure(systemShapes[m], variables, () => `System prompt '${c.name}' with user prompt '${input.name}'`),
    );
  });
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
