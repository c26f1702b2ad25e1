/**
 * Every evidence statistic of a 10,000-cell run (1,000 inputs x 10 configurations) with 5 repetitions: 50,000
 * outputs of ~150 characters, 2 checks each (100,000 verdicts), 1,000 outputs rated by a person.
 * Computed: the first configuration against each other (paired bootstrap, McNemar, latency and cost medians) with
 * Holm across the 9 comparisons; pass@5, pass^5 and flaky cases per configuration; each cell's output variability
 * (10 pairwise edit distances); judge agreement; Bradley-Terry scores of 2,000 blind votes; every output's
 * similarity to its expected output.
 * Goal: under 500 ms. Times the server's statistics on data already read (the reads are ordinary indexed selects), in
 * CPU milliseconds per part.
 */
import os from 'node:os';
import type { Cell, RatedVerdict, VoteGame } from '../server/src/evidence/cells.js';
import { summariseConsistency } from '../server/src/evidence/consistency.js';
import { summariseAgreement } from '../server/src/evidence/judge-agreement.js';
import { summariseSimilarity } from '../server/src/evidence/output-similarity.js';
import { holmAdjust } from '../server/src/evidence/paired.js';
import { compareSides } from '../server/src/evidence/significance.js';
import { summarisePreference } from '../server/src/evidence/vote-games.js';
import type { RunInput } from '../server/src/verdicts/scores.js';
import { loadAverage, median } from './figures.js';

const GOAL_MS = 500;
const [INPUTS, CONFIGURATIONS, REPETITIONS, CHECKS, RATED, VOTES] = [1000, 10, 5, 2, 1000, 2000];
const RUNS = 5;

// A small deterministic generator so every run of the bench sees the same data.
let state = 42;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const sentence = 'The city on the Seine has been the seat of government since the reign of Clovis, long ago. ';

const cells: Cell[] = [];
const outputs: {
  apiRequestId: number;
  inputId: number;
  configurationId: number;
  repetition: number;
  output: string;
}[] = [];
const inputs = new Map<number, RunInput>();
for (let input = 1; input <= INPUTS; input++) {
  inputs.set(input, { content: `Question ${input}?`, expected: `Paris ${input}. ${sentence}` });
  for (let configuration = 1; configuration <= CONFIGURATIONS; configuration++)
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const id = cells.length + 1;
      const verdicts = new Map<number, boolean>();
      for (let check = 1; check <= CHECKS; check++) verdicts.set(check, random() < 0.5 + configuration / 40);
      cells.push({
        id,
        inputId: input,
        configurationId: configuration,
        repetition,
        status: 'SUCCESS',
        executionTime: 1 + random(),
        costUsd: 0.001 * (1 + random()),
        verdicts,
      });
      const variant = Math.floor(random() * 3);
      outputs.push({
        apiRequestId: id,
        inputId: input,
        configurationId: configuration,
        repetition,
        output: `Paris ${input + variant}. ${sentence}`,
      });
    }
}
const rated: RatedVerdict[] = cells.slice(0, RATED).map((c) => ({
  apiRequestId: c.id,
  inputId: c.inputId,
  configurationId: c.configurationId,
  checkId: 2,
  judgePass: c.verdicts.get(2)!,
  reason: 'Judged.',
  rating: random() < 0.8 === c.verdicts.get(2) ? 1 : -1,
}));
const configurationIds = Array.from({ length: CONFIGURATIONS }, (_, i) => i + 1);
const WINNERS = ['left', 'right', 'tie', 'both_bad'] as const;
const votes: VoteGame[] = Array.from({ length: VOTES }, (_, n) => ({
  left: (n % CONFIGURATIONS) + 1,
  right: ((n + 1 + Math.floor(n / CONFIGURATIONS)) % CONFIGURATIONS) + 1,
  winner: WINNERS[Math.floor(random() * 4)] ?? 'tie',
})).filter((vote) => vote.left !== vote.right);
const cellsOf = new Map(configurationIds.map((id) => [id, cells.filter((c) => c.configurationId === id)]));

/** Each part of the work, timed in CPU milliseconds (on a shared machine wall time mostly measures waiting). */
const parts = {
  'significance (9 comparisons + Holm)': () => {
    const leader = cellsOf.get(1)!;
    const comparisons = configurationIds.slice(1).map((id) => compareSides(1, leader, id, cellsOf.get(id)!));
    return holmAdjust(comparisons.map((c) => (c.pass_rate.available ? c.pass_rate.p_value : 1))).length;
  },
  'consistency (pass@k, pass^k, flaky, output variability)': () =>
    summariseConsistency(configurationIds, REPETITIONS, cells, outputs).cells.length,
  'judge agreement': () => summariseAgreement([{ id: 2, name: 'Judge' }], rated).checks.length,
  'blind votes (2,000: Bradley-Terry, 400 resamples, position bias)': () =>
    summarisePreference(configurationIds, votes).configurations.length,
  'similarity to expected (50,000 outputs)': () => summariseSimilarity(outputs, inputs).cells.length,
};

const cpuMs = (work: () => unknown) => {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const totals: number[] = [];
const byPart = new Map<string, number[]>(Object.keys(parts).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  let total = 0;
  for (const [name, work] of Object.entries(parts)) {
    const ms = cpuMs(work);
    byPart.get(name)!.push(ms);
    total += ms;
  }
  totals.push(total);
}
console.log(
  `evidence statistics: ${INPUTS * CONFIGURATIONS} cells x ${REPETITIONS} repetitions = ${cells.length} outputs ` +
    `(~${outputs[0]?.output.length ?? 0} characters), ${cells.length * CHECKS} verdicts, ${RATED} rated`,
);
for (const [name, ms] of byPart) console.log(`  ${name}: median ${median(ms).toFixed(0)} ms CPU`);
console.log(
  `  all: ${totals.map((ms) => ms.toFixed(0)).join(', ')} ms CPU; median ${median(totals).toFixed(0)} ms ` +
    `(goal under ${GOAL_MS} ms: ${median(totals) < GOAL_MS ? 'met' : 'NOT met'}); ` +
    `load average ${loadAverage().toFixed(1)} on ${os.cpus().length} CPUs`,
);
