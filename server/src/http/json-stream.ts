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

/**
 * Pages of rows read by key, `size` at a time: `read(after)` answers the rows with a key above `after`, in key order.
 * The next page is asked for as soon as a page arrives, so the database (the embedded one on its own thread) reads it
 * while this one is serialized and sent.
 */
export async function* keyedPages<T>(
  read: (after: number, size: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  size = 500,
): AsyncGenerator<T[]> {
  let next = read(0, size);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    if (last === undefined) return;
    const more = rows.length === size;
    if (more) {
      next = read(keyOf(last), size);
      // Awaited on the next turn; if the consumer stops first (the client went away), its failure goes nowhere.
      next.catch(() => {});
    }
    yield rows;
    if (!more) return;
  }
}
