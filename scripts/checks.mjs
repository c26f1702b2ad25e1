// The static checks of `npm test` (lint, formatting, types, unused code) at once rather than one after another: each
// is mostly one process on one core, so on a 2-core machine together they take the time of the slowest (type-aware
// lint, about a minute) instead of the sum. Each check's output is printed whole when it ends, so outputs do not
// interleave; the exit code is the first failing check's.
import { spawn } from 'node:child_process';

/** Groups that run at the same time; the scripts of a group run one after another. */
const GROUPS = [['lint'], ['typecheck'], ['format:check', 'knip']];

/** One npm script, its output printed when it ends; resolves with its exit code. */
const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
      resolve(code ?? 1);
    });
  });

const inTurn = async (scripts) => {
  for (const script of scripts) {
    const code = await run(script);
    if (code !== 0) return code;
  }
  return 0;
};

const codes = await Promise.all(GROUPS.map(inTurn));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
