/**
 * `items[index]` for a test that has just made the list (or is about to assert on it): a list shorter than the test
 * expected fails with a message that says so, instead of a TypeError on `undefined` further down.
 */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`Expected an item at index ${index}, but the list has ${items.length}.`);
  return item;
}

/** The first `count` items, for a test that destructures a list it expects to hold at least that many. */
export function firstItems<T>(items: readonly T[], count: 2): [T, T];
export function firstItems<T>(items: readonly T[], count: 3): [T, T, T];
export function firstItems<T>(items: readonly T[], count: 4): [T, T, T, T];
export function firstItems<T>(items: readonly T[], count: number): T[] {
  if (items.length < count) throw new Error(`Expected at least ${count} items, but the list has ${items.length}.`);
  return items.slice(0, count);
}
