// Runs in a child process because initdb grows WebAssembly memory to ~800 MB and a process never gives
// that back; the server then opens the finished directory for a fraction of it.
//   node create-pglite.mjs template <file.tgz>            an empty, gzipped data directory (initdb once)
//   node create-pglite.mjs create <dataDir> [file.tgz]    a new data directory, from the template if given
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const [command, target, template] = process.argv.slice(2);

if (command === 'template') {
  const client = new PGlite();
  await client.waitReady;
  const blob = await client.dumpDataDir('gzip');
  await client.close();
  // Written aside and renamed: parallel test workers may race to make the same file.
  const partial = `${target}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(partial, target);
} else if (command === 'create') {
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const client = new PGlite({ dataDir: target, loadDataDir });
  await client.waitReady;
  await client.close();
} else {
  console.error(`unknown command ${command}`);
  process.exit(2);
}
