export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
