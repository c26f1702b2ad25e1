/** A 32-bit hash of a text (FNV-1a): the seed of a sample. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `size` of `ids` picked at random, the same ones for the same ids, size and seed: a re-run samples the same user
 * prompts, so two runs of a sample compare like with like. In ascending id order.
 */
export function seededSample(ids: readonly number[], size: number, seed: string): number[] {
  const pool = [...ids].sort((a, b) => a - b);
  const random = generator(hash(`${seed}:${size}`));
  // A partial Fisher-Yates shuffle: the first `size` places end up a uniform sample.
  const count = Math.min(size, pool.length);
  for (let index = 0; index < count; index++) {
    const other = index + Math.floor(random() * (pool.length - index));
    // Both places are in the pool: index < count <= pool.length, and index <= other < pool.length.
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}
