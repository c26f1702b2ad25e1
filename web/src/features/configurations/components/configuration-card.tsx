import { PROVIDER_LABELS, type Configuration } from '@promptgrid/contract';
import { ActiveToggle } from '@/components/ui/active-toggle';
import { Badge } from '@/components/ui/badge';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { maxTokensLabel } from '../lib/parameters';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

type Props = {
  configuration: Configuration;
  saving: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
};

export function ConfigurationCard({ configuration: c, saving, onEdit, onDelete, onToggleActive }: Props) {
  const detail = (term: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="truncate text-sm font-medium" title={value}>
        {value}
      </dd>
    </div>
  );
  return (
    <article
      aria-label={c.name}
      className={cn(
        'flex w-full min-w-0 flex-col rounded-lg border bg-white p-4 shadow-sm dark:bg-slate-900',
        c.is_active
          ? 'border-slate-200 dark:border-slate-800'
          : 'border-dashed border-slate-300 opacity-80 dark:border-slate-700',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={c.name}>
            {c.name}
          </h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">Updated {formatDate(c.updated_at)}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ActiveToggle name={c.name} active={c.is_active} disabled={saving} onToggle={onToggleActive} />
          <button type="button" className={iconButton} aria-label={`Edit ${c.name}`} title="Edit" onClick={onEdit}>
            <PencilIcon />
          </button>
          <button
            type="button"
            className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
            aria-label={`Delete ${c.name}`}
            title="Delete"
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 sm:grid-cols-4 dark:bg-slate-800/60">
        {detail('Provider', PROVIDER_LABELS[c.ai_model.company] ?? c.ai_model.company)}
        {detail('Model', c.ai_model.model_name)}
        {detail('Temperature', c.parameters.temperature.toFixed(1))}
        {detail('Max tokens', maxTokensLabel(c.parameters.max_tokens))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {c.json_mode ? <Badge tone="info">JSON Mode</Badge> : null}
        <span className="text-xs text-slate-500 dark:text-slate-400">~{c.prompt.token_count} tokens</span>
      </div>
      {c.prompt.content ? (
        <p className="mt-2 line-clamp-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          {c.prompt.content}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-500 italic">No prompt content</p>
      )}
      <footer className="mt-auto pt-3 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={c.created_at}>Created {formatDate(c.created_at)}</time>
      </footer>
    </article>
  );
}
