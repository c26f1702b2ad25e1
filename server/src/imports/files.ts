// The uploaded files of an import, by the names the config uses for them; a zip is opened into its files.
import path from 'node:path/posix';
import { Unzip, UnzipInflate } from 'fflate';
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

/**
 * A zip is inflated this many compressed bytes at a time: an entry that inflates past its limit is stopped within one
 * slice's output (deflate inflates at most about 1,000 times: 4 MB), instead of after all of it. Measured on a 9 MB
 * CSV zipped and a bomb: 16 KB slices took as long on the CSV and 160-370 ms to stop the bomb, 4 KB 30-80 ms.
 */
const ZIP_SLICE_BYTES = 4 * 1024;

/**
 * The files of a zip, inflating at most `room` bytes in all. The sizes a zip declares are not trusted: each entry
 * stops at its declared size (a bomb declares 10 bytes and inflates to 100 MB) and all of them at `room`.
 */
function unzipFiles(zip: Uint8Array, zipName: string, room: number): [string, Uint8Array][] {
  const files: { name: string; chunks: Uint8Array[] }[] = [];
  let refusal: HttpError | null = null;
  let inflated = 0;
  let entries = 0;
  const unzip = new Unzip((entry) => {
    entries++;
    if (refusal || entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) return;
    if (files.length >= MAX_FILES) {
      refusal = badRequest({ files: [`At most ${MAX_FILES} files at once.`] });
      return;
    }
    const file = { name: entry.name, chunks: [] as Uint8Array[] };
    files.push(file);
    let size = 0;
    entry.ondata = (error, chunk) => {
      if (refusal) return;
      size += chunk?.length ?? 0;
      inflated += chunk?.length ?? 0;
      if (error) refusal = unreadable(zipName);
      else if (entry.originalSize !== undefined && size > entry.originalSize)
        refusal = badRequest({
          files: [`${zipName}: ${entry.name} inflates to more than the ${entry.originalSize} bytes it declares.`],
        });
      else if (inflated > room) refusal = tooLarge();
      else file.chunks.push(chunk);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && !refusal; at += ZIP_SLICE_BYTES)
      unzip.push(zip.subarray(at, at + ZIP_SLICE_BYTES), at + ZIP_SLICE_BYTES >= zip.length);
  } catch {
    refusal ??= unreadable(zipName);
  }
  if (refusal) throw refusal;
  if (entries === 0) throw unreadable(zipName);
  return files.map(({ name, chunks }) => [name, Buffer.concat(chunks)]);
}

const unreadable = (zipName: string) => badRequest({ files: [`${zipName} is not a readable zip file.`] });

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
    if (!file.name.toLowerCase().endsWith('.zip')) add(file.name, bytes);
    else for (const [name, content] of unzipFiles(bytes, file.name, IMPORT_MAX_TOTAL_BYTES - total)) add(name, content);
  }
  return texts;
}
