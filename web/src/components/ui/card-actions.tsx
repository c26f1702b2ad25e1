import { cn } from '@/lib/cn';
import { ActiveToggle } from './active-toggle';
import { CopyIcon, PencilIcon, TrashIcon } from './icons';

const iconButton = cn(
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500',
  'hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 dark:text-slate-400',
  'dark:hover:bg-slate-800 dark:hover:text-slate-100',
);

type Props = {
  /** The card's name, for the buttons' accessible names ('Edit Refund request'). */
  name: string;
  active: boolean;
  /** The active flag is being saved: its switch is disabled. */
  saving?: boolean;
  /** A copy is being made: the Duplicate button is disabled. */
  duplicating?: boolean;
  onToggleActive: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** The Active/Archived switch and the Edit, Duplicate and Delete buttons of a user prompt or system prompt card. */
export function CardActions(props: Props) {
  const { name } = props;
  return (
    <div className="flex shrink-0 items-center gap-1">
      <ActiveToggle name={name} active={props.active} disabled={props.saving} onToggle={props.onToggleActive} />
      <button type="button" className={iconButton} aria-label={`Edit ${name}`} title="Edit" onClick={props.onEdit}>
        <PencilIcon />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Duplicate ${name}`}
        title="Duplicate"
        disabled={props.duplicating}
        onClick={props.onDuplicate}
      >
        <CopyIcon />
      </button>
      <button
        type="button"
        className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={props.onDelete}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
