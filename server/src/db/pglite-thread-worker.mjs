// The embedded database's own thread (see pglite-thread.ts): opens PGlite and runs the statements the main thread
// posts, in the order they arrive. Plain JavaScript so that it runs the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir, startParams } = workerData;
const keepText = (value) => value;
const plain = (result) => ({ rows: result.rows, affectedRows: result.affectedRows, fields: result.fields });

let client;
try {
  client = new PGlite({ dataDir, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined, startParams });
  await client.waitReady;
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: { message: String(error?.message ?? error) } });
}

parentPort.on('message', async ({ id, op, sql, params, rowMode, textTypes }) => {
  try {
    let result = null;
    if (op === 'query') {
      const parsers = textTypes ? Object.fromEntries(textTypes.map((type) => [type, keepText])) : undefined;
      result = plain(await client.query(sql, params, { rowMode, parsers }));
    } else if (op === 'exec') {
      result = (await client.exec(sql)).map(plain);
    } else if (op === 'dump') {
      // A gzipped tarball of the data directory, taken between two statements (PGlite runs one at a time).
      result = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } else if (op === 'close') {
      await client.close();
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    // DatabaseError's own fields (code, detail, constraint...) do not survive structured cloning of an Error, so they go
    // as a plain object: only the plain values, for PGlite's error also carries the query's options, whose parsers are
    // functions that cannot be cloned (posting them would throw and end this thread).
    const fields = Object.entries(error ?? {}).filter(
      ([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );
    parentPort.postMessage({ id, error: { ...Object.fromEntries(fields), message: String(error?.message ?? error) } });
  }
});
