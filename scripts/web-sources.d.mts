/** The newest modification time (ms) of the files under `dir` (node_modules and dist aside). */
export function newestMtime(dir: string): number;
/** The newest modification time (ms) of a file the web build in `root` is made from. */
export function webSourcesMtime(root: string): number;
