// Reading a project import's uploaded files into its plan: the CPU work on uploaded content, which runs on the
// untrusted-work pool's threads (server/src/untrusted-work), never on the main thread.
import type { ImportFile, ImportProjectInput } from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import { readUploadedFiles } from './files.js';
import { findOpenAiEvals } from './openai-evals.js';
import { planHostedEval } from './openai-evals-hosted.js';
import { planRegistryEval } from './openai-evals-registry.js';
import type { ImportPlan, ModelChoice } from './plan.js';
import { findPromptfooConfig, planPromptfooImport } from './promptfoo.js';
import { ImportSource } from './source.js';

export type UploadedImport = { files: ImportFile[]; format: ImportProjectInput['format']; models: ModelChoice[] };

/** The plan the uploaded files make, in the format asked or the one the files are in; 400 when none fits. */
export function planUploadedImport({ files, format, models }: UploadedImport): ImportPlan {
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
  return planPromptfooImport(source, config, models);
}
