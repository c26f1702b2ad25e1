import { MODEL_COMPANY_LABELS, type Configuration } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { PromptCard, formatCardDate } from '@/components/ui/prompt-card';
import { cn } from '@/lib/cn';
import { maxTokensLabel, reasoningLabel, temperatureLabel } from '../lib/parameters';

type Props = {
  configuration: Configuration;
  saving: boolean;
  duplicating: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
};

export function ConfigurationCard(props: Props) {
  const { configuration: c } = props;
  // Values wrap rather than being cut: a long model name stays readable in full.
  const detail = (term: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-sm font-medium break-words">{value}</dd>
    </div>
  );
  const { saving, duplicating, onToggleActive, onEdit, onDuplicate, onDelete } = props;
  return (
    <PromptCard
      name={c.name}
      active={c.is_active}
      heading={
        <div className="min-w-0 flex-1 basis-40">
          <h3 className="font-semibold break-words">{c.name}</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Updated {formatCardDate(c.updated_at)} · v{c.version}
          </p>
        </div>
      }
      actions={{ saving, duplicating, onToggleActive, onEdit, onDuplicate, onDelete }}
    >
      <dl
        className={cn(
          'mt-3 grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3',
          'xl:grid-cols-[minmax(0,1fr)_minmax(0,1.7fr)_minmax(0,1.5fr)_minmax(0,1fr)]',
          'dark:bg-slate-800/60',
        )}
      >
        {/* An endpoint's model is served by the endpoint the user named: 'Local Ollama', not 'Custom endpoint'. */}
        {detail('Provider', c.ai_model.endpoint?.name ?? MODEL_COMPANY_LABELS[c.ai_model.company])}
        {detail('Model', c.ai_model.model_name)}
        {detail('Temperature', temperatureLabel(c))}
        {detail('Max tokens', maxTokensLabel(c.parameters.max_tokens))}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {c.json_mode ? <Badge tone="info">JSON Mode</Badge> : null}
        {reasoningLabel(c.parameters.reasoning) ? (
          <Badge tone="info">{`Reasoning: ${reasoningLabel(c.parameters.reasoning)}`}</Badge>
        ) : null}
        {c.tools.length > 0 ? (
          <Badge tone="info">{`Tools: ${c.tools.map((tool) => tool.name).join(', ')}`}</Badge>
        ) : null}
        {c.response_schema ? <Badge tone="info">JSON Schema answer</Badge> : null}
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
        <time dateTime={c.created_at}>Created {formatCardDate(c.created_at)}</time>
      </footer>
    </PromptCard>
  );
}
