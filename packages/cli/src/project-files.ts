// `promptgrid import` and `promptgrid export`: a project from a promptfoo config and its files, and back.
import fs from 'node:fs';
import path from 'node:path';
import { ImportProjectResponse, ImportReport, ROUTES, type ImportFile } from '@promptgrid/contract';
import type { Command } from 'commander';
import { CliError } from './client.js';
import { findProject } from './selection.js';
import { clientFromEnvironment } from './settings.js';

/** The files a config may refer to: text files beside it and below, not dependencies or version control. */
const REFERABLE = /\.(ya?ml|json|jsonl|csv|txt|md)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.promptfoo']);
const MAX_FILES = 200;

/** Every referable file under `dir`, named relative to it as a config's `file://` paths name them. */
function filesUnder(dir: string, prefix = ''): ImportFile[] {
  const files: ImportFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name))
      files.push(...filesUnder(path.join(dir, entry.name), name));
    else if (entry.isFile() && REFERABLE.test(entry.name))
      files.push({ name, data: fs.readFileSync(path.join(dir, entry.name), 'utf8') });
    if (files.length > MAX_FILES)
      throw new CliError(`More than ${MAX_FILES} files under ${dir}: import a zip of the ones the config needs.`);
  }
  return files;
}

/** The config and the files beside it, or one zip as it is. */
function uploadOf(file: string): ImportFile[] {
  if (!fs.existsSync(file)) throw new CliError(`No such file: ${file}`);
  if (file.toLowerCase().endsWith('.zip'))
    return [{ name: path.basename(file), data_base64: fs.readFileSync(file).toString('base64') }];
  const config = path.basename(file);
  const beside = filesUnder(path.dirname(path.resolve(file))).filter((f) => f.name !== config);
  // The server looks for promptfooconfig.yaml; a config of another name is sent under that one.
  return [
    {
      name: /\.json$/i.test(config) ? 'promptfooconfig.json' : 'promptfooconfig.yaml',
      data: fs.readFileSync(file, 'utf8'),
    },
    ...beside,
  ];
}

const reportLines = (report: ImportReport) => [
  `${report.configurations.length} configurations, ${report.inputs} inputs, ${report.checks.length} checks.`,
  ...report.items.map(
    (item) =>
      `${item.kind}: ${item.what} — ${item.why} (${item.line === null ? item.file : `${item.file}:${item.line}`})`,
  ),
];

export function registerProjectFileCommands(program: Command) {
  program
    .command('import <config>')
    .description('create a project from a promptfoo config (and the files beside it), or a zip of them')
    .option('--name <name>', "the new project's name (default: the config's description)")
    .option('--preview', 'print what would be created and not carried over; create nothing')
    .option('--json', 'print JSON for scripts')
    .action(async (config: string, options: { name?: string; preview?: boolean; json?: boolean }) => {
      const api = clientFromEnvironment();
      const body = { files: uploadOf(config), ...(options.name ? { name: options.name } : {}) };
      if (options.preview) {
        const report = await api.post(ImportReport, ROUTES.importProjectPreview, body);
        process.stdout.write(
          options.json ? `${JSON.stringify(report, null, 2)}\n` : `${reportLines(report).join('\n')}\n`,
        );
        return;
      }
      const created = await api.post(ImportProjectResponse, ROUTES.importProject, body);
      process.stdout.write(
        options.json
          ? `${JSON.stringify(created, null, 2)}\n`
          : `${[`Created project ${created.project_id}: ${created.report.project_name}.`, ...reportLines(created.report)].join('\n')}\n`,
      );
    });

  program
    .command('export')
    .description('a project as a runnable promptfoo config')
    .requiredOption('--project <id or name>', 'the project')
    .option('--format <format>', 'promptfoo (the one format today)', 'promptfoo')
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (options: { project: string; format: string; output?: string }) => {
      if (options.format !== 'promptfoo') throw new CliError('--format must be promptfoo.');
      const api = clientFromEnvironment();
      const project = await findProject(api, options.project);
      const text = await api.text(ROUTES.exportPromptfoo(project.id));
      if (options.output) fs.writeFileSync(options.output, text);
      else process.stdout.write(text);
    });
}
