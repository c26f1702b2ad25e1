// What an import will create, built from the files before anything is written, with its report.
import type { CheckType, ImportReport, ImportReportItem } from '@promptgrid/contract';

/** A model a configuration or a judge can use: the user's listed models, custom endpoints' included. */
export type ModelChoice = { id: number; company: string; model_name: string };

export type PlannedMessage = { role: 'user' | 'assistant'; content: string };

export type PlannedConfiguration = {
  name: string;
  prompt_content: string;
  /** The user message's template ({{input}}: the input's content); null: the input's content as it is. */
  user_template: string | null;
  /** Turns sent before the input's (few-shot examples, a conversation's start). */
  messages: PlannedMessage[];
  ai_model_id: number;
  model: string;
  temperature: number | null;
  max_tokens: number | null;
  json_mode: boolean;
};

export type PlannedInput = {
  name: string;
  content: string;
  variables: Record<string, string>;
  expected_output: string | null;
  /** A conversation (OpenAI Evals samples are chats); absent: a text input. */
  messages?: PlannedMessage[];
};

export type PlannedCheck = {
  name: string;
  type: CheckType;
  value: string;
  ai_model_id: number | null;
  /** Indexes into the plan's inputs; null: every input. */
  inputs: number[] | null;
};

export type ImportPlan = {
  format: ImportReport['format'];
  project_name: string;
  description: string;
  configurations: PlannedConfiguration[];
  inputs: PlannedInput[];
  checks: PlannedCheck[];
  items: ImportReportItem[];
  /** The providers that need a model picked to be carried over (promptfoo's; other formats name none). */
  unknown_providers?: string[];
};

/** The report of a plan: what it creates, and every item not carried over as it is. */
export function reportOf(plan: ImportPlan): ImportReport {
  return {
    format: plan.format,
    project_name: plan.project_name,
    configurations: plan.configurations.map((c) => ({ name: c.name, model: c.model })),
    inputs: plan.inputs.length,
    checks: plan.checks.map((c) => ({
      name: c.name,
      type: c.type,
      inputs: c.inputs === null ? null : c.inputs.length,
    })),
    items: plan.items,
    unknown_providers: plan.unknown_providers ?? [],
  };
}

/**
 * The checks a plan makes, equal ones merged (same type, value and judge): a test suite repeats `contains: x` on many
 * tests, which is one check over those inputs. Merging looks the check up by key and adds to a set, so 10,000 rows of
 * one check cost 10,000 steps, not a copy and a sort of the scope on every row (30 s for 20,000 rows).
 */
export class PlannedChecks {
  private readonly byKey = new Map<string, { check: PlannedCheck; inputs: Set<number> | null }>();

  add(check: PlannedCheck): void {
    const key = JSON.stringify([check.type, check.value, check.ai_model_id]);
    const same = this.byKey.get(key);
    if (!same) this.byKey.set(key, { check, inputs: check.inputs === null ? null : new Set(check.inputs) });
    else if (same.inputs === null || check.inputs === null) same.inputs = null;
    else for (const input of check.inputs) same.inputs.add(input);
  }

  /** The checks in the order first added, each named as first added, its inputs in order (null: every input). */
  list(): PlannedCheck[] {
    return [...this.byKey.values()].map(({ check, inputs }) => ({
      ...check,
      inputs: inputs === null ? null : [...inputs].sort((a, b) => a - b),
    }));
  }
}

/** A regular expression that matches `text` literally. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `text` literally, ignoring case, for an engine without a case-insensitive flag: each letter as [xX]. */
export const caseInsensitiveRegex = (text: string) =>
  [...text]
    .map((char) => {
      const [lower, upper] = [char.toLowerCase(), char.toUpperCase()];
      return lower === upper ? escapeRegex(char) : `[${lower}${upper}]`;
    })
    .join('');
