import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { IMPORT_MAX_TOTAL_BYTES, readUploadedFiles } from './files.js';

const zipOf = (files: Record<string, Uint8Array>) => zipSync(files, { level: 9 });
const asUpload = (zip: Uint8Array, name = 'suite.zip') => [{ name, data_base64: Buffer.from(zip).toString('base64') }];

/** The zip with every entry's declared size (local header and central directory) replaced by `size`. */
function declaring(zip: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, at + 24);
  }
  return bytes;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  return expect.fail('the files were read');
}

describe('readUploadedFiles', () => {
  it("opens a zip into its files by their folders' names, leaving out folders and macOS metadata", () => {
    const zip = zipOf({
      'promptfooconfig.yaml': strToU8('prompts: [x]\n'),
      'tests/': new Uint8Array(),
      'tests/a.csv': strToU8('\uFEFFq,__expected\nhi,contains:x\n'),
      '__MACOSX/tests/._a.csv': strToU8('meta'),
    });
    const files = readUploadedFiles([...asUpload(zip), { name: './notes.txt', data: 'plain' }]);
    expect([...files.entries()]).toEqual([
      ['promptfooconfig.yaml', 'prompts: [x]\n'],
      ['tests/a.csv', 'q,__expected\nhi,contains:x\n'],
      ['notes.txt', 'plain'],
    ]);
  });

  it('stops an entry that inflates past the size it declares, at once (a 10-byte declaration, 20 MB of data)', () => {
    const bomb = declaring(zipOf({ 'tests.yaml': new Uint8Array(20 * 1024 * 1024) }), 10);
    const started = performance.now();
    expect(refusal(() => readUploadedFiles(asUpload(bomb, 'bomb.zip')))).toBe(
      'bomb.zip: tests.yaml inflates to more than the 10 bytes it declares.',
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops inflating once the files pass the total limit, whatever the entries declare', () => {
    const entry = new Uint8Array(IMPORT_MAX_TOTAL_BYTES / 4 + 1);
    const zip = zipOf({ a: entry, b: entry, c: entry, d: entry });
    expect(refusal(() => readUploadedFiles(asUpload(declaring(zip, 0xffffffff))))).toBe(
      `The files are larger than ${IMPORT_MAX_TOTAL_BYTES / 1024 / 1024} MB together (unzipped).`,
    );
  });

  it('answers 400 for a .zip that is not one', () => {
    expect(refusal(() => readUploadedFiles([{ name: 'x.zip', data: 'not a zip at all' }]))).toBe(
      'x.zip is not a readable zip file.',
    );
  });
});
