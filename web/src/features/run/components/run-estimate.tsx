import { errorText } from '@/lib/api-client';
import { useRunEstimate, type EstimatePayload } from '../api/estimate-run';
import { ANTHROPIC_ESTIMATE_NOTE, estimateText, judgeEstimateText } from '../lib/estimate-text';

type Props = {
  payload: EstimatePayload;
  open: boolean;
  anthropic: boolean;
  /** In the run bar: the cost line alone, without the judge's line. */
  compact?: boolean;
};

/** The run's estimated cost, on its own line of the confirm dialog: loading, the estimate, or why there is none. */
export function RunEstimateLine({ payload, open, anthropic, compact = false }: Props) {
  const estimate = useRunEstimate(payload, open && payload.configuration_ids.length > 0);
  if (estimate.isPending && !estimate.isFetching) return null;
  if (estimate.isPending)
    return <span className="mt-2 block text-slate-500 dark:text-slate-400">Estimating cost…</span>;
  if (estimate.isError)
    return (
      <span className="mt-2 block text-red-700 dark:text-red-400">
        {`Could not estimate the cost: ${errorText(estimate.error, 'no answer')}`}
      </span>
    );
  const judge = judgeEstimateText(estimate.data, payload.use_mock);
  return (
    <>
      <span className="mt-2 block font-medium text-slate-800 dark:text-slate-100">
        {estimateText(estimate.data, payload.use_mock)}
        {anthropic && !payload.use_mock ? ` ${ANTHROPIC_ESTIMATE_NOTE}` : null}
      </span>
      {judge && !compact ? <span className="mt-1 block text-slate-700 dark:text-slate-200">{judge}</span> : null}
    </>
  );
}
