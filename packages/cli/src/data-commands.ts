import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  EvaluationComparison,
  EvaluationHistoryPage,
  EvaluationRecord,
  ImportInputsResponse,
  Project,
  ROUTES,
} from '@promptgrid/contract';
import type { Command } from 'commander';
import { ApiClient, CliError } from './client.js';
import { readRunReport } from './run-command.js';
import { leaderboardText, runNotes } from './report.js';
import { findProject } from './selection.js';
import { clientFromEnvironment, saveCredentials } from './settings.js';
import { pullPrompts, pushPrompts } from './prompt-files.js';

type Json = { json?: boolean };

/** JSON for scripts with --json, else the lines a person reads. */
function print(options: Json, data: unknown, lines: () => string[]) {
  process.stdout.write(options.json ? `${JSON.stringify(data, null, 2)}\n` : `${lines().join('\n')}\n`);
}

const json = ['--json', 'print JSON for scripts'] as const;

export function registerDataCommands(program: Command) {
  program
    .command('login')
    .description('check a token against the server and keep both in your config directory (mode 0600)')
    .requiredOption('--url <url>', 'the server, e.g. https://promptgrid.example.com', process.env.PROMPTGRID_URL)
    .option('--token <token>', 'an API token from Account settings (default: read from stdin)')
    .option(...json)
    .action(async (options: { url: string; token?: string } & Json) => {
      const token = (options.token ?? fs.readFileSync(0, 'utf8')).trim();
      if (!token) throw new CliError('No token given.');
      const projects = await new ApiClient(options.url, token).get(z.array(Project), ROUTES.projects);
      const file = saveCredentials({ url: options.url, token });
      print(options, { url: options.url, file, projects: projects.length }, () => [
        `Signed in to ${options.url}; the token is kept in ${file}.`,
      ]);
    });

  program
    .command('projects')
    .description('your projects')
    .command('list')
    .option(...json)
    .action(async (options: Json) => {
      const projects = await clientFromEnvironment().get(z.array(Project), ROUTES.projects);
      print(options, projects, () =>
        projects.map((p) => `${p.id}\t${p.name}\t${p.config_count} prompts\t${p.input_count} inputs`),
      );
    });

  const runs = program.command('runs').description("a project's runs");
  runs
    .command('list')
    .requiredOption('--project <id or name>', 'the project')
    .option('--page <n>', 'page of 20, newest first', '1')
    .option(...json)
    .action(async (options: { project: string; page: string } & Json) => {
      const api = clientFromEnvironment();
      const project = await findProject(api, options.project);
      const page = await api.get(EvaluationHistoryPage, ROUTES.projectEvaluations(project.id, Number(options.page)));
      print(options, page, () =>
        page.items.map(
          (run) =>
            `${run.id}\t${run.name}\t${run.created_at}\t${run.status_counts.SUCCESS}/${run.total_requests} ok` +
            `${run.use_mock ? '\tmock' : ''}${run.cancelled_at ? '\tcancelled' : run.completed_at ? '' : '\trunning'}`,
        ),
      );
    });
  runs
    .command('show <id>')
    .description("a run's leaderboard")
    .option(...json)
    .action(async (id: string, options: Json) => {
      const api = clientFromEnvironment();
      const { evaluation } = await api.get(EvaluationRecord, ROUTES.evaluation(id));
      const report = await readRunReport(api, evaluation.id, evaluation.project);
      print(options, { evaluation, leaderboard: report.leaderboard }, () => [
        `Run ${evaluation.id}: ${evaluation.name}`,
        leaderboardText(report.leaderboard),
        ...runNotes(evaluation),
      ]);
    });
  runs
    .command('compare <base> <head>')
    .description('two runs of a project, cell by cell')
    .option(...json)
    .action(async (base: string, head: string, options: Json) => {
      const comparison = await clientFromEnvironment().get(EvaluationComparison, ROUTES.compareEvaluations(base, head));
      const { summary } = comparison;
      print(options, comparison, () => [
        `${summary.pairs} cells: ${summary.changed} changed (${summary.status_changed} status, ` +
          `${summary.output_changed} output), ${summary.only_base} only in ${base}, ${summary.only_head} only in ${head}`,
      ]);
    });

  const inputs = program.command('inputs').description("a project's inputs (user prompts)");
  inputs
    .command('import <file>')
    .description('create inputs from a .csv or .jsonl file: all rows, or none if any is refused')
    .requiredOption('--project <id or name>', 'the project')
    .option(...json)
    .action(async (file: string, options: { project: string } & Json) => {
      const format = path.extname(file).slice(1).toLowerCase();
      if (format !== 'csv' && format !== 'jsonl') throw new CliError('The file must end in .csv or .jsonl.');
      const api = clientFromEnvironment();
      const project = await findProject(api, options.project);
      const data = fs.readFileSync(file, 'utf8');
      const imported = await api.post(ImportInputsResponse, ROUTES.inputsImport(project.id), { format, data });
      print(options, imported, () => [`Created ${imported.created} inputs in ${project.name}.`]);
    });
  inputs
    .command('export')
    .description('every input of the project as CSV or JSONL')
    .requiredOption('--project <id or name>', 'the project')
    .option('--format <format>', 'csv or jsonl', 'csv')
    .option('--output <file>', 'write to this file instead of stdout')
    .option('--json', 'JSON lines, the same as --format jsonl')
    .action(async (options: { project: string; format: string; output?: string } & Json) => {
      if (options.json) options.format = 'jsonl';
      if (options.format !== 'csv' && options.format !== 'jsonl') throw new CliError('--format must be csv or jsonl.');
      const api = clientFromEnvironment();
      const project = await findProject(api, options.project);
      const text = await api.text(ROUTES.inputsExport(project.id, options.format));
      if (options.output) fs.writeFileSync(options.output, text);
      else process.stdout.write(text);
    });

  program
    .command('pull <dir>')
    .description("write the project's prompts as Markdown files with YAML front matter")
    .requiredOption('--project <id or name>', 'the project')
    .option(...json)
    .action(async (dir: string, options: { project: string } & Json) => {
      const api = clientFromEnvironment();
      const files = await pullPrompts(api, await findProject(api, options.project), dir);
      print(options, files, () => files.map((file) => `wrote ${file}`));
    });
  program
    .command('push <dir>')
    .description('save changed prompt files as new versions (and new files as new prompts)')
    .requiredOption('--project <id or name>', 'the project')
    .option(...json)
    .action(async (dir: string, options: { project: string } & Json) => {
      const api = clientFromEnvironment();
      const changes = await pushPrompts(api, await findProject(api, options.project), dir);
      print(options, changes, () =>
        changes.map(({ change, name, version, fields, file }) =>
          change === 'updated'
            ? `updated ${name}: ${fields.join(', ')} changed, now version ${version} (${file})`
            : `${change} ${name} (version ${version}, ${file})`,
        ),
      );
    });
}
