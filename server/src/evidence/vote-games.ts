// A run's blind votes as games between configurations, and what they add up to.
import type { VotePreference } from '@promptgrid/contract';
import type { VoteGame } from './cells.js';
import {
  bradleyTerryWithIntervals,
  MIN_DECISIVE_VOTES,
  positionBias,
  toArenaScore,
  type PairwiseGame,
} from './preference.js';

function describeBias(games: VoteGame[]): VotePreference['position_bias'] {
  const leftChosen = games.filter((g) => g.winner === 'left').length;
  const rightChosen = games.filter((g) => g.winner === 'right').length;
  const decisive = leftChosen + rightChosen;
  if (decisive < MIN_DECISIVE_VOTES)
    return {
      available: false,
      reason: `Too few votes that picked a side: ${decisive} (at least ${MIN_DECISIVE_VOTES} are needed).`,
    };
  const { share, p_value } = positionBias(leftChosen, rightChosen);
  return { available: true, decisive_votes: decisive, left_chosen: leftChosen, left_share: share, p_value };
}

/**
 * Scores from the votes plus one prior tie between every two voted configurations: it keeps a configuration that won
 * (or lost) every vote at a finite score and pulls scores from few votes gently toward the mean.
 */
export function summarisePreference(configurationIds: number[], games: VoteGame[]): VotePreference {
  const voted = configurationIds.filter((id) => games.some((g) => g.left === id || g.right === id));
  const index = new Map(voted.map((id, i) => [id, i]));
  const asGame = (g: VoteGame): PairwiseGame => ({
    left: index.get(g.left)!,
    right: index.get(g.right)!,
    outcome: g.winner === 'left' || g.winner === 'right' ? g.winner : 'tie',
  });
  const prior: PairwiseGame[] = voted.flatMap((_, i) =>
    voted.slice(i + 1).map((__, offset) => ({ left: i, right: i + 1 + offset, outcome: 'tie' as const })),
  );
  const fit =
    voted.length > 1
      ? bradleyTerryWithIntervals(
          voted.length,
          games.filter((g) => index.has(g.left) && index.has(g.right)).map(asGame),
          prior,
        )
      : null;
  const rows = configurationIds.map((id) => {
    const own = games.filter((g) => g.left === id || g.right === id);
    const won = own.filter((g) => (g.winner === 'left' ? g.left : g.winner === 'right' ? g.right : null) === id).length;
    const lost = own.filter(
      (g) => (g.winner === 'left' ? g.right : g.winner === 'right' ? g.left : null) === id,
    ).length;
    const tied = own.filter((g) => g.winner === 'tie').length;
    const bothBad = own.filter((g) => g.winner === 'both_bad').length;
    const i = index.get(id);
    const strength = i === undefined || !fit ? null : fit.strengths[i]!;
    const interval = i === undefined || !fit ? null : fit.intervals[i]!;
    return {
      configuration_id: id,
      votes: own.length,
      won,
      lost,
      tied,
      both_bad: bothBad,
      win_rate: own.length === 0 ? null : (won + (tied + bothBad) / 2) / own.length,
      score: strength === null ? null : toArenaScore(strength),
      interval: interval === null ? null : { low: toArenaScore(interval.low), high: toArenaScore(interval.high) },
    };
  });
  // Best first; configurations without votes (no score) last, in the run's order.
  rows.sort((a, b) => (a.score === null ? (b.score === null ? 0 : 1) : b.score === null ? -1 : b.score - a.score));
  return { votes: games.length, position_bias: describeBias(games), configurations: rows };
}
