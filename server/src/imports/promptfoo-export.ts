// A project as a runnable promptfooconfig.yaml: configurations as prompts x providers, inputs as tests, checks as
// assertions (named by `metric`, so an import of the file gives the same project back).
import { eq, inArray } from 'drizzle-orm';
import { INPUT_VARIABLE, fillTemplate, type Check, type Configuration, type Input } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { endpoints, projects } from '../db/schema.js';
import { listChecks } from '../checks/service.js';
import { listConfigurations } from '../configurations/service.js';
import { listInputs } from '../inputs/service.js';
import { assertAllowed } from '../access/policy.js';
import {
  ENCODED_VARIABLES_KEY,
  encodedValue,
  inertTemplate,
  inertText,
  needsEncoding,
  variablePlace,
} from './promptfoo-inert.js';
import { runUntrusted } from '../untrusted-work/pool.js';

const PROVIDER_PREFIX: Record<string, string> = {
  openai: 'openai:chat:',
  anthropic: 'anthropic:messages:',
  gemini: 'google:',
};

type Assertion = { type: string; value?: unknown; metric: string; provider?: string };

/**
 * A check as a promptfoo assertion on one input (null: defaultTest's, on every input); null where none says it.
 * Its texts are inert (promptfoo renders assertion values, and its environment pass reads the whole config).
 */
function assertionOf(check: Check, input: Input | null, judgeIds: Map<number, string>): Assertion | null {
  const metric = inertText(check.name);
  const value = inertText(check.value);
  switch (check.type) {
    case 'contains':
      return { type: 'contains', value, metric };
    case 'not_contains':
      return { type: 'not-contains', value, metric };
    case 'regex':
      return { type: 'regex', value, metric };
    case 'equals_expected':
      return input?.expected_output == null
        ? null
        : { type: 'equals', value: inertText(input.expected_output), metric };
    case 'contains_expected':
      return input?.expected_output == null
        ? null
        : { type: 'contains', value: inertText(input.expected_output), metric };
    case 'is_json':
      return { type: 'is-json', metric };
    case 'json_schema':
      // As text, which promptfoo renders and then reads as YAML (JSON is YAML); an object's strings it would not render.
      return { type: 'is-json', value, metric };
    case 'max_chars':
      return { type: 'javascript', value: `output.length <= ${Number(check.value)}`, metric };
    case 'llm_judge':
      return { type: 'llm-rubric', value, metric, provider: judgeIds.get(check.ai_model_id ?? -1) };
    default:
      return null;
  }
}

/** The provider id and options of a configuration's model; a custom endpoint's model as OpenAI-compatible. */
function providerOf(c: Configuration, baseUrls: Map<number, string>) {
  const config: Record<string, unknown> = { temperature: c.parameters.temperature };
  if (c.parameters.max_tokens !== null) config.max_tokens = c.parameters.max_tokens;
  if (c.json_mode) config.response_format = { type: 'json_object' };
  const endpoint = c.ai_model.endpoint;
  if (endpoint) config.apiBaseUrl = baseUrls.get(endpoint.id);
  const prefix = endpoint ? 'openai:chat:' : (PROVIDER_PREFIX[c.ai_model.company] ?? `${c.ai_model.company}:`);
  return { id: `${prefix}${c.ai_model.model_name}`, label: inertText(c.name), prompts: [inertText(c.name)], config };
}

/** GET /api/projects/{id}/export/promptfoo/: the config as YAML text, tests inline. */
export async function exportPromptfooConfig(db: Db, userId: number, projectId: number): Promise<string> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const [[project], configurations, inputs, checks] = await Promise.all([
    db
      .select({ name: projects.name, description: projects.description })
      .from(projects)
      .where(eq(projects.id, projectId)),
    listConfigurations(db, userId, projectId),
    listInputs(db, userId, projectId, { sort: 'created', status: 'active' }),
    listChecks(db, userId, projectId),
  ]);
  const endpointIds = configurations.flatMap((c) => (c.ai_model.endpoint ? [c.ai_model.endpoint.id] : []));
  const baseUrls = new Map(
    endpointIds.length === 0
      ? []
      : (
          await db
            .select({ id: endpoints.id, baseUrl: endpoints.baseUrl })
            .from(endpoints)
            .where(inArray(endpoints.id, endpointIds))
        ).map((e) => [e.id, e.baseUrl] as const),
  );
  const active = configurations.filter((c) => c.is_active);
  const judgeIds = new Map(configurations.map((c) => [c.ai_model.id, providerOf(c, baseUrls).id] as const));
  const activeChecks = checks.filter((c) => c.is_active);
  // What each input fills a template with: its variables, and its content (itself filled, as a run fills it).
  const variablesOf = (input: Input): Record<string, string> => ({
    ...input.variables,
    [INPUT_VARIABLE]: fillTemplate(input.content, input.variables),
  });
  const encoded = new Set(
    inputs.flatMap((input) =>
      Object.entries(variablesOf(input)).flatMap(([name, value]) => (needsEncoding(value) ? [name] : [])),
    ),
  );
  const given = new Set(inputs.flatMap((input) => Object.keys(variablesOf(input))));
  // A run fills the system prompt and the messages with the input's variables, the user template with its content too.
  const template = (text: string, content: boolean) =>
    inertTemplate(text, (name, placeholder) =>
      given.has(name) && (content || name !== INPUT_VARIABLE)
        ? variablePlace(name, encoded.has(name), placeholder)
        : null,
    );
  const config = {
    description: inertText(project?.name ?? 'Promptgrid project'),
    prompts: active.map((c) => ({
      label: inertText(c.name),
      raw: JSON.stringify([
        { role: 'system', content: template(c.prompt.content, false) },
        ...c.messages.map((m) => ({ ...m, content: template(m.content, false) })),
        { role: 'user', content: template(c.user_template, true) },
      ]),
    })),
    providers: active.map((c) => providerOf(c, baseUrls)),
    defaultTest: {
      // Which variables' values are encoded, for Promptgrid's import (a variable no prompt uses has no place saying so).
      ...(encoded.size > 0 ? { metadata: { [ENCODED_VARIABLES_KEY]: [...encoded].sort() } } : {}),
      assert: activeChecks
        .filter((check) => check.input_ids === null && !['equals_expected', 'contains_expected'].includes(check.type))
        .flatMap((check) => assertionOf(check, null, judgeIds) ?? []),
    },
    tests: inputs.map((input) => ({
      description: inertText(input.name),
      vars: Object.fromEntries(
        Object.entries(variablesOf(input)).map(([name, value]) => [
          name,
          encoded.has(name) ? encodedValue(value) : value,
        ]),
      ),
      assert: activeChecks
        .filter(
          (check) =>
            (check.input_ids?.includes(input.id) ?? false) ||
            (check.input_ids === null && ['equals_expected', 'contains_expected'].includes(check.type)),
        )
        .flatMap((check) => assertionOf(check, input, judgeIds) ?? []),
    })),
  };
  return runUntrusted('promptfooConfigYaml', config, { what: 'Writing the export' });
}
