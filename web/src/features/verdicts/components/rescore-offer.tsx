import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useRescoreEvaluation } from '../api/rescore-evaluation';

type Props = { evaluationId: number; reloadRequests: () => Promise<void>; message: string };

/** After checks change: scores the run on screen again, then reloads its cards' badges. */
export function RescoreOffer({ evaluationId, reloadRequests, message }: Props) {
  const rescore = useRescoreEvaluation(evaluationId);
  const run = async () => {
    await rescore.mutateAsync();
    await reloadRequests();
  };
  return (
    <Banner tone={rescore.isError ? 'error' : rescore.isSuccess ? 'success' : 'info'}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span>
          {rescore.isError
            ? 'Failed to re-score this run. Please try again.'
            : rescore.isSuccess
              ? `Re-scored ${rescore.data.scored_requests} ${rescore.data.scored_requests === 1 ? 'output' : 'outputs'}.`
              : message}
        </span>
        {rescore.isSuccess ? null : (
          <Button size="sm" onClick={() => void run().catch(() => undefined)} disabled={rescore.isPending}>
            {rescore.isPending ? 'Re-scoring…' : 'Re-score this run'}
          </Button>
        )}
      </div>
    </Banner>
  );
}
