import { formatToolArguments, type ToolCall } from '@promptgrid/contract';

/** The tools the model asked to call: each by name, with its arguments pretty-printed. */
export function ToolCallsView({ calls }: { calls: readonly ToolCall[] }) {
  if (calls.length === 0) return null;
  return (
    <ul aria-label="Tool calls" className="space-y-1.5">
      {calls.map((call, index) => (
        <li
          key={index}
          className="rounded-md border border-violet-200 bg-violet-50 px-2 py-1.5 dark:border-violet-900 dark:bg-violet-950/40"
        >
          <p className="text-xs font-medium text-violet-900 dark:text-violet-200">
            Calls <span className="font-mono">{call.name}</span>
          </p>
          <pre className="mt-1 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            {formatToolArguments(call.arguments)}
          </pre>
        </li>
      ))}
    </ul>
  );
}
