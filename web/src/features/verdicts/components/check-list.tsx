import { CHECK_TYPE_LABELS, aiModelLabel, type AiModel, type Check } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type Props = {
  checks: Check[];
  models: AiModel[] | undefined;
  busyId: number | null;
  onEdit: (check: Check) => void;
  onToggle: (check: Check) => void;
  onDelete: (check: Check) => void;
};

const scopeLabel = (check: Check) =>
  check.input_ids === null
    ? 'All user prompts'
    : `${check.input_ids.length} user ${check.input_ids.length === 1 ? 'prompt' : 'prompts'}`;

/** The project's checks, each with its switch, Edit and Delete. */
export function CheckList({ checks, models, busyId, onEdit, onToggle, onDelete }: Props) {
  const modelName = (id: number | null) => {
    const model = models?.find((m) => m.id === id);
    return model ? aiModelLabel(model) : null;
  };
  return (
    <ul aria-label="Checks of this project" className="divide-y divide-slate-100 dark:divide-slate-800">
      {checks.map((check) => (
        <li key={check.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{check.name}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {CHECK_TYPE_LABELS[check.type]}
              {check.type === 'llm_judge' && modelName(check.ai_model_id) ? ` · ${modelName(check.ai_model_id)}` : ''}
              {' · '}
              {scopeLabel(check)}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={check.is_active}
            aria-label={`Active: ${check.name}`}
            disabled={busyId === check.id}
            onClick={() => onToggle(check)}
            className={cn(
              'inline-flex h-7 items-center rounded-full px-3 text-xs font-semibold disabled:opacity-60',
              check.is_active
                ? 'bg-green-100 text-green-800 hover:bg-green-200 dark:bg-green-900 dark:text-green-100'
                : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300',
            )}
          >
            {check.is_active ? 'On' : 'Off'}
          </button>
          <Button variant="secondary" size="sm" onClick={() => onEdit(check)} aria-label={`Edit ${check.name}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onDelete(check)} aria-label={`Delete ${check.name}`}>
            Delete
          </Button>
        </li>
      ))}
    </ul>
  );
}
