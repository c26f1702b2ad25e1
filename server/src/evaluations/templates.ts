// Filling a run's templates with its inputs' variables: work proportional to prompts × inputs × text size, run on the
// untrusted-work pool (its task fillRunTemplates), never on the main thread. See
// docs/decisions/0087-untrusted-work-pool.md.
import {
  filledLength,
  fillTemplate,
  INPUT_VARIABLE,
  LIMITS,
  templateShape,
  DEFAULT_USER_TEMPLATE,
  type ChatMessage,
  type TemplateShape,
} from '@promptgrid/contract';
import type { RunSnapshot } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { callTurns } from './turns.js';

/**
 * A run's filled-in texts, per input in run order: for each configuration in run order, its system prompt and the
 * turns after it (null where nothing in them uses a variable: the snapshot holds them as sent). Null (the whole run)
 * when no text of the run uses a variable.
 */
export type RunPrompts = { system: (string | null)[]; turns: (ChatMessage[] | null)[] }[] | null;

type Configuration = RunSnapshot['configurations'][number];
type Input = RunSnapshot['inputs'][number];
type Variables = Readonly<Record<string, string>>;
type MissingVariable = { variable: string; input_name: string | null; used_by: string };

/** A text of the run, its shape and the variables it uses. */
type Parsed = { shape: TemplateShape; uses: string[] };

function parsed(text: string): Parsed {
  const shape = templateShape(text);
  return { shape, uses: [...shape.uses.keys()] };
}

/** A configuration's templates: its system prompt, its messages and its user template (whose `{{input}}` is given). */
function parsedConfiguration(c: Configuration) {
  const userTemplate = parsed(c.user_template ?? DEFAULT_USER_TEMPLATE);
  return {
    source: c,
    system: parsed(c.prompt_content),
    messages: (c.messages ?? []).map((m) => parsed(m.content)),
    userTemplate: { ...userTemplate, uses: userTemplate.uses.filter((name) => name !== INPUT_VARIABLE) },
  };
}
type ParsedConfiguration = ReturnType<typeof parsedConfiguration>;

/**
 * An input's templates (its conversation's turns, or its content) and the variables it fills them with (a plan
 * always freezes them into the snapshot; only runs made before that lack them, and those are never filled again).
 */
function parsedInput(i: Input) {
  const texts = i.messages ? i.messages.map((m) => parsed(m.content)) : [parsed(i.content)];
  return { source: i, variables: i.variables ?? {}, texts, uses: unique(texts.flatMap((t) => t.uses)) };
}
type ParsedInput = ReturnType<typeof parsedInput>;

/** A user template's filled length, its `{{input}}` taking `contentLength` characters (the input's own variable does not). */
function userTurnLength(template: TemplateShape, variables: Variables, contentLength: number) {
  const use = template.uses.get(INPUT_VARIABLE);
  const length = filledLength(template, variables);
  if (!use) return length;
  const own = variables[INPUT_VARIABLE];
  const counted =
    own !== undefined && Object.hasOwn(variables, INPUT_VARIABLE) ? use.count * own.length : use.placeholderLength;
  return length - counted + use.count * contentLength;
}

const unique = (names: string[]) => [...new Set(names)];
const messageUses = (c: ParsedConfiguration) => unique(c.messages.flatMap((m) => m.uses));
/** Whether the turns a configuration sends with an input (none: without inputs) use a variable. */
const turnsUseVariables = (c: ParsedConfiguration, input: ParsedInput | null) =>
  messageUses(c).length > 0 ||
  (input !== null && (input.uses.length > 0 || (!input.source.messages && c.userTemplate.uses.length > 0)));

/**
 * Fills the run's templates (system prompts, configurations' messages and user templates, inputs' contents and
 * conversations) with each chosen input's frozen variables. Refuses the run (400, nothing created) when a template names a
 * variable an input lacks, a configuration uses variables and no input was chosen, or a filled text would be longer
 * than the limits (sized before any text is built: a short template repeating a long variable would otherwise build
 * gigabytes).
 */
export function fillRunTemplates(snapshot: RunSnapshot): RunPrompts {
  const configurations = snapshot.configurations.map(parsedConfiguration);
  const inputs = snapshot.inputs.map(parsedInput);
  const anyUse =
    inputs.some((i) => i.uses.length > 0) ||
    configurations.some(
      (c) => c.system.uses.length > 0 || inputs.some((i) => turnsUseVariables(c, i)) || turnsUseVariables(c, null),
    );
  if (!anyUse) return null;

  const missing = missingVariablesOf(configurations, inputs);
  if (missing.length > 0) throw missingVariables(missing);
  assertFilledSizes(configurations, inputs);

  return inputs.map((input) => {
    const { variables } = input;
    return {
      system: configurations.map((c) =>
        c.system.uses.length > 0 ? fillTemplate(c.source.prompt_content, variables) : null,
      ),
      turns: configurations.map((c) =>
        turnsUseVariables(c, input) ? callTurns(c.source, input.source, variables) : null,
      ),
    };
  });
}

/** Each variable an input lacks once, with the first text that uses it (its own first, then each configuration's). */
function missingVariablesOf(configurations: ParsedConfiguration[], inputs: ParsedInput[]): MissingVariable[] {
  const missing: MissingVariable[] = [];
  const configurationUses = (c: ParsedConfiguration, input: ParsedInput | null): [string, string[]][] => [
    [`system prompt '${c.source.name}'`, c.system.uses],
    [`the messages of system prompt '${c.source.name}'`, messageUses(c)],
    [
      `the user message template of system prompt '${c.source.name}'`,
      input && !input.source.messages ? c.userTemplate.uses : [],
    ],
  ];
  if (inputs.length === 0) {
    for (const c of configurations)
      for (const [, uses] of configurationUses(c, null))
        for (const variable of uses)
          missing.push({ variable, input_name: null, used_by: `system prompt '${c.source.name}'` });
  }
  for (const input of inputs) {
    const { variables } = input;
    const usedBy = new Map<string, string>();
    const own = input.source.messages ? 'its own conversation' : 'its own content';
    for (const variable of input.uses) usedBy.set(variable, own);
    for (const c of configurations)
      for (const [text, uses] of configurationUses(c, input))
        for (const variable of uses) if (!usedBy.has(variable)) usedBy.set(variable, text);
    for (const [variable, used_by] of usedBy)
      if (!Object.hasOwn(variables, variable)) missing.push({ variable, input_name: input.source.name, used_by });
  }
  return missing;
}

/** The first few oversize texts are named; a run of thousands of pairs would otherwise answer a huge list. */
const OVERSIZE_NAMED = 10;

function assertFilledSizes(configurations: ParsedConfiguration[], inputs: ParsedInput[]) {
  const max = LIMITS.filledPromptMaxLength;
  const oversize: string[] = [];
  let total = 0;
  const measure = (length: number, what: () => string) => {
    total += length;
    if (length > max && oversize.length < OVERSIZE_NAMED)
      oversize.push(`${what()} would be ${length.toLocaleString('en-US')} characters long once filled in`);
    return length <= max;
  };
  const lengthOf = (texts: Parsed[], variables: Variables) =>
    texts.reduce((sum, text) => sum + filledLength(text.shape, variables), 0);
  for (const input of inputs) {
    const { variables } = input;
    const name = input.source.name;
    const ownLength = lengthOf(input.texts, variables);
    // The content's filled length is what `{{input}}` adds to a user template.
    const fits = input.uses.length === 0 || measure(ownLength, () => `User prompt '${name}'`);
    for (const c of configurations) {
      const what = `System prompt '${c.source.name}' with user prompt '${name}'`;
      if (c.system.uses.length > 0) measure(filledLength(c.system.shape, variables), () => what);
      if (!fits || !turnsUseVariables(c, input)) continue;
      const prefix = lengthOf(c.messages, variables);
      const userTurn = input.source.messages ? ownLength : userTurnLength(c.userTemplate.shape, variables, ownLength);
      measure(prefix + userTurn, () => `The messages of system prompt '${c.source.name}' with user prompt '${name}'`);
    }
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
