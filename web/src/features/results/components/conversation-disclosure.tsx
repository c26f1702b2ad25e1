import type { ChatMessage } from '@promptgrid/contract';
import { ROLE_LABELS } from '@/components/ui/messages-editor';
import { cn } from '@/lib/cn';

/**
 * The turns a model answered, collapsed under a summary line ("Conversation · 4 messages"): opened, each turn with
 * its role. Nothing for a single user turn, which the output's own labels already name.
 */
export function ConversationDisclosure({ messages, className }: { messages: ChatMessage[]; className?: string }) {
  if (messages.length < 2) return null;
  return (
    <details className={cn('rounded-md border border-slate-200 text-sm dark:border-slate-700', className)}>
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">
        {`Conversation · ${messages.length} messages`}
      </summary>
      <ol className="space-y-2 border-t border-slate-100 px-3 py-2 dark:border-slate-800">
        {messages.map((message, index) => (
          <li key={index}>
            <p className="text-xs font-semibold text-slate-500 dark:text-slate-400">{ROLE_LABELS[message.role]}</p>
            <p className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">{message.content}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
