import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This module sits one level below it both as source (src/paths.ts) and in the build
 * (a chunk in dist/), so files the server reads at run time are found from here either way.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A file the server ships beside its code, by its path in the source tree (e.g. 'src/db/migrations'). */
export const serverFile = (relative: string) => path.join(serverDir, relative);
