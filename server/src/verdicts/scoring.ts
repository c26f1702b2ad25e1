import type { Check } from '@promptgrid/contract';
import { compileRule, isRuleType, type Rule } from '../checks/rules.js';
import { errorVerdict, type RuleVerdict } from '../checks/rule-verdict.js';
import type { ToolFacts } from '../checks/tool-rules.js';

/** An active rule check, ready to apply: its rule compiled once, and the inputs and configurations it is limited to. */
export type RuleCheck = {
  id: number;
  inputIds: ReadonlySet<number> | null;
  configurationIds: ReadonlySet<number> | null;
  rule: Rule;
};

/**
 * A stored output to score: its request, its input (null when the run had none), that input's expected output, and
 * the tool calls beside it with what its configuration declared.
 */
export type ScoredOutput = {
  apiRequestId: number;
  inputId: number | null;
  configurationId: number;
  output: string;
  expected: string | null;
  facts: ToolFacts;
};

/** A rule check's verdict on one output, as the scores table stores it. */
export type RuleScore = { api_request_id: number; check_id: number } & RuleVerdict;

const idSet = (ids: number[] | null) => (ids === null ? null : new Set(ids));

export function compileRuleChecks(
  checks: Pick<Check, 'id' | 'type' | 'value' | 'input_ids' | 'configuration_ids'>[],
): RuleCheck[] {
  const compiled: RuleCheck[] = [];
  for (const check of checks) {
    if (!isRuleType(check.type)) continue;
    let rule: Rule;
    try {
      rule = compileRule(check.type, check.value);
    } catch {
      // Saving a check compiles it, so only a rule stored before a stricter validation can fail here; skipping it
      // keeps the other checks (and the worker's write, which must not fail for good) going.
      continue;
    }
    compiled.push({
      id: check.id,
      inputIds: idSet(check.input_ids),
      configurationIds: idSet(check.configuration_ids),
      rule,
    });
  }
  return compiled;
}

/**
 * Whether a check covers an output: a check limited to some inputs skips the others, and outputs of no input; one
 * limited to some configurations skips the other configurations' outputs.
 */
export const covers = (
  check: Pick<RuleCheck, 'inputIds' | 'configurationIds'>,
  output: Pick<ScoredOutput, 'inputId' | 'configurationId'>,
) =>
  (check.inputIds === null || (output.inputId !== null && check.inputIds.has(output.inputId))) &&
  (check.configurationIds === null || check.configurationIds.has(output.configurationId));

/** A rule's verdict on one output; a rule that throws on it (a schema that overflows the stack) errs on that output only. */
async function decide(rule: Rule, output: ScoredOutput): Promise<RuleVerdict | null> {
  try {
    return await rule(output.output, output.expected, output.facts);
  } catch (error) {
    return errorVerdict(`The check failed on this output: ${(error as Error).message}`);
  }
}

/** Every verdict the checks give on the outputs; a check that does not apply to an output gives none. */
export async function scoreOutputs(
  checks: readonly RuleCheck[],
  outputs: readonly ScoredOutput[],
): Promise<RuleScore[]> {
  const scores: RuleScore[] = [];
  for (const output of outputs) {
    for (const check of checks) {
      if (!covers(check, output)) continue;
      const verdict = await decide(check.rule, output);
      if (verdict) scores.push({ api_request_id: output.apiRequestId, check_id: check.id, ...verdict });
    }
  }
  return scores;
}
