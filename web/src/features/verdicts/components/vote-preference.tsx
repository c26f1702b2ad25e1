import type { VotePreference } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { usePreference } from '../api/get-preference';
import { EvidenceRowName, EvidenceTable } from './evidence-table';

type Props = { evaluationId: number; nameOf: (configurationId: number) => string };

const SCORE_EXPLAINED =
  'Bradley-Terry score on the Elo scale, from every blind vote: 1000 is the average system prompt, and 400 points ' +
  'more means 10 to 1 odds of being preferred. The range is its 95% interval.';
const WIN_RATE_EXPLAINED = 'Votes won, plus half the ties and "both bad" votes, over all votes it took part in.';
const score = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A voter who favours one side of the screen: told how much, and whether chance explains it. */
function PositionBias({ bias }: { bias: VotePreference['position_bias'] }) {
  if (!bias.available) return <p className="text-xs text-slate-500 dark:text-slate-400">{bias.reason}</p>;
  const beyondChance = bias.p_value < 0.05;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-300">
      Left side chosen {percent(bias.left_share)} of the time ({bias.left_chosen} of {bias.decisive_votes} votes that
      picked a side){' '}
      {beyondChance
        ? '— more than chance explains. Each pair comes once in each order, so it does not tilt the scores.'
        : '— within what chance explains.'}
    </p>
  );
}

/**
 * What the blind votes say, under the leaderboard once there are votes: system prompts ranked by their Bradley-Terry
 * score with its interval, beside the raw win rate, and whether the voters favoured a side.
 */
export function VotePreferencePanel({ evaluationId, nameOf }: Props) {
  const preference = usePreference(evaluationId);
  if (preference.isError) return <Banner>Failed to load the blind votes.</Banner>;
  if (!preference.data || preference.data.votes === 0) return null;
  const ranked = preference.data.configurations.filter((row) => row.votes > 0);
  return (
    <section aria-labelledby="vote-preference-title" className="mt-4 space-y-2">
      <h3 id="vote-preference-title" className="text-sm font-semibold">
        Blind votes ({preference.data.votes})
      </h3>
      <EvidenceTable
        columns={[
          { label: 'Score', explanation: SCORE_EXPLAINED },
          { label: 'Win rate', explanation: WIN_RATE_EXPLAINED },
          { label: 'Won / lost / tied / both bad' },
        ]}
      >
        {ranked.map((row) => (
          <tr key={row.configuration_id} className="border-t border-slate-100 dark:border-slate-800">
            <EvidenceRowName>{nameOf(row.configuration_id)}</EvidenceRowName>
            <td className="py-1 pr-3 whitespace-nowrap tabular-nums">
              {row.score === null ? '—' : score(row.score)}
              {row.interval ? (
                <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                  ({score(row.interval.low)}–{score(row.interval.high)})
                </span>
              ) : null}
            </td>
            <td className="py-1 pr-3 tabular-nums">{row.win_rate === null ? '—' : percent(row.win_rate)}</td>
            <td className="py-1 tabular-nums">
              {row.won} / {row.lost} / {row.tied} / {row.both_bad}
            </td>
          </tr>
        ))}
      </EvidenceTable>
      <PositionBias bias={preference.data.position_bias} />
    </section>
  );
}
