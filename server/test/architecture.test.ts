import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].flatMap((m) => m[1] ?? m[2] ?? []);
}

/** The imports that load a module when this one runs: `import type` and `export type` load nothing. */
function loadedImportsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)]
    .filter((m) => !/^(?:import|export)\s+type\s/.test(m[0]))
    .flatMap((m) => m[1] ?? m[2] ?? []);
}

/** Every server module a process loads from its entry points, by the relative imports that load one. */
function serverModulesLoadedFrom(entries: string[]): Set<string> {
  const loaded = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const s of loadedImportsOf(file))
      if (s.startsWith('.')) pending.push(path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts'));
  }
  return loaded;
}

/** Resolves a relative or '@/' import of a web file to a path under web/src. */
function resolveWeb(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return path.join(root, 'web/src', specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null;
}

describe('one-way imports between the layers', () => {
  it('web and server never import each other; both may import the contract', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(root, 'web/src'))) {
      for (const s of importsOf(file))
        if (s.includes('/server/') || s.startsWith('@promptgrid/server')) offenders.push(`${file} -> ${s}`);
    }
    for (const file of sourceFiles(path.join(root, 'server/src'))) {
      for (const s of importsOf(file))
        if (s.includes('/web/') || s.startsWith('@promptgrid/web')) offenders.push(`${file} -> ${s}`);
    }
    expect(offenders).toEqual([]);
  });

  it('web features never import one another; they meet only in app/', () => {
    const featuresDir = path.join(root, 'web/src/features');
    const offenders: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const own = path.relative(featuresDir, file).split(path.sep)[0];
      for (const s of importsOf(file)) {
        const target = resolveWeb(file, s);
        if (!target) continue;
        const rel = path.relative(featuresDir, target);
        if (!rel.startsWith('..') && rel.split(path.sep)[0] !== own)
          offenders.push(`${path.relative(root, file)} -> ${s}`);
        if (path.relative(path.join(root, 'web/src/app'), target).startsWith('..') === false)
          offenders.push(`${path.relative(root, file)} -> ${s} (app/)`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('shared web code (lib, components) does not depend on features or app', () => {
    const offenders: string[] = [];
    for (const dir of ['lib', 'components']) {
      for (const file of sourceFiles(path.join(root, 'web/src', dir))) {
        for (const s of importsOf(file)) {
          const target = resolveWeb(file, s);
          if (!target) continue;
          const rel = path.relative(path.join(root, 'web/src'), target);
          if (rel.startsWith('features') || rel.startsWith('app'))
            offenders.push(`${path.relative(root, file)} -> ${s}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the task queue imports nothing of the product: only the database client and itself', () => {
    const queueDir = path.join(root, 'server/src/queue');
    const allowed = [queueDir, path.join(root, 'server/src/db/client.ts')];
    const offenders: string[] = [];
    for (const file of sourceFiles(queueDir).filter((f) => !f.endsWith('.test.ts'))) {
      for (const s of importsOf(file)) {
        if (!s.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts');
        if (!allowed.some((dir) => target === dir || target.startsWith(`${dir}${path.sep}`)))
          offenders.push(`${path.relative(root, file)} -> ${s}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('only evaluations/run-state changes where a run stands: its counts, judge cost, completion and cancel', () => {
    const runState = path.join(root, 'server/src/evaluations/run-state');
    // An SQL assignment to one of the columns that say where a run stands (the engine's statements are SQL).
    const changesARun = /\b(finished_requests|pending_judgements|judge_cost_usd|completed_at|cancelled_at)"?\s*=[^=]/;
    const offenders = sourceFiles(path.join(root, 'server/src'))
      .filter((file) => !file.endsWith('.test.ts') && !file.startsWith(`${runState}${path.sep}`))
      .filter((file) => changesARun.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("parsers, import readers and CPU work over users' content load only on the untrusted-work pool, never on the main thread", () => {
    const serverSrc = path.join(root, 'server/src');
    // The parsers of uploads, and the libraries the statistics loop with (distributions, the seeded generator, edit
    // distance).
    const PARSERS = ['yaml', 'papaparse', 'fflate', '@stdlib', 'fastest-levenshtein'];
    // The modules that read uploaded content (unzipping, YAML, CSV, JSONL, the plan an import makes), fill a run's
    // templates, and compute the evidence statistics over a run's rows.
    const readers = [
      ...['files', 'glob', 'yaml', 'source', 'plan', 'planning', 'promptfoo', 'promptfoo-prompts', 'promptfoo-tests']
        .concat(['openai-evals', 'openai-evals-hosted', 'openai-evals-registry', 'openai-evals-run', 'promptfoo-yaml'])
        .map((name) => `imports/${name}.ts`),
      'inputs/file-import.ts',
      'evaluations/templates.ts',
      ...['agreement', 'consistency', 'judge-agreement', 'output-similarity', 'paired', 'preference', 'repetitions']
        .concat(['significance', 'statistics-tasks', 'vote-games'])
        .map((name) => `evidence/${name}.ts`),
      'untrusted-work/tasks.ts',
    ].map((file) => path.join(serverSrc, file));
    for (const reader of readers) expect(fs.existsSync(reader), reader).toBe(true);
    const mainThread = serverModulesLoadedFrom(
      ['main.ts', 'worker-main.ts', 'backup-main.ts', 'app.ts'].map((file) => path.join(serverSrc, file)),
    );
    const offenders: string[] = [];
    for (const file of mainThread) {
      if (readers.includes(file)) offenders.push(`${path.relative(root, file)} loads on the main thread`);
      for (const s of loadedImportsOf(file))
        if (PARSERS.includes(s.split('/')[0]!)) offenders.push(`${path.relative(root, file)} -> ${s}`);
    }
    expect(offenders).toEqual([]);
    // The pool's threads do load them: the rule is about where, not whether.
    const poolThread = serverModulesLoadedFrom([path.join(serverSrc, 'untrusted-work/worker.ts')]);
    expect(readers.filter((reader) => !poolThread.has(reader))).toEqual([]);
  });
});
