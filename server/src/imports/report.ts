// An import's report, from its plan: what the main thread answers after the plan was read on the pool.
import type { ImportReport } from '@promptgrid/contract';
import type { ImportPlan } from './plan.js';

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
  };
}
