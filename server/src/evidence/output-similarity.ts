// Output versus expected: how close each output comes to its input's expected output.
import type { OutputSimilarity } from '@promptgrid/contract';
import type { RunInput } from '../verdicts/scores.js';
import type { RunOutput } from './cells.js';
import { similarity } from './repetitions.js';

/**
 * Each output whose input has an expected output, scored 1 − normalised edit distance. An input's repetitions and
 * configurations often give the same text: each distinct text is measured against its expected output once.
 */
export function summariseSimilarity(outputs: RunOutput[], inputs: Map<number, RunInput>): OutputSimilarity {
  const cells: OutputSimilarity['cells'] = [];
  const measured = new Map<number, Map<string, number>>();
  for (const o of outputs) {
    const expected = o.inputId === null ? null : inputs.get(o.inputId)?.expected;
    if (o.inputId === null || expected === null || expected === undefined) continue;
    const ofInput = measured.get(o.inputId) ?? new Map<string, number>();
    measured.set(o.inputId, ofInput);
    const score = ofInput.get(o.output) ?? similarity(o.output, expected);
    ofInput.set(o.output, score);
    cells.push({
      api_request: o.apiRequestId,
      input_id: o.inputId,
      configuration_id: o.configurationId,
      repetition: o.repetition,
      similarity: score,
    });
  }
  cells.sort((x, y) => x.api_request - y.api_request);
  const reason =
    cells.length > 0
      ? null
      : outputs.length === 0
        ? 'The run has no outputs yet.'
        : "None of the run's inputs has an expected output.";
  return { cells, reason };
}
