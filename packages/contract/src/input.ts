import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Id, SavedSince, Timestamp, requiredText } from './common.js';
import { VARIABLE_NAME_PATTERN } from './template.js';
import { ChatMessage, Conversation } from './message.js';
import { InputImage } from './input-image.js';

/** A user prompt's variables: what `{{name}}` in a template is filled with. */
export const Variables = z
  .record(z.string(), z.string({ error: 'A variable value must be text.' }), {
    error: 'Variables must be an object of names to texts.',
  })
  .superRefine((variables, context) => {
    const names = Object.keys(variables);
    if (names.length > LIMITS.variablesMax)
      context.addIssue({ code: 'custom', message: `At most ${LIMITS.variablesMax} variables are allowed.` });
    for (const [name, value] of Object.entries(variables)) {
      if (!VARIABLE_NAME_PATTERN.test(name))
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `'${name}' is not a variable name: use letters, digits and _, not starting with a digit, at most 64.`,
        });
      else if (value.length > LIMITS.contentMaxLength)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `A variable value must be at most ${LIMITS.contentMaxLength.toLocaleString('en-US')} characters.`,
        });
      else if (value.includes('\u0000'))
        context.addIssue({ code: 'custom', path: [name], message: 'A variable value cannot contain NUL characters.' });
    }
  });
export type Variables = z.infer<typeof Variables>;

/** The answer wanted for a user prompt; an empty text means none. */
export const ExpectedOutput = z
  .string({ error: 'Expected output must be text.' })
  .max(LIMITS.contentMaxLength, {
    error: `Expected output must be at most ${LIMITS.contentMaxLength.toLocaleString('en-US')} characters.`,
  })
  // PostgreSQL text cannot hold NUL.
  .refine((text) => !text.includes('\u0000'), { error: 'Expected output cannot contain NUL characters.' })
  .nullable()
  .transform((text) => (text === '' ? null : text));

/** A user prompt (test input). */
export const Input = z.object({
  id: Id,
  project: Id,
  name: z.string(),
  /** Its text; for a conversation, the last user turn (what one-line views show). */
  content: z.string(),
  /** null: a text input; else a conversation, sent after the configuration's messages instead of its user template. */
  messages: z.array(ChatMessage).nullable(),
  variables: z.record(z.string(), z.string()),
  expected_output: z.string().nullable(),
  active: z.boolean(),
  token_count: z.number().int(),
  /** Images sent with its (last) user turn, oldest first. */
  images: z.array(InputImage),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Input = z.infer<typeof Input>;

/** A user prompt's fields as a request or a file gives them; `content` is required unless `messages` is given. */
export const InputFields = z.object({
  name: requiredText('Name', LIMITS.nameMaxLength),
  // A conversation's content is its last user turn.
  content: requiredText('Content', LIMITS.contentMaxLength).optional(),
  messages: Conversation.nullable().default(null),
  variables: Variables.default({}),
  expected_output: ExpectedOutput.default(null),
  active: z.boolean().optional(),
  // Echoed by the client; it must name the project of the path.
  project: Id.optional(),
});

/**
 * A text input needs its content, a conversation does not. Checked even when other fields are wrong, so a request
 * without name and content hears of both at once.
 */
export const requireContentOrMessages = <Schema extends z.ZodType<{ content?: string; messages?: unknown }>>(
  schema: Schema,
) =>
  schema.refine((input) => input.content !== undefined || (input.messages ?? null) !== null, {
    path: ['content'],
    error: 'Content is required.',
    when: ({ value }) => {
      const input = value as { content?: unknown; messages?: unknown } | null;
      return typeof input === 'object' && input !== null && input.content === undefined && !input.messages;
    },
  });

// The client may echo `id` and other read-only fields back; they are ignored.
export const CreateInputInput = requireContentOrMessages(InputFields);
export type CreateInputInput = z.infer<typeof CreateInputInput>;

/** Variables, expected output and messages left out of an update stay as they are (null messages: a text input). */
export const UpdateInputInput = requireContentOrMessages(
  InputFields.extend({
    active: z.boolean().optional(),
    messages: Conversation.nullable().optional(),
    variables: Variables.optional(),
    expected_output: ExpectedOutput.optional(),
    updated_at: SavedSince,
  }),
);
export type UpdateInputInput = z.infer<typeof UpdateInputInput>;

export const InputParams = z.object({ projectId: Id, inputId: Id });

export const INPUT_PAGE_SIZE = { default: 100, max: 1000 } as const;
export const INPUT_SORTS = ['created', '-created', 'name', '-name', 'tokens', '-tokens'] as const;
export type InputSort = (typeof INPUT_SORTS)[number];
/** Which user prompts a list holds: every one, the active ones (a run's), or the archived ones. */
export const INPUT_STATUSES = ['all', 'active', 'archived'] as const;
export type InputStatus = (typeof INPUT_STATUSES)[number];

const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(1, { error: `${name} must be at least 1.` })
    .max(max, { error: `${name} must be at most ${max}.` });

/**
 * GET /api/projects/{id}/inputs/: `search` keeps the user prompts whose name, content or expected output holds it
 * (ignoring case), `status` keeps the active or the archived ones, `sort` orders them (`-` for descending; oldest first
 * by default). With `page` or `page_size` the answer is an InputPage; without, the list of every matching user prompt.
 */
export const InputListQuery = z.object({
  search: z
    .string()
    .max(LIMITS.nameMaxLength, { error: `search must be at most ${LIMITS.nameMaxLength} characters.` })
    .optional(),
  status: z.enum(INPUT_STATUSES, { error: `status must be one of ${INPUT_STATUSES.join(', ')}.` }).default('all'),
  sort: z.enum(INPUT_SORTS, { error: `sort must be one of ${INPUT_SORTS.join(', ')}.` }).default('created'),
  page: wholeNumber('page', 1_000_000).optional(),
  page_size: wholeNumber('page_size', INPUT_PAGE_SIZE.max).optional(),
});
export type InputListQuery = z.infer<typeof InputListQuery>;

export const InputPage = z.object({
  items: z.array(Input),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type InputPage = z.infer<typeof InputPage>;

/** GET /api/projects/{id}/inputs/ids/: the search and status of a list, without its order or pages. */
export const InputIdsQuery = InputListQuery.pick({ search: true, status: true });
export type InputIdsQuery = z.infer<typeof InputIdsQuery>;

/** The ids of every user prompt a list holds, in creation order: what "Select all" selects beyond the loaded pages. */
export const InputIds = z.object({ ids: z.array(Id) });
export type InputIds = z.infer<typeof InputIds>;

export const BULK_INPUT_ACTIONS = ['archive', 'restore', 'delete'] as const;

/** Archive, restore or delete several user prompts at once: all ids must be the project's, or nothing changes. */
export const BulkInputsInput = z.object({
  ids: z
    .array(Id, { error: 'ids must be a list of ids.' })
    .min(1, { error: 'Select at least one user prompt.' })
    .max(LIMITS.bulkMaxIds, { error: `At most ${LIMITS.bulkMaxIds} user prompts at once.` }),
  action: z.enum(BULK_INPUT_ACTIONS, { error: 'action must be archive, restore or delete.' }),
});
export type BulkInputsInput = z.infer<typeof BulkInputsInput>;

export const BulkInputsResponse = z.object({ action: z.enum(BULK_INPUT_ACTIONS), count: z.number().int() });
export type BulkInputsResponse = z.infer<typeof BulkInputsResponse>;
