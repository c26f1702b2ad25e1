import { memo } from 'react';
import { answerText, type ComparePair, type CompareSide } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { DiffView } from '../matrix/output-view';
import { deltaLines, statusLabel } from './deltas';

export type CompareMode = 'diff' | 'side-by-side';

type Props = {
  pair: ComparePair;
  inputName: string;
  configurationName: string;
  /** Its name in the base run, when that differs. */
  baseName: string | null;
  model: string;
  mode: CompareMode;
};

const toneClass = {
  better: 'text-emerald-700 dark:text-emerald-300',
  worse: 'text-red-700 dark:text-red-300',
  same: 'text-slate-600 dark:text-slate-300',
} as const;

const Text = ({ text }: { text: string }) => <p className="break-words whitespace-pre-wrap">{text}</p>;

/** One side's outcome: its output, its error, or why there is none. */
function SideOutput({ side }: { side: CompareSide | null }) {
  if (!side) return <p className="text-slate-500 italic dark:text-slate-400">Not in this run.</p>;
  if (side.status === 'FAILED')
    return (
      <div className="rounded-md bg-red-50 p-2 text-red-800 dark:bg-red-950/60 dark:text-red-200">
        <p className="font-medium">Error occurred while processing request:</p>
        <Text text={side.error_message ?? ''} />
      </div>
    );
  if (side.output === null) return <p className="text-slate-500 italic dark:text-slate-400">Waiting for response...</p>;
  return <Text text={answerText(side.output, side.tool_calls) ?? ''} />;
}

/** One (input, configuration) cell of two runs: what changed, and a word-level diff of the outputs. */
export const ComparePairCard = memo(function ComparePairCard({
  pair,
  inputName,
  configurationName,
  baseName,
  model,
  mode,
}: Props) {
  const lines = deltaLines(pair);
  const bothOutputs = pair.base?.output != null && pair.head?.output != null;
  return (
    <article
      aria-label={`${configurationName} on ${inputName}`}
      className={cn(
        'space-y-3 rounded-lg border bg-white p-4 text-sm dark:bg-slate-900',
        pair.changed ? 'border-amber-300 dark:border-amber-800' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{configurationName}</h3>
          {baseName !== null && baseName !== configurationName ? (
            <p className="text-xs text-slate-600 dark:text-slate-300">Named {baseName} in the base run</p>
          ) : null}
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {model} · {inputName}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {pair.changed ? <Badge tone="warning">Changed</Badge> : <Badge>Unchanged</Badge>}
          {pair.status_change ? (
            <Badge tone="info">
              {statusLabel(pair.status_change.from)} → {statusLabel(pair.status_change.to)}
            </Badge>
          ) : null}
        </div>
      </header>
      {lines.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {lines.map((line) => (
            <div key={line.label} className="flex gap-1">
              <dt className="text-slate-600 dark:text-slate-300">{line.label}</dt>
              <dd className={cn('font-medium tabular-nums', toneClass[line.tone])}>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {mode === 'diff' && bothOutputs ? (
        pair.output_changed ? (
          <div>
            <p className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">Output (diff from base)</p>
            <DiffView
              baseline={answerText(pair.base!.output, pair.base!.tool_calls) ?? ''}
              text={answerText(pair.head!.output, pair.head!.tool_calls) ?? ''}
            />
          </div>
        ) : (
          <div>
            <p className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">Output (the same in both)</p>
            <Text text={answerText(pair.head!.output, pair.head!.tool_calls) ?? ''} />
          </div>
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {(['base', 'head'] as const).map((which) => (
            <section key={which} aria-label={which === 'base' ? 'Base output' : 'Head output'} className="min-w-0">
              <p className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
                {which === 'base' ? 'Base' : 'Head'}
              </p>
              <SideOutput side={pair[which]} />
            </section>
          ))}
        </div>
      )}
    </article>
  );
});
