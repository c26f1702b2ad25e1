import { Readable } from 'node:stream';

/**
 * A JSON document sent in pieces as they are made. A results document of a large run is megabytes: built and
 * serialized at once it held the event loop for a long stretch per download (and the whole document in memory), so
 * that other users' requests waited behind a few downloads. In pieces, each page is read, serialized and written on
 * its own turn of the event loop, and only as fast as the client reads.
 */
export function jsonStream(pieces: AsyncIterable<string>): Readable {
  return Readable.from(pieces, { objectMode: false });
}

/** A JSON array of the items of `pages`, piece by piece. */
export async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = JSON.stringify(page);
    yield `${first ? '' : ','}${items.slice(1, -1)}`;
    first = false;
  }
  yield ']';
}

/** Pages of rows read by key, `size` at a time: `read(after)` answers the rows with a key above `after`, in key order. */
export async function* keyedPages<T>(
  read: (after: number, size: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  size = 500,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, size);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    if (rows.length < size) return;
    after = keyOf(last);
  }
}
