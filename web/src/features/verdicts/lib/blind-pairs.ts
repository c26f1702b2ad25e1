import type { ApiRequest, Result, Vote } from '@promptgrid/contract';

export type BlindSide = { requestId: number; configurationId: number; output: string };
export type BlindPair = { inputId: number; left: BlindSide; right: BlindSide };

/** Two configurations on one input and repetition, in one order: left, then right. */
const pairKey = (inputId: number, repetition: number, left: number, right: number) =>
  `${inputId}:${repetition}:${left}:${right}`;

/** Fisher–Yates, with the random source passed in so tests can fix the order. */
function shuffle<T>(items: T[], random: () => number): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    // Both indexes are within the copy: 0 <= j <= i < length.
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Every pair of two different configurations' outputs on one input, in both orders (each output once on the left and
 * once on the right, so a voter's habit of picking one side cancels out and can be measured), shuffled, minus the
 * orders already voted on. `total` counts them all, so progress reads 'n of total' across visits.
 *
 * On a run with repetitions, repetition r of one configuration meets only repetition r of another: two repetitions of
 * one configuration are no comparison (the server refuses the vote), and crossing every repetition with every other
 * would multiply the pairs by the square of the repetitions for little more evidence.
 */
export function buildBlindPairs(
  requests: ApiRequest[],
  results: Result[],
  votes: Vote[],
  random: () => number = Math.random,
): { pairs: BlindPair[]; total: number } {
  const outputs = new Map(results.map((result) => [result.api_request, result.output]));
  // The outputs that can be compared, grouped by input and repetition.
  const groups = new Map<string, { inputId: number; repetition: number; sides: BlindSide[] }>();
  for (const request of requests) {
    const output = outputs.get(request.id);
    if (request.status !== 'SUCCESS' || request.input === null || output === undefined) continue;
    const key = `${request.input}:${request.repetition}`;
    const group = groups.get(key) ?? { inputId: request.input, repetition: request.repetition, sides: [] };
    group.sides.push({ requestId: request.id, configurationId: request.configuration, output });
    groups.set(key, group);
  }
  const requestById = new Map(requests.map((request) => [request.id, request]));
  const voted = new Set(
    votes.map((vote) => {
      const left = requestById.get(vote.left_request_id);
      const right = requestById.get(vote.right_request_id);
      return pairKey(vote.input_id, left?.repetition ?? -1, left?.configuration ?? -1, right?.configuration ?? -1);
    }),
  );
  let total = 0;
  const open: BlindPair[] = [];
  for (const { inputId, repetition, sides } of groups.values()) {
    for (const [i, a] of sides.entries()) {
      for (const b of sides.slice(i + 1)) {
        if (a.configurationId === b.configurationId) continue;
        for (const [left, right] of [
          [a, b],
          [b, a],
        ] as const) {
          total++;
          if (!voted.has(pairKey(inputId, repetition, left.configurationId, right.configurationId)))
            open.push({ inputId, left, right });
        }
      }
    }
  }
  return { pairs: shuffle(open, random), total };
}
