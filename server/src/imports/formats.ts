// The shapes of the files an import reads (promptfoo's config and test files, OpenAI Evals' registry YAML, samples and
// hosted eval objects), as Zod schemas. They describe only what an import uses: a field of another shape reads as
// absent rather than refusing the file, and the keys a schema does not name are what the report lists as not carried.
import { z } from 'zod';

/** A field read as the schema says, or as absent when it has another shape: one odd field never refuses a file. */
const optional = <Schema extends z.ZodType>(schema: Schema) => schema.optional().catch(undefined);

/** A YAML or JSON mapping: an object that is not a list. */
export const mapping = z.record(z.string(), z.unknown());
export const isMapping = (value: unknown): value is Record<string, unknown> => mapping.safeParse(value).success;

/** A value read with `schema`, or null when it has another shape. */
export function shaped<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> | null {
  const read = schema.safeParse(value);
  return read.success ? read.data : null;
}

/** The keys of `value` that `schema` does not describe, in the file's order. */
export const keysLeftOut = (schema: z.ZodObject, value: Record<string, unknown>) =>
  Object.keys(value).filter((key) => !Object.hasOwn(schema.shape, key));

const nonEmptyText = z.string().refine((text) => text.trim() !== '');

/** A list's texts; its other items left out. */
export const textList = z
  .array(z.unknown())
  .transform((items) => items.flatMap((item) => shaped(z.string(), item) ?? []));

// promptfoo

/** A grader or provider reference: its id, written as the id or as an object with one. */
const providerId = z.union([z.string(), z.looseObject({ id: z.string() }).transform((provider) => provider.id)]);

export const promptfooAssertion = z.looseObject({
  type: z.string(),
  value: z.unknown().optional(),
  metric: optional(nonEmptyText),
  provider: optional(providerId),
  threshold: z.unknown().optional(),
  weight: z.unknown().optional(),
});

/** Of a test, what becomes an input and its checks; any other key is reported as not carried over. */
export const promptfooTest = z.object({
  description: optional(nonEmptyText),
  vars: optional(mapping),
  assert: optional(z.array(z.unknown())),
});

export const promptfooDefaultTest = z.looseObject({
  vars: optional(mapping),
  assert: optional(z.array(z.unknown())),
  options: optional(z.looseObject({ provider: optional(z.string()) })),
  metadata: optional(mapping),
});

/** Of a config, what becomes the project; any other key is reported as not carried over. */
export const promptfooConfig = z.object({
  description: optional(z.string()),
  prompts: z.unknown().optional(),
  providers: z.unknown().optional(),
  tests: z.unknown().optional(),
  defaultTest: optional(promptfooDefaultTest),
});
export type PromptfooConfig = z.output<typeof promptfooConfig>;

/** A chat turn of a prompt file. */
export const promptfooTurn = z.looseObject({ role: z.unknown().optional(), content: z.string() });

/** A prompt entry written as an object: inline text (`raw`) or a file (`id: file://…`), with a label. */
export const promptfooPromptEntry = z.looseObject({
  label: optional(z.string()),
  raw: optional(z.string()),
  id: optional(z.string()),
});

/** A provider's settings an import carries over. */
export const promptfooProviderConfig = z.object({
  apiBaseUrl: optional(z.string()),
  temperature: optional(z.number()),
  max_tokens: optional(z.number()),
  response_format: optional(z.looseObject({ type: z.unknown().optional() })),
});

export const promptfooProvider = z.looseObject({
  id: z.string(),
  label: optional(z.string()),
  config: optional(mapping),
  prompts: optional(textList),
});

// OpenAI Evals

/** A registry spec: an eval with a class, and the arguments it is run with. */
export const evalsSpec = z.looseObject({
  class: z.string(),
  args: optional(
    z.looseObject({
      samples_jsonl: optional(z.string()),
      modelgraded_spec: optional(z.string()),
      eval_type: optional(z.string()),
    }),
  ),
});

/** A registry name that points at its spec. */
export const evalsAlias = z.looseObject({ id: z.string() });

/** A model-graded spec (registry/modelgraded): the judge's prompt and its choices. */
export const modelGradedSpec = z.looseObject({
  prompt: z.string(),
  choice_strings: z.unknown().optional(),
  choice_scores: optional(mapping),
});

/** A hosted eval object: its criteria are what mark it as one. */
export const hostedEval = z.looseObject({
  name: optional(nonEmptyText),
  id: z.unknown().optional(),
  testing_criteria: z.array(z.unknown()),
});

export const hostedCriterion = z.looseObject({ type: z.unknown().optional(), name: z.unknown().optional() });

/** A hosted eval's run object: the prompt template and model the eval was run with. */
export const evalsRun = z.looseObject({
  model: z.unknown().optional(),
  data_source: z.looseObject({
    model: optional(z.string()),
    input_messages: z.looseObject({ template: optional(z.array(z.unknown())) }),
    sampling_params: optional(
      z.looseObject({
        temperature: optional(z.number()),
        max_completions_tokens: optional(z.number()),
        max_tokens: optional(z.number()),
      }),
    ),
  }),
});

/** A run template's turn: its text as `content`, or as an `input_text` part's `text`. */
export const evalsRunTurn = z.looseObject({
  role: z.unknown().optional(),
  content: z.union([z.string(), z.looseObject({ text: z.string() }).transform((part) => part.text)]),
});
