import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.js';
import { queueEvents } from './events.js';

const quietLog = { error: () => {}, warn: () => {}, info: () => {} };

describe('BatchWriter', () => {
  it('writes the rest of a batch when one item cannot be written, and retries only that item', async () => {
    const events = queueEvents();
    const written: number[] = [];
    let bad = 3;
    const writer = new BatchWriter<number>(
      'numbers',
      async (batch) => {
        if (batch.includes(bad)) throw new Error(`row ${bad} cannot be written`);
        written.push(...batch);
        return [];
      },
      events,
      quietLog,
      10,
    );
    const failed = once(events, 'batch:failed');
    for (const item of [1, 2, 3, 4, 5]) writer.add(item, false);
    writer.add(6, true);
    const [{ count }] = (await failed) as [{ count: number }];
    expect(count).toBe(1);
    expect(written).toEqual([1, 2, 4, 5, 6]);

    bad = -1; // the row can be written now: the retry writes it alone
    await once(events, 'batch:written');
    expect(written).toEqual([1, 2, 4, 5, 6, 3]);
    await writer.close();
  });
});
