// The CPU work on untrusted input that the untrusted-work pool runs, by name. Only the pool's thread loads this module
// (and with it the parsers); the main thread imports its types alone. See docs/decisions/0087-untrusted-work-pool.md.
import { jsonSchemaError, matchJsonSchema } from '../checks/json-schema.js';
import { fillRunTemplates } from '../evaluations/templates.js';
import { compareRuns } from '../evidence/significance.js';
import {
  consistency,
  judgeAgreement,
  outputSimilarity,
  pairedSignificance,
  votePreference,
} from '../evidence/statistics-tasks.js';
import { checkedUploadedImport, previewUploadedImport } from '../imports/planning.js';
import { countTextsTokens } from '../lib/tokens.js';
import { promptfooConfigYaml } from '../imports/promptfoo-yaml.js';
import { readRequestedInputFile } from '../inputs/file-import.js';

/**
 * Each task takes one structured-cloneable input and answers one structured-cloneable value (or a promise of it).
 * An HttpError it throws reaches the caller as that HttpError; any other error is a 500.
 */
export const untrustedTasks = {
  /** A project import's uploaded files (promptfoo, OpenAI Evals) read into the report of what it would create. */
  previewProjectImport: previewUploadedImport,
  /** The same files read into the project's parts, checked with the contract's schemas, for creating it. */
  checkedProjectImport: checkedUploadedImport,
  /** A project exported as promptfooconfig.yaml: YAML written from a project's inputs and checks. */
  promptfooConfigYaml,
  /** The inputs import's CSV or JSONL file read into rows, with each row's problems. */
  readInputFile: readRequestedInputFile,
  /** Why a JSON Schema's text cannot be used (the recursion guard, the meta-schema, compiling it), or null. */
  checkJsonSchema: jsonSchemaError,
  /** A JSON text's value against a JSON Schema: a check's or a configuration's response schema, on one output. */
  matchJsonSchema,
  /** The token count of users' texts (an input's content or turns, a system prompt) too long to count inline. */
  countTokens: countTextsTokens,
  /**
   * A run's templates filled with its inputs' variables, for the run and its estimate; a missing variable or an
   * oversize filled text is the 400 it throws.
   */
  fillRunTemplates,
  // The evidence statistics over a run's rows, which the main thread reads from the database.
  /** Two configurations of one run, paired: pass-rate bootstrap, McNemar, median latency and cost differences. */
  pairedSignificance,
  /** Each configuration two runs share, head against base, the pass-rate p-values Holm-adjusted together. */
  compareRuns,
  /** pass@k, pass^k and flaky cases per configuration, and how each cell's repeated outputs vary. */
  consistency,
  /** Each judge check's verdicts against people's ratings: agreement, Cohen's kappa, disagreements. */
  judgeAgreement,
  /** Each output's edit-distance similarity to its input's expected output. */
  outputSimilarity,
  /** The blind votes' Bradley-Terry scores with bootstrap intervals, and the side bias. */
  votePreference,
};

export type UntrustedTaskName = keyof typeof untrustedTasks;
export type UntrustedTaskInput<Name extends UntrustedTaskName> = Parameters<(typeof untrustedTasks)[Name]>[0];
export type UntrustedTaskOutput<Name extends UntrustedTaskName> = Awaited<ReturnType<(typeof untrustedTasks)[Name]>>;
