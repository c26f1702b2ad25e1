import { z } from 'zod';
import { Configuration, Input, Project, ROUTES } from '@promptgrid/contract';
import { CliError, type ApiClient } from './client.js';

/** A comma-separated list option: `--configs 3,Concise` gives ['3', 'Concise']. */
export const listOption = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const isId = (value: string) => /^\d+$/.test(value);

/** The project named by its id or its exact name. */
export async function findProject(api: ApiClient, idOrName: string): Promise<Project> {
  const projects = await api.get(z.array(Project), ROUTES.projects);
  const [match, ...others] = projects.filter((p) => (isId(idOrName) ? p.id === Number(idOrName) : p.name === idOrName));
  if (!match) throw new CliError(`No project ${JSON.stringify(idOrName)}.`);
  if (others.length > 0) throw new CliError(`Several projects are named ${JSON.stringify(idOrName)}: use its id.`);
  return match;
}

export const listConfigurations = (api: ApiClient, projectId: number) =>
  api.get(z.array(Configuration), ROUTES.configurations(projectId));

/** The configurations named by id or name; without names, every active one. */
export async function selectConfigurations(
  api: ApiClient,
  projectId: number,
  idsOrNames: string[] | undefined,
): Promise<Configuration[]> {
  const all = await listConfigurations(api, projectId);
  if (!idsOrNames?.length) {
    const active = all.filter((c) => c.is_active);
    if (active.length === 0) throw new CliError('The project has no active prompt-model configuration.');
    return active;
  }
  return idsOrNames.map((wanted) => {
    const [found, ...others] = all.filter((c) => (isId(wanted) ? c.id === Number(wanted) : c.name === wanted));
    if (!found) throw new CliError(`No configuration ${JSON.stringify(wanted)} in this project.`);
    if (others.length > 0)
      throw new CliError(`Several configurations are named ${JSON.stringify(wanted)}: use its id.`);
    return found;
  });
}

/** The inputs by id; else a random sample of N active ones; else every active one. */
export async function selectInputs(
  api: ApiClient,
  projectId: number,
  options: { inputs?: string[]; sample?: number },
): Promise<Input[]> {
  const all = await api.get(z.array(Input), ROUTES.inputs(projectId));
  if (options.inputs?.length) {
    return options.inputs.map((id) => {
      const found = all.find((input) => input.id === Number(id));
      if (!found) throw new CliError(`No input ${id} in this project.`);
      return found;
    });
  }
  const active = all.filter((input) => input.active);
  if (options.sample === undefined || options.sample >= active.length) return active;
  // Fisher–Yates on a copy: every sample of N equally likely.
  const shuffled = [...active];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    // Both indexes are within the copy: 0 <= j <= i < length.
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, options.sample);
}
