/** The newest modification time (ms) of a file the web build in `root` is made from. */
export function webSourcesMtime(root: string): number;
