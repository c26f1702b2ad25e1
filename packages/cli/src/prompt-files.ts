import fs from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { AiModel, Configuration, ModelParameters, ROUTES, type Project } from '@promptgrid/contract';
import { CliError, type ApiClient } from './client.js';
import { listConfigurations } from './selection.js';

/** The front matter of a prompt file: the configuration's settings, with the system prompt as the file's body. */
const PromptFrontMatter = z.object({
  name: z.string().min(1),
  model: z.string().min(1),
  temperature: ModelParameters.shape.temperature,
  max_tokens: ModelParameters.shape.max_tokens,
  json_mode: z.boolean().default(false),
  /** `{effort: low}` or `{budget_tokens: 2048}` where the model takes one; absent or null: none. */
  reasoning: ModelParameters.shape.reasoning,
});
type PromptFile = z.infer<typeof PromptFrontMatter> & { prompt: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function parsePromptFile(text: string, file: string): PromptFile {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new CliError(`${file}: no YAML front matter (a block between --- lines) at the top.`);
  const [frontMatter, yaml = ''] = match;
  const settings = PromptFrontMatter.safeParse(parse(yaml) ?? {});
  if (!settings.success)
    throw new CliError(`${file}: ${settings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  // One blank line separates the front matter from the prompt; the prompt itself ends without the file's last newline.
  const prompt = text
    .slice(frontMatter.length)
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
  return { ...settings.data, prompt };
}

function promptFileText(configuration: Configuration): string {
  const settings = {
    name: configuration.name,
    model: configuration.ai_model.model_name,
    temperature: configuration.parameters.temperature,
    max_tokens: configuration.parameters.max_tokens,
    json_mode: configuration.json_mode,
    ...(configuration.parameters.reasoning ? { reasoning: configuration.parameters.reasoning } : {}),
  };
  return `---\n${stringify(settings)}---\n\n${configuration.prompt.content}\n`;
}

/** A file name from the configuration's name: lower case, dashes, `.md`. */
const fileNameOf = (name: string) =>
  `${
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'prompt'
  }.md`;

/** Writes each configuration of the project to `<dir>/<name>.md`; answers the files written. */
export async function pullPrompts(api: ApiClient, project: Project, dir: string): Promise<string[]> {
  const configurations = await listConfigurations(api, project.id);
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const configuration of configurations) {
    let file = path.join(dir, fileNameOf(configuration.name));
    if (written.includes(file)) file = file.replace(/\.md$/, `-${configuration.id}.md`);
    fs.writeFileSync(file, promptFileText(configuration));
    written.push(file);
  }
  return written;
}

export type PushChange = { file: string; name: string; change: 'created' | 'updated' | 'unchanged'; version: number };

function differences(file: PromptFile, current: Configuration): string[] {
  const changed: string[] = [];
  if (file.prompt !== current.prompt.content) changed.push('prompt');
  if (file.model !== current.ai_model.model_name) changed.push('model');
  if (file.temperature !== current.parameters.temperature) changed.push('temperature');
  if (file.max_tokens !== current.parameters.max_tokens) changed.push('max_tokens');
  if (file.json_mode !== current.json_mode) changed.push('json_mode');
  const { effort = null, budget_tokens = null } = current.parameters.reasoning ?? {};
  if ((file.reasoning?.effort ?? null) !== effort || (file.reasoning?.budget_tokens ?? null) !== budget_tokens)
    changed.push('reasoning');
  return changed;
}

/**
 * Saves every `.md` file of `dir` to the configuration of the same name: a new version only where its text or settings
 * differ, a new configuration where none has the name. Answers what happened to each file, with what changed.
 */
export async function pushPrompts(
  api: ApiClient,
  project: Project,
  dir: string,
): Promise<(PushChange & { fields: string[] })[]> {
  if (!fs.existsSync(dir)) throw new CliError(`No folder ${dir}.`);
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  const models = await api.get(z.array(AiModel), ROUTES.models);
  const existing = await listConfigurations(api, project.id);
  const changes = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const prompt = parsePromptFile(fs.readFileSync(file, 'utf8'), file);
    const model = models.find((m) => m.model_name === prompt.model);
    if (!model) throw new CliError(`${file}: no model ${JSON.stringify(prompt.model)} on this server.`);
    const body = {
      name: prompt.name,
      prompt_content: prompt.prompt,
      ai_model_id: model.id,
      parameters: { temperature: prompt.temperature, max_tokens: prompt.max_tokens, reasoning: prompt.reasoning },
      provider_specific_params: { json_mode: prompt.json_mode },
    };
    const [current, ...others] = existing.filter((c) => c.name === prompt.name);
    if (others.length > 0)
      throw new CliError(`${file}: several configurations are named ${JSON.stringify(prompt.name)}.`);
    if (!current) {
      const created = await api.post(Configuration, ROUTES.configurations(project.id), body);
      changes.push({ file, name: prompt.name, change: 'created' as const, version: created.version, fields: [] });
      continue;
    }
    const fields = differences(prompt, current);
    if (fields.length === 0) {
      changes.push({ file, name: prompt.name, change: 'unchanged' as const, version: current.version, fields });
      continue;
    }
    // A prompt file holds no tools or response schema: the configuration keeps its own.
    const saved = await api.put(Configuration, ROUTES.configuration(current.id), {
      ...body,
      tools: current.tools,
      tool_choice: current.tool_choice,
      response_schema: current.response_schema,
      is_active: current.is_active,
    });
    changes.push({ file, name: prompt.name, change: 'updated' as const, version: saved.version, fields });
  }
  return changes;
}
