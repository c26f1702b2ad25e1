/**
 * `items[index]` for a test that has just made the list (or is about to assert on it): a list shorter than the test
 * expected fails with a message that says so, instead of a TypeError on `undefined` further down.
 */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`Expected an item at index ${index}, but the list has ${items.length}.`);
  return item;
}
