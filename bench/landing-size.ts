/**
 * Builds the web app into a temporary folder and prints what the landing page loads before anything lazy:
 * the entry chunk, every chunk it imports statically (recursively) and the stylesheets index.html links,
 * each raw and gzipped. Lazy route chunks (sign-in, projects, the project screens, the key modal) are left out.
 * Goal: <= 200 KB gzip. Exits 1 over the goal.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 200;
const webDir = path.resolve(import.meta.dirname, '../web');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-landing-size-'));

try {
  execFileSync(
    path.resolve(import.meta.dirname, '../node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].flatMap(([, url]) => url?.replace(/^\//, '') ?? []);
  const entries = attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g);
  const preloads = attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g);
  const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);

  // Follow static imports (`import ... from "./x.js"`, `import "./x.js"`), never dynamic `import("./x.js")`.
  const scripts = new Set<string>();
  const visit = (file: string) => {
    if (scripts.has(file)) return;
    scripts.add(file);
    const code = fs.readFileSync(path.join(outDir, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g))
      if (imported) visit(path.posix.join(path.posix.dirname(file), imported));
  };
  for (const file of [...entries, ...preloads]) visit(file);

  const rows = [...scripts, ...styles].map((file) => {
    const bytes = fs.readFileSync(path.join(outDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('landing-size: initial JS + CSS of /landing (entry chunk, its static imports, stylesheets)');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const js = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0);
  console.log(
    `  total ${kb(total)} gzip (JS ${kb(js)}, CSS ${kb(total - js)}); ` +
      `goal <= ${GOAL_KB} KB: ${total <= GOAL_KB * 1024 ? 'met' : 'NOT met'}`,
  );
  process.exitCode = total <= GOAL_KB * 1024 ? 0 : 1;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
