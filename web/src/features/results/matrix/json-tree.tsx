/** Pretty JSON with folding: every object and array is a <details> element, open to start with. */
export function JsonTree({ value, name }: { value: unknown; name?: string }) {
  const label =
    name === undefined ? null : <span className="text-sky-700 dark:text-sky-300">{JSON.stringify(name)}: </span>;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return (
      <details open className="font-mono text-xs">
        <summary className="cursor-pointer">
          {label}
          {open}
          <span className="text-slate-500 dark:text-slate-400">
            {' '}
            {entries.length} {entries.length === 1 ? 'item' : 'items'}{' '}
          </span>
        </summary>
        <div className="border-l border-slate-200 pl-4 dark:border-slate-700">
          {entries.map(([key, item]) => (
            <JsonTree key={key} value={item} name={Array.isArray(value) ? undefined : key} />
          ))}
        </div>
        <span>{close}</span>
      </details>
    );
  }
  return (
    <div className="font-mono text-xs break-words whitespace-pre-wrap">
      {label}
      <span
        className={
          typeof value === 'string' ? 'text-emerald-700 dark:text-emerald-300' : 'text-violet-700 dark:text-violet-300'
        }
      >
        {JSON.stringify(value)}
      </span>
    </div>
  );
}
