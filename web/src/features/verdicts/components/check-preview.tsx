import { useMemo } from 'react';
import {
  ValidationErrorBody,
  type ApiRequest,
  type CheckType,
  type Input,
  type SaveCheckInput,
} from '@promptgrid/contract';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCheckPreview } from '../api/preview-check';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { CheckIcon, XIcon } from '@/components/ui/icons';

export type PreviewRun = {
  evaluationId: number;
  requests: ApiRequest[];
  nameOf: (configurationId: number) => string;
  inputOf: (inputId: number | null) => Input | undefined;
};

type Props = {
  run: PreviewRun | null;
  type: CheckType;
  /** The check as it would be saved; null while the form has a mistake (`problem` says which). */
  check: SaveCheckInput | null;
  problem: string | null;
};

const SHOWN = 50;

/** A refused preview's 400 body (`{field: [messages]}`): its messages, without the field names. */
const previewProblem = (body: unknown) => {
  const parsed = ValidationErrorBody.safeParse(body);
  return (parsed.success && Object.values(parsed.data).flat().join(' ')) || 'The check cannot be previewed.';
};

/** What the check, as typed, says about the outputs on screen, before it is saved. */
export function CheckPreview({ run, type, check, problem }: Props) {
  const settled = useDebouncedValue(check, 400);
  const judge = type === 'llm_judge';
  const preview = useCheckPreview(run?.evaluationId ?? null, judge ? null : settled);
  const requestsById = useMemo(() => new Map((run?.requests ?? []).map((r) => [r.id, r])), [run?.requests]);

  let body;
  if (!run) body = <p>Run an evaluation to preview a check against its outputs.</p>;
  else if (judge) body = <p>A judge check cannot be previewed: save it, then re-score this run.</p>;
  else if (!check) body = <p>{problem ?? 'Fill in the check to preview it.'}</p>;
  else if (preview.isError)
    body = (
      <p className="text-red-700 dark:text-red-400">
        {preview.error instanceof ApiError && preview.error.status === 400
          ? previewProblem(preview.error.body)
          : 'Failed to preview the check.'}
      </p>
    );
  else if (!preview.data) body = <Spinner label="Previewing the check" />;
  else if (preview.data.length === 0) body = <p>This run has no outputs the check applies to.</p>;
  else {
    const passed = preview.data.filter((v) => v.pass).length;
    body = (
      <>
        <p className="font-medium text-slate-800 dark:text-slate-100">
          Passes {passed} of {preview.data.length} outputs
          {preview.isFetching ? <span className="sr-only"> (updating)</span> : null}
        </p>
        <ul aria-label="Preview verdicts" className="mt-2 max-h-56 space-y-1 overflow-auto">
          {preview.data.slice(0, SHOWN).map((verdict) => {
            const request = requestsById.get(verdict.api_request_id);
            const where = request
              ? `${run.nameOf(request.configuration)} · ${run.inputOf(request.input)?.name ?? 'no user prompt'}`
              : `Request #${verdict.api_request_id}`;
            return (
              <li key={verdict.api_request_id} className="flex gap-2 text-xs">
                <span
                  className={cn(
                    'shrink-0 font-semibold',
                    verdict.pass ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
                  )}
                >
                  {verdict.pass === null ? (
                    'error'
                  ) : (
                    <span className="inline-flex items-center gap-1">
                      {verdict.pass ? <CheckIcon width={12} height={12} /> : <XIcon width={12} height={12} />}
                      {verdict.pass ? 'pass' : 'fail'}
                    </span>
                  )}
                </span>
                <span className="min-w-0">
                  <span className="font-medium">{where}</span>: {verdict.error ?? verdict.reason}
                </span>
              </li>
            );
          })}
        </ul>
        {preview.data.length > SHOWN ? <p className="mt-1 text-xs">and {preview.data.length - SHOWN} more.</p> : null}
      </>
    );
  }
  return (
    <section
      aria-labelledby="check-preview-title"
      aria-busy={preview.isFetching}
      className={cn(
        'rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600',
        'dark:border-slate-700 dark:bg-slate-800/50 dark:text-slate-300',
      )}
    >
      <h4 id="check-preview-title" className="mb-1 text-xs font-semibold tracking-wide uppercase">
        Preview on this run
      </h4>
      {body}
    </section>
  );
}
