import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { Spinner } from '@/components/ui/spinner';
import { evidenceRefresh } from '../api/get-evidence';
import { useSummary } from '../api/get-summary';
import { ConsistencyPanel } from './consistency-panel';
import { JudgeAgreementPanel } from './judge-agreement-panel';
import { LeaderboardTable, tableOrder } from './leaderboard-table';
import { PairSignificance, type ConfigurationPair } from './pair-significance';
import { VotePreferencePanel } from './vote-preference';

type Props = {
  evaluationId: number;
  polling: boolean;
  nameOf: (configurationId: number) => string;
  /** A mock run: its scores measure nothing, so it says so and ranks no one first. */
  mock?: boolean;
  /** The project's checks by id, to head their columns. */
  checkNames?: ReadonlyMap<number, string>;
  /** Opens two configurations of the run side by side with their differences. */
  onCompare?: (baseId: number, headId: number) => void;
  /** The project's user prompts' names by id, for the cases the evidence lists. */
  inputNames?: ReadonlyMap<number, string>;
};

/**
 * The run's leaderboard above the result cards: which system prompt wins, on checks and on blind votes, and the
 * evidence behind it (is the lead real, is each prompt consistent, does the judge agree with people).
 */
export function Leaderboard({ evaluationId, polling, nameOf, mock = false, checkNames, onCompare, inputNames }: Props) {
  const summary = useSummary(evaluationId, polling);
  const [chosenPair, setPair] = useState<ConfigurationPair | null>(null);
  const [sortKey, setSortKey] = useState<string | null>(null);
  // The evidence reads the verdicts and ratings again whenever the leaderboard's counts of them change.
  const refresh = evidenceRefresh(summary.data ?? [], polling);
  // The lines as the table shows them: the pair compared is its top two until the user picks one, which then stays.
  const ids = tableOrder(summary.data ?? [], !mock, sortKey).map((row) => row.configuration_id);
  const [top, next] = ids;
  const pair =
    chosenPair && ids.includes(chosenPair.first) && ids.includes(chosenPair.second)
      ? chosenPair
      : top !== undefined && next !== undefined
        ? { first: top, second: next }
        : null;
  const inputName = (id: number | null) =>
    id === null ? 'No user prompt' : (inputNames?.get(id) ?? `User prompt #${id}`);
  return (
    <section
      aria-labelledby="leaderboard-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="leaderboard-title" className="text-sm font-semibold">
          Leaderboard
        </h2>
        {/* A short line beside the title: the summary above already says it in full. */}
        {mock ? <MockOutputsNote className="px-2 py-0.5 text-xs" /> : null}
      </div>
      {summary.isPending ? (
        <Spinner label="Loading the leaderboard" />
      ) : summary.isError ? (
        <Banner>Failed to load the leaderboard.</Banner>
      ) : summary.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No system prompts in this run.</p>
      ) : (
        <>
          <LeaderboardTable
            rows={summary.data}
            nameOf={nameOf}
            checkNames={checkNames}
            ranked={!mock}
            sortKey={sortKey}
            onSort={setSortKey}
          />
          {ids.length >= 2 && pair ? (
            <PairSignificance
              evaluationId={evaluationId}
              configurationIds={ids}
              pair={pair}
              onPairChange={setPair}
              nameOf={nameOf}
              refresh={refresh}
              onCompare={onCompare}
            />
          ) : null}
          <ConsistencyPanel
            evaluationId={evaluationId}
            refresh={refresh}
            nameOf={nameOf}
            inputName={inputName}
            checkName={(id) => checkNames?.get(id) ?? `Check #${id}`}
          />
          <JudgeAgreementPanel evaluationId={evaluationId} refresh={refresh} nameOf={nameOf} inputName={inputName} />
          <VotePreferencePanel evaluationId={evaluationId} nameOf={nameOf} />
        </>
      )}
    </section>
  );
}
