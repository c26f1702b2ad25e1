// Consistency over repetitions per configuration, and how much each cell's repeated outputs vary.
import type { EvaluationConsistency, FlakyCase } from '@promptgrid/contract';
import type { Cell } from './cells.js';
import { isFlaky, outputVariability, passAtK, passHatK, type RepeatedCase } from './repetitions.js';

type Output = { inputId: number | null; configurationId: number; output: string };
type CaseTally = RepeatedCase & { inputId: number | null; checkId: number };

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, [T, ...T[]]> {
  const groups = new Map<K, [T, ...T[]]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Each (input, check) of one configuration: how many repetitions gave a verdict, and how many passed. */
function tallyCases(cells: Cell[]): CaseTally[] {
  const cases = new Map<string, CaseTally>();
  for (const cell of cells)
    for (const [checkId, pass] of cell.verdicts) {
      const key = `${cell.inputId}:${checkId}`;
      const tally = cases.get(key) ?? { inputId: cell.inputId, checkId, runs: 0, passed: 0 };
      tally.runs++;
      if (pass) tally.passed++;
      cases.set(key, tally);
    }
  return [...cases.values()];
}

function consistencyOf(cells: Cell[], k: number): EvaluationConsistency['configurations'][number]['consistency'] {
  if (k < 2)
    return {
      available: false,
      reason: 'The run has 1 repetition: pass@k, pass^k and flaky cases need at least 2.',
    };
  const cases = tallyCases(cells);
  const complete = cases.filter((c) => c.runs === k);
  if (complete.length === 0)
    return { available: false, reason: `No check has a verdict on all ${k} repetitions of an input yet.` };
  const flaky_cases: FlakyCase[] = cases.filter(isFlaky).map((c) => ({
    input_id: c.inputId,
    check_id: c.checkId,
    passed: c.passed,
    runs: c.runs,
    label: `${c.passed}/${c.runs}`,
  }));
  return {
    available: true,
    k,
    cases: complete.length,
    pass_at_k: passAtK(complete, k),
    pass_hat_k: passHatK(complete, k),
    flaky_cases,
  };
}

/** Per configuration (in the run's order), pass@k, pass^k and flaky cases; per cell, how its outputs vary. */
export function summariseConsistency(
  configurationIds: number[],
  repetitions: number,
  cells: Cell[],
  outputs: Output[],
): EvaluationConsistency {
  const cellsOf = groupBy(cells, (c) => c.configurationId);
  const byCell = repetitions < 2 ? new Map() : groupBy(outputs, (o) => `${o.inputId}:${o.configurationId}`);
  return {
    repetitions,
    configurations: configurationIds.map((id) => ({
      configuration_id: id,
      consistency: consistencyOf(cellsOf.get(id) ?? [], repetitions),
    })),
    cells: [...byCell.values()].map((group: [Output, ...Output[]]) => ({
      input_id: group[0].inputId,
      configuration_id: group[0].configurationId,
      outputs: group.length,
      ...outputVariability(group.map((o) => o.output)),
    })),
  };
}
