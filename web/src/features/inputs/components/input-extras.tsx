import type { Input } from '@promptgrid/contract';

/** A user prompt's variables and expected output, in short, under its content. */
export function InputExtras({ input }: { input: Input }) {
  const names = Object.keys(input.variables);
  if (names.length === 0 && input.expected_output === null) return null;
  return (
    <dl className="mt-2 space-y-1 text-xs text-slate-600 dark:text-slate-400">
      {names.length > 0 ? (
        <div className="flex flex-wrap gap-1">
          <dt className="font-medium">Variables:</dt>
          {names.map((name) => (
            <dd
              key={name}
              className="rounded bg-violet-100 px-1 font-mono text-violet-800 dark:bg-violet-950 dark:text-violet-200"
            >
              {`${name}=${input.variables[name]}`}
            </dd>
          ))}
        </div>
      ) : null}
      {input.expected_output !== null ? (
        <div className="flex gap-1">
          <dt className="font-medium">Expected:</dt>
          <dd className="min-w-0 truncate" title={input.expected_output}>
            {input.expected_output}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
