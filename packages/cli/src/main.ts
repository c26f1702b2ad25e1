import { createRequire } from 'node:module';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { EXIT } from './client.js';
import { clientFromEnvironment } from './settings.js';
import { estimateCommand, runCommand, type RunOptions, type SelectionOptions } from './run-command.js';
import { registerDataCommands } from './data-commands.js';
import { registerProjectFileCommands } from './project-files.js';
import { listOption } from './selection.js';

const positiveInteger = (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('Not a positive whole number.');
  return Number(value);
};
const wholeNumber = (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Not a whole number.');
  return Number(value);
};
const dollars = (value: string) => {
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) throw new InvalidArgumentError('Not an amount of dollars above 0.');
  return amount;
};
const collect = (value: string, previous: string[]) => [...previous, value];
/** The package's version: its package.json is one folder up from the sources and from the bundle alike. */
const cliVersion = () => (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** The options `run` and `estimate` share: which project, prompts and inputs, and how the run goes. */
function withSelection(command: Command) {
  return command
    .requiredOption('--project <id or name>', 'the project')
    .addOption(new Option('--inputs <ids>', 'comma-separated input ids').argParser(listOption).conflicts('sample'))
    .option('--sample <n>', 'a random sample of N active inputs', positiveInteger)
    .option('--configs <ids or names>', 'comma-separated configurations (default: every active one)', listOption)
    .option('--mock', 'mock outputs: no provider is called, nothing is billed')
    .option('--repetitions <n>', 'calls per input and configuration', positiveInteger)
    .option('--budget <usd>', 'stop the run once it has cost this many dollars', dollars)
    .option('--name <name>', 'a name for the run')
    .option('--json', 'print JSON for scripts');
}

export function buildProgram(): Command {
  const program = new Command('promptgrid')
    .description('Run Promptgrid comparisons from the command line and CI. Reads PROMPTGRID_URL and PROMPTGRID_TOKEN.')
    .showHelpAfterError()
    .exitOverride()
    .version(cliVersion(), '-V, --version', 'print the version');

  withSelection(program.command('run').description('start a run, follow it, print the leaderboard'))
    .option(
      '--fail-under <metric=value>',
      'fail (exit 1) when a configuration is below, e.g. pass_rate=0.9',
      collect,
      [],
    )
    .option(
      '--fail-on-regression <run id>',
      'fail (exit 1) when a check that passed in that run fails now',
      positiveInteger,
    )
    .option('--output <file>', 'write results.json, results.csv or junit.xml (repeatable)', collect, [])
    .option('--max-failed <n>', 'failed calls tolerated before the run counts as not run (exit 2)', wholeNumber, 0)
    .option('--no-wait', 'start the run and print its id without following it')
    .action(async (options: RunOptions) => {
      process.exitCode = await runCommand(clientFromEnvironment(), options);
    });

  withSelection(program.command('estimate').description('what the same run would send and cost')).action(
    async (options: SelectionOptions & { json?: boolean }) => {
      process.exitCode = await estimateCommand(clientFromEnvironment(), options);
    },
  );

  registerDataCommands(program);
  registerProjectFileCommands(program);
  return program;
}

/** Runs the CLI; usage errors, refused requests and runs that could not run end with exit code 2 and one line on stderr. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return Number(process.exitCode ?? EXIT.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, successfully.
      return error.exitCode === 0 ? EXIT.ok : EXIT.couldNotRun;
    }
    process.stderr.write(`promptgrid: ${(error as Error).message}\n`);
    return EXIT.couldNotRun;
  }
}
