import { memo } from 'react';
import { aiModelLabel, type Configuration, type Input } from '@promptgrid/contract';
import { ImageThumbnails } from '@/components/ui/image-thumbnails';
import { Skeleton } from '@/components/ui/skeleton';
import { formatOutput, formatSeconds, STATUS_LABELS } from '../lib/status';
import type { Cell } from '../lib/results-index';
import type { CardExtras } from '../lib/run-slots';
import { requestCostText } from '../lib/cost';
import { ScoreBadges } from './score-badges';
import { ToolCallsView } from './tool-calls-view';
import { CellHistory, CellMenu, RepetitionLine } from './cell-extras';
import { ConversationDisclosure } from './conversation-disclosure';
import { cn } from '@/lib/cn';

type Props = {
  configurationId: number;
  configuration: Configuration | undefined;
  cell: Cell | undefined;
  /** The input the card answers, whose images it shows above the output. */
  input?: Input;
  /** The card grows with its output up to this height; beyond it the output scrolls inside. */
  maxHeight: number;
  checkNames: ReadonlyMap<number, string>;
  /** Controls composed in from app/ (a rating), shown once the output is there. */
  extras?: CardExtras;
  /** Re-runs the cell's requests (from the card's menu). */
  onRerun?: (requestIds: number[]) => void;
};

/** One system prompt's answer to the selected input. */
export const ResultCard = memo(function ResultCard({
  configurationId,
  configuration,
  cell,
  input,
  maxHeight,
  checkNames,
  extras,
  onRerun,
}: Props) {
  const request = cell?.request;
  const result = cell?.result;
  const status = request?.status ?? (result ? 'SUCCESS' : 'PENDING');
  // A reply still streaming in shows its text so far; its figures come with the saved result.
  const liveText = !result && status !== 'FAILED' ? cell?.live : undefined;
  const streaming = liveText !== undefined;
  const pending = !result && !streaming && (status === 'PENDING' || status === 'IN_PROGRESS');
  const shownText = result?.output ?? liveText;
  // Results cached by an earlier version of the page carry no tool calls.
  const toolCalls = result?.tool_calls ?? [];
  const output = shownText === undefined ? null : formatOutput(shownText);
  const name = configuration?.name ?? `Prompt #${configurationId}`;
  const time = result?.execution_time ?? request?.execution_time;
  const inputTokens = result?.input_token_total_count ?? request?.input_token_total_count;
  const outputTokens = result?.token_count ?? request?.output_token_count;
  const reasoningTokens = result?.reasoning_tokens ?? request?.reasoning_tokens;

  return (
    <article
      aria-label={name}
      aria-busy={pending || streaming}
      style={{ maxHeight }}
      className={cn(
        'flex min-w-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white',
        'shadow-sm dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <header className="border-b border-slate-100 px-4 py-3 dark:border-slate-800">
        {/* Names and models wrap: a card never hides part of either. */}
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-words">{name}</h3>
          {onRerun && cell ? <CellMenu name={name} runs={cell.runs} onRerun={onRerun} /> : null}
        </div>
        <p className="text-xs break-words text-slate-500 dark:text-slate-400">
          {configuration ? aiModelLabel(configuration.ai_model) : 'Deleted prompt'}
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
          <div className="flex gap-1">
            <dt className="text-slate-500 dark:text-slate-400">Time</dt>
            <dd className="tabular-nums">{time == null ? '—' : formatSeconds(time)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500 dark:text-slate-400">Input tokens</dt>
            <dd className="tabular-nums">{inputTokens ?? '—'}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500 dark:text-slate-400">Output tokens</dt>
            <dd className="tabular-nums">{outputTokens ?? '—'}</dd>
          </div>
          {reasoningTokens != null ? (
            <div className="flex gap-1">
              <dt className="text-slate-500 dark:text-slate-400">Reasoning tokens</dt>
              <dd className="tabular-nums">{reasoningTokens}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-slate-500 dark:text-slate-400">Cost</dt>
            <dd className="tabular-nums">{requestCostText(request)}</dd>
          </div>
        </dl>
        <RepetitionLine runs={cell?.runs ?? []} />
        <ScoreBadges scores={request?.scores ?? []} checkNames={checkNames} />
      </header>
      <div
        className="min-h-0 flex-auto overflow-auto px-4 py-3"
        tabIndex={0}
        aria-label={`Output of ${name}`}
        role="region"
      >
        {/* Inside the output's scrolling area: an opened conversation never squeezes the output out of the card. */}
        <ConversationDisclosure messages={request?.messages ?? []} className="mb-3" />
        {input ? (
          <ImageThumbnails projectId={input.project} inputId={input.id} inputName={input.name} images={input.images} />
        ) : null}
        {status === 'FAILED' ? (
          <div
            className={cn(
              'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900',
              'dark:bg-red-950 dark:text-red-200',
            )}
          >
            <p className="font-medium">Error occurred while processing request:</p>
            <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">
              {request?.error_message ?? 'Unknown error'}
            </p>
          </div>
        ) : pending ? (
          <div className="space-y-2">
            <p className="text-xs text-slate-500 dark:text-slate-400">{STATUS_LABELS[status]}…</p>
            <Skeleton className="h-3 w-11/12" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ) : output ? (
          <>
            {output.text !== '' || toolCalls.length === 0 ? (
              <pre
                className={
                  output.json
                    ? 'font-mono text-xs leading-5 break-words whitespace-pre-wrap'
                    : 'font-sans text-sm leading-6 break-words whitespace-pre-wrap'
                }
              >
                {output.text}
              </pre>
            ) : null}
            <ToolCallsView calls={toolCalls} />
          </>
        ) : (
          <p className="text-sm text-slate-500 italic dark:text-slate-400">Waiting for response...</p>
        )}
      </div>
      {extras && request && status === 'SUCCESS' ? extras.render(request, extras.context) : null}
      <CellHistory runs={cell?.runs ?? []} />
    </article>
  );
});
