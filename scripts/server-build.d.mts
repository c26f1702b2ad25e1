/** The newest modification time (ms) of a file the server build in `root` is made from. */
export function serverSourcesMtime(root: string): number;
export function buildServer(root: string): void;
/** V8's flags that keep WebAssembly on Liftoff: the server's, and the server tests'. */
export const WEBASSEMBLY_ON_LIFTOFF: string[];
/** Node's arguments that run a built entry point ('main' serves HTTP and runs evaluations, 'worker' only runs them). */
export function serverEntryArgs(root: string, entry: 'main' | 'worker'): string[];
/** Builds the server unless server/dist is at least as new as its sources; answers whether it built. */
export function ensureServerBuilt(root: string): boolean;
