import { useRunEstimate, type EstimatePayload } from '../api/estimate-run';
import { ANTHROPIC_ESTIMATE_NOTE, estimateText, judgeEstimateText } from '../lib/estimate-text';

type Props = { payload: EstimatePayload; open: boolean; anthropic: boolean };

/** The run's estimated cost, on its own line of the confirm dialog: loading, the estimate, or why there is none. */
export function RunEstimateLine({ payload, open, anthropic }: Props) {
  const estimate = useRunEstimate(payload, open && payload.configuration_ids.length > 0);
  if (estimate.isPending)
    return <span className="mt-2 block text-slate-500 dark:text-slate-400">Estimating cost…</span>;
  if (estimate.isError)
    return (
      <span className="mt-2 block text-red-700 dark:text-red-400">
        {`Could not estimate the cost: ${estimate.error.message}`}
      </span>
    );
  const judge = judgeEstimateText(estimate.data, payload.use_mock);
  return (
    <>
      <span className="mt-2 block font-medium text-slate-800 dark:text-slate-100">
        {estimateText(estimate.data, payload.use_mock)}
        {anthropic && !payload.use_mock ? ` ${ANTHROPIC_ESTIMATE_NOTE}` : null}
      </span>
      {judge ? <span className="mt-1 block text-slate-700 dark:text-slate-200">{judge}</span> : null}
    </>
  );
}
