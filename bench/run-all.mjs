// `npm run all -w bench`: every benchmark script of this package.json, one after another.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const { scripts } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
let failed = 0;
// promptfoo-compare needs a promptfoo installed outside the repo (PROMPTFOO_BIN).
const skipped = (name) => name === 'all' || (name === 'promptfoo-compare' && !process.env.PROMPTFOO_BIN);
for (const name of Object.keys(scripts).filter((s) => !skipped(s))) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync('npm', ['run', name], { cwd: new URL('.', import.meta.url), stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
