import { DEFAULT_USER_TEMPLATE, INPUT_VARIABLE, fillTemplate, type ChatMessage } from '@promptgrid/contract';
import type { RunSnapshot } from '../db/schema.js';

type SnapshotConfiguration = Pick<RunSnapshot['configurations'][number], 'messages' | 'user_template'>;
type SnapshotInput = Pick<RunSnapshot['inputs'][number], 'content' | 'messages'>;
type Variables = Readonly<Record<string, string>>;

/** The user turn a text input is sent as: its configuration's user template, `{{input}}` being the (filled) content. */
export function userTurnText(configuration: SnapshotConfiguration, content: string, variables: Variables): string {
  const template = configuration.user_template ?? DEFAULT_USER_TEMPLATE;
  return fillTemplate(template, { ...variables, [INPUT_VARIABLE]: fillTemplate(content, variables) });
}

/**
 * The turns of one call after its system prompt: the configuration's messages, then the input's conversation, or its
 * text through the user template; only the configuration's messages when the run has no input. `variables` fill every
 * text; without them the texts go as written (the user template still takes the content).
 */
export function callTurns(
  configuration: SnapshotConfiguration,
  input: SnapshotInput | null,
  variables: Variables = {},
): ChatMessage[] {
  const fill = (message: ChatMessage): ChatMessage => ({
    role: message.role,
    content: fillTemplate(message.content, variables),
  });
  const prefix = (configuration.messages ?? []).map(fill);
  if (input === null) return prefix;
  if (input.messages) return [...prefix, ...input.messages.map(fill)];
  return [...prefix, { role: 'user', content: userTurnText(configuration, input.content, variables) }];
}

/** The turns a request sent: the ones its templates filled in (stored with it), else the snapshot's as written. */
export const sentTurns = (
  stored: ChatMessage[] | null,
  configuration: SnapshotConfiguration,
  input: SnapshotInput | null,
): ChatMessage[] => stored ?? callTurns(configuration, input);

/**
 * What a judge reads of the turns sent: the input's part (its user turn or conversation), without the configuration's
 * messages before it, which are instructions like the system prompt the judge does not see either.
 */
export const inputTurns = (turns: ChatMessage[], configuration: SnapshotConfiguration): ChatMessage[] =>
  turns.slice(configuration.messages?.length ?? 0);
