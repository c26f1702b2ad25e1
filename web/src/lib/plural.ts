/** '1 prompt', '1,200 inputs': a count with its noun, in the app's number format. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
