import { z } from 'zod';
import { LIMITS } from './constants.js';

/** Who says a turn of a conversation; the system prompt is not a turn, it comes before them. */
export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

const NO_NUL = /^[^\0]*$/;

/** One turn: a configuration's fixed message (a few-shot example) or a turn of a conversation input. */
export const ChatMessage = z.object({
  role: z.enum(MESSAGE_ROLES, { error: 'A message role must be user or assistant.' }),
  content: z
    .string({ error: 'A message must be text.' })
    .min(1, { error: 'A message cannot be empty.' })
    .max(LIMITS.contentMaxLength, { error: `A message must be at most ${LIMITS.contentMaxLength} characters.` })
    .regex(NO_NUL, { error: 'A message must not contain a NUL character.' }),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const messageList = (what: string) =>
  z
    .array(ChatMessage, { error: `${what} must be a list of {role, content} messages.` })
    .max(LIMITS.messagesMax, { error: `${what} may hold at most ${LIMITS.messagesMax} messages.` });

/** A configuration's messages between its system prompt and the input: few-shot examples or a fixed prefix. */
export const ConfigurationMessages = messageList('Messages');

/** The user turn a configuration sends for a text input: `{{input}}` is the input's content. */
export const DEFAULT_USER_TEMPLATE = '{{input}}';
/** The variable of a user template that holds the input's content; an input's own variable of that name loses to it. */
export const INPUT_VARIABLE = 'input';

/** An input that is a conversation: its turns, the last one the user's (the model answers it). */
export const Conversation = messageList('A conversation')
  .min(1, { error: 'A conversation needs at least one message.' })
  .refine((messages) => messages.at(-1)?.role === 'user', {
    error: 'A conversation must end with a user message.',
  });

/** The last user turn of a conversation: what a one-line view of it shows. */
export const lastUserTurn = (messages: readonly ChatMessage[]): string =>
  messages.findLast((m) => m.role === 'user')?.content ?? '';
