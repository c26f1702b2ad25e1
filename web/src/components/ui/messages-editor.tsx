import { useId } from 'react';
import { MESSAGE_ROLES, type ChatMessage, type MessageRole } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { Field, TextArea, inputClasses, FieldError } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';

export const ROLE_LABELS: Record<MessageRole, string> = { user: 'User', assistant: 'Assistant' };

type Props = {
  legend: string;
  hint: string;
  messages: ChatMessage[];
  onChange: (messages: ChatMessage[]) => void;
  error?: string | null;
};

/** The role a new message takes: the other one than the last message's, a user's first. */
const nextRole = (messages: ChatMessage[]): MessageRole => (messages.at(-1)?.role === 'user' ? 'assistant' : 'user');

/** A message moved one place up (-1) or down (+1). */
function moved(messages: ChatMessage[], index: number, by: -1 | 1): ChatMessage[] {
  const target = index + by;
  const message = messages[index];
  const other = messages[target];
  if (message === undefined || other === undefined) return messages;
  const next = [...messages];
  next[target] = message;
  next[index] = other;
  return next;
}

/**
 * A list of role-labelled message boxes (a few-shot prefix, a conversation): each a text area with its role, moved up
 * or down and removed by buttons that name the message, and one more added at the end.
 */
export function MessagesEditor({ legend, hint, messages, onChange, error }: Props) {
  const id = useId();
  const update = (index: number, change: Partial<ChatMessage>) =>
    onChange(messages.map((message, n) => (n === index ? { ...message, ...change } : message)));
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
      <ol className="space-y-3">
        {messages.map((message, index) => {
          const name = `Message ${index + 1}`;
          return (
            // The index is the message's identity: a move swaps the texts of two boxes, and focus stays on the button.
            <li key={index} className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-end gap-2">
                <div className="w-40">
                  <Field label={`${name} role`}>
                    {(props) => (
                      <select
                        {...props}
                        className={inputClasses}
                        value={message.role}
                        onChange={(event) => update(index, { role: event.target.value as MessageRole })}
                      >
                        {MESSAGE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
                <div className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${name.toLowerCase()} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moved(messages, index, -1))}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${name.toLowerCase()} down`}
                    disabled={index === messages.length - 1}
                    onClick={() => onChange(moved(messages, index, 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${name.toLowerCase()}`}
                    onClick={() => onChange(messages.filter((_, n) => n !== index))}
                  >
                    <TrashIcon className="size-4" />
                  </Button>
                </div>
              </div>
              <Field label={`${name} (${ROLE_LABELS[message.role]})`}>
                {(props) => (
                  <TextArea
                    {...props}
                    value={message.content}
                    rows={3}
                    onChange={(event) => update(index, { content: event.target.value })}
                  />
                )}
              </Field>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...messages, { role: nextRole(messages), content: '' }])}
      >
        <PlusIcon className="size-4" />
        Add message
      </Button>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
