// The uploaded files of an import, by the names the config uses for them; a zip is opened into its files.
import path from 'node:path/posix';
import { unzipSync } from 'fflate';
import { LIMITS, type ImportFile } from '@promptgrid/contract';
import { badRequest, HttpError } from '../http/errors.js';

/** All files together, zipped or not, unpacked: a config and its tests are kilobytes; a zip bomb stops here. */
export const IMPORT_MAX_TOTAL_BYTES = LIMITS.importMaxBytes;
const MAX_FILES = 500;

/** A file's name as a config refers to it: relative, forward slashes, no `./`; null for one that leaves the upload. */
export function normaliseName(name: string): string | null {
  const normal = path.normalize(name.replaceAll('\\', '/').replace(/^file:\/\//, ''));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../')) return null;
  return normal.replace(/^\.\//, '');
}

function decode(file: ImportFile): Uint8Array {
  return file.data !== undefined ? new TextEncoder().encode(file.data) : Buffer.from(file.data_base64 ?? '', 'base64');
}

const tooLarge = () =>
  badRequest({ files: [`The files are larger than ${IMPORT_MAX_TOTAL_BYTES / 1024 / 1024} MB together (unzipped).`] });

/** Text files by normalised name; a `.zip` adds its files (folders kept in their names). */
export function readUploadedFiles(files: ImportFile[]): Map<string, string> {
  const texts = new Map<string, string>();
  let total = 0;
  const add = (name: string, bytes: Uint8Array) => {
    const normal = normaliseName(name);
    if (normal === null) throw badRequest({ files: [`The file name ${name} points outside the upload.`] });
    total += bytes.byteLength;
    if (total > IMPORT_MAX_TOTAL_BYTES) throw tooLarge();
    if (texts.size >= MAX_FILES) throw badRequest({ files: [`At most ${MAX_FILES} files at once.`] });
    texts.set(normal, new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
  };
  for (const file of files) {
    const bytes = decode(file);
    if (!file.name.toLowerCase().endsWith('.zip')) {
      add(file.name, bytes);
      continue;
    }
    let unpacked: Record<string, Uint8Array>;
    try {
      let declared = 0;
      // The sizes the zip declares are checked before anything is inflated.
      unpacked = unzipSync(bytes, {
        filter: (entry) => {
          declared += entry.originalSize;
          if (declared > IMPORT_MAX_TOTAL_BYTES) throw tooLarge();
          return !entry.name.endsWith('/') && !entry.name.startsWith('__MACOSX/');
        },
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest({ files: [`${file.name} is not a readable zip file.`] });
    }
    for (const [name, content] of Object.entries(unpacked)) add(name, content);
  }
  return texts;
}
