// Reading a project import's uploaded files into its plan: the CPU work on uploaded content, which runs on the
// untrusted-work pool's threads (server/src/untrusted-work), never on the main thread.
import type { z } from 'zod';
import {
  ImportedInput,
  SaveCheckInput,
  SaveConfigurationInput,
  type ImportFile,
  type ImportProjectInput,
  type ImportReport,
} from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import { readUploadedFiles } from './files.js';
import { findOpenAiEvals } from './openai-evals.js';
import { planHostedEval } from './openai-evals-hosted.js';
import { planRegistryEval } from './openai-evals-registry.js';
import { reportOf, type ImportPlan, type ModelChoice } from './plan.js';
import { findPromptfooConfig, planPromptfooImport } from './promptfoo.js';
import { ImportSource } from './source.js';

/** An import request's files and choices, and the models its user may pick from. */
export type UploadedImport = {
  files: ImportFile[];
  format: ImportProjectInput['format'];
  name?: string;
  models: ModelChoice[];
  /** The model picked for each provider the files name that Promptgrid cannot run as it is. */
  provider_models?: Record<string, number>;
};

/** The plan the uploaded files make, named as the request asks; 400 when no format fits. */
export function planUploadedImport(upload: UploadedImport): ImportPlan {
  const plan = planOfFormat(upload);
  return upload.name ? { ...plan, project_name: upload.name } : plan;
}

/** The plan in the format asked or the one the files are in. */
function planOfFormat({ files, format, models, provider_models }: UploadedImport): ImportPlan {
  const source = new ImportSource(readUploadedFiles(files));
  // An eval is looked for first: the promptfoo reading takes the only YAML file as its config, a registry YAML too.
  const evals = format === 'promptfoo' ? null : findOpenAiEvals(source);
  if (evals?.kind === 'registry') return planRegistryEval(source, evals.file, models);
  if (evals?.kind === 'hosted') return planHostedEval(source, evals.file, models);
  if (format === 'openai_evals')
    throw badRequest({
      files: [
        'No OpenAI Evals file among the files: upload a registry YAML and its samples JSONL, or an eval JSON ' +
          '(with testing_criteria) and its data JSONL.',
      ],
    });
  const config = findPromptfooConfig(source.files);
  if (config === null)
    throw badRequest({
      files: [
        'No promptfooconfig.yaml among the files: upload the config (and the files it refers to), or a zip of them.',
      ],
    });
  return planPromptfooImport(source, config, models, provider_models);
}

/** A part of the plan checked as the API would check it; its problems answer 400 under `field`. */
function checked<Schema extends z.ZodType>(schema: Schema, value: unknown, field: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest({
    [field]: result.error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`),
  });
}

/** What importing would create, for the preview: only the report crosses back to the main thread. */
export const previewUploadedImport = (upload: UploadedImport): ImportReport => reportOf(planUploadedImport(upload));

/**
 * The plan's parts checked as the API would check them, for creating the project (400 for a part that fails): what
 * the main thread writes, each check with the indexes of its inputs (null: every input), and the report.
 */
export function checkedUploadedImport(upload: UploadedImport) {
  const plan = planUploadedImport(upload);
  if (plan.configurations.length === 0 && plan.inputs.length === 0)
    throw badRequest({ files: ['The config has no prompt with a provider Promptgrid can run, and no tests.'] });
  const configurations = plan.configurations.map((c, index) =>
    checked(
      SaveConfigurationInput,
      {
        name: c.name,
        prompt_content: c.prompt_content,
        messages: c.messages,
        ...(c.user_template === null ? {} : { user_template: c.user_template }),
        ai_model_id: c.ai_model_id,
        parameters: { temperature: c.temperature ?? undefined, max_tokens: c.max_tokens },
        provider_specific_params: { json_mode: c.json_mode },
      },
      `configurations.${index}`,
    ),
  );
  const inputs = plan.inputs.map((input, index) => checked(ImportedInput, input, `inputs.${index}`));
  const checks = plan.checks.map((check, index) => ({
    check: checked(
      SaveCheckInput,
      { name: check.name.slice(0, 200), type: check.type, value: check.value, ai_model_id: check.ai_model_id },
      `checks.${index}`,
    ),
    inputs: check.inputs,
  }));
  const project = { name: plan.project_name, description: plan.description };
  return { project, configurations, inputs, checks, report: reportOf(plan) };
}
