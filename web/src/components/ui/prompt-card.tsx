import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CardActions } from './card-actions';

export const formatCardDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type Props = {
  name: string;
  active: boolean;
  /** The left part of the header: the name, and whatever goes with it. */
  heading: ReactNode;
  actions: Omit<ComponentProps<typeof CardActions>, 'name' | 'active'>;
  children: ReactNode;
};

/**
 * The frame of a user prompt or system prompt card: an article named after it, dashed and faded while archived,
 * with the Active switch and the Edit, Duplicate and Delete buttons in its header.
 */
export function PromptCard({ name, active, heading, actions, children }: Props) {
  return (
    <article
      aria-label={name}
      className={cn(
        'flex w-full min-w-0 flex-col rounded-lg border bg-white p-4 shadow-sm dark:bg-slate-900',
        active
          ? 'border-slate-200 dark:border-slate-800'
          : 'border-dashed border-slate-300 opacity-80 dark:border-slate-700',
      )}
    >
      {/* On a narrow card the buttons move under the name instead of pushing the card wider than the screen. */}
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        {heading}
        <CardActions name={name} active={active} {...actions} />
      </header>
      {children}
    </article>
  );
}
