import type { ApiRequest, Result, Vote } from '@promptgrid/contract';

export type BlindSide = { requestId: number; configurationId: number; output: string };
export type BlindPair = { inputId: number; left: BlindSide; right: BlindSide };

/** Two configurations on one input in one order: left, then right. */
const pairKey = (inputId: number, left: number, right: number) => `${inputId}:${left}:${right}`;

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
 */
export function buildBlindPairs(
  requests: ApiRequest[],
  results: Result[],
  votes: Vote[],
  random: () => number = Math.random,
): { pairs: BlindPair[]; total: number } {
  const outputs = new Map(results.map((result) => [result.api_request, result.output]));
  const byInput = new Map<number, BlindSide[]>();
  for (const request of requests) {
    const output = outputs.get(request.id);
    if (request.status !== 'SUCCESS' || request.input === null || output === undefined) continue;
    const sides = byInput.get(request.input) ?? [];
    sides.push({ requestId: request.id, configurationId: request.configuration, output });
    byInput.set(request.input, sides);
  }
  const configurationOf = new Map(requests.map((request) => [request.id, request.configuration]));
  const voted = new Set(
    votes.map((vote) =>
      pairKey(
        vote.input_id,
        configurationOf.get(vote.left_request_id) ?? -1,
        configurationOf.get(vote.right_request_id) ?? -1,
      ),
    ),
  );
  let total = 0;
  const open: BlindPair[] = [];
  for (const [inputId, sides] of byInput) {
    for (const [i, a] of sides.entries()) {
      for (const b of sides.slice(i + 1)) {
        for (const [left, right] of [
          [a, b],
          [b, a],
        ] as const) {
          total++;
          if (!voted.has(pairKey(inputId, left.configurationId, right.configurationId)))
            open.push({ inputId, left, right });
        }
      }
    }
  }
  return { pairs: shuffle(open, random), total };
}
