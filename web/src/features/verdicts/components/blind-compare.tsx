import { useEffect, useState } from 'react';
import type { ApiRequest, Input, Result, VoteWinner } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCastVote } from '../api/cast-vote';
import { useVotes } from '../api/get-votes';
import { buildBlindPairs, type BlindPair } from '../lib/blind-pairs';
import { BlindPairView } from './blind-pair-view';

export type BlindCompareRun = {
  evaluationId: number;
  requests: ApiRequest[];
  results: Result[];
  inputOf: (inputId: number | null) => Input | undefined;
};

type Props = { run: BlindCompareRun; open: boolean; onOpenChange: (open: boolean) => void };

const WINNER_KEYS = { '1': 'left', '2': 'right', '3': 'tie', '4': 'both_bad' } as const;
const SKIP_KEYS = new Set(['s', 'S']);

/**
 * Blind A/B: two outputs of one input from two system prompts, names hidden, each pair coming once in each order; the
 * person picks Left, Right, Tie or Both bad (keys 1 to 4) and the next pair comes, or skips the pair (key S) without
 * voting. Escape leaves.
 */
export function BlindCompare({ run, open, onOpenChange }: Props) {
  const votes = useVotes(run.evaluationId, { enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Blind A/B comparison"
      description="Which answer is better? The system prompts' names are hidden."
      className="sm:max-w-5xl"
    >
      {votes.isPending ? (
        <Spinner label="Loading the pairs" />
      ) : votes.isError ? (
        <Banner>Failed to load the votes of this run.</Banner>
      ) : (
        // Pairs are drawn once per opening, so votes arriving in the cache do not reshuffle the session.
        <BlindSession
          run={run}
          initial={() => buildBlindPairs(run.requests, run.results, votes.data)}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function BlindSession({
  run,
  initial,
  onClose,
}: {
  run: BlindCompareRun;
  initial: () => { pairs: BlindPair[]; total: number };
  onClose: () => void;
}) {
  const [{ pairs, total }] = useState(initial);
  const [index, setIndex] = useState(0);
  const [skipped, setSkipped] = useState(0);
  const castVote = useCastVote(run.evaluationId);
  const pair = pairs[index];
  const doneBefore = total - pairs.length;

  const next = () => setIndex((current) => current + 1);
  const vote = (winner: VoteWinner) => {
    if (!pair || castVote.isPending) return;
    castVote.mutate(
      { input_id: pair.inputId, left_request_id: pair.left.requestId, right_request_id: pair.right.requestId, winner },
      { onSuccess: next },
    );
  };
  // A skipped pair is not voted on, so it comes again at the next opening; a failed vote's message goes with it.
  const skip = () => {
    if (!pair || castVote.isPending) return;
    castVote.reset();
    setSkipped((count) => count + 1);
    next();
  };
  // Re-added each render: the listener always votes on the pair on screen.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (SKIP_KEYS.has(event.key)) {
        event.preventDefault();
        skip();
        return;
      }
      const winner = WINNER_KEYS[event.key as keyof typeof WINNER_KEYS];
      if (!winner) return;
      event.preventDefault();
      vote(winner);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (total === 0)
    return (
      <EndState
        title="No pairs to compare"
        message="A blind comparison needs outputs of at least two system prompts for the same user prompt."
        onClose={onClose}
      />
    );
  if (!pair)
    return (
      <EndState
        title="No pairs left"
        message={
          skipped > 0
            ? 'The pairs you skipped come again the next time you open the comparison.'
            : "Every pair of outputs in this run has your vote; the leaderboard's win rates count them."
        }
        onClose={onClose}
      />
    );
  return (
    <div className="space-y-4 pb-2">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300" aria-live="polite">
        Pair {doneBefore + index + 1} of {total}
      </p>
      {castVote.isError ? <Banner>Failed to save your vote. Please try again.</Banner> : null}
      <BlindPairView
        pair={pair}
        input={run.inputOf(pair.inputId)}
        busy={castVote.isPending}
        onVote={vote}
        onSkip={skip}
      />
    </div>
  );
}

function EndState({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  return (
    <div className="space-y-3 py-6 text-center">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <Button variant="secondary" onClick={onClose}>
        Back to the results
      </Button>
    </div>
  );
}
