import chardet from 'chardet';
import iconv from 'iconv-lite';

/** The encodings an imported file is read in: what spreadsheets and editors save a CSV file as. */
export const IMPORT_ENCODINGS = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

const BOMS: [ImportEncoding, number[]][] = [
  ['UTF-8', [0xef, 0xbb, 0xbf]],
  ['UTF-16LE', [0xff, 0xfe]],
  ['UTF-16BE', [0xfe, 0xff]],
];

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Buffer): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A text file holds no NUL bytes; UTF-16 without a byte-order mark has one in every other byte of Latin text. */
function utf16WithoutBom(bytes: Buffer): ImportEncoding | null {
  let even = 0;
  let odd = 0;
  for (let n = 0; n < Math.min(bytes.length, 4096); n++) {
    if (bytes[n] !== 0) continue;
    if (n % 2 === 0) even++;
    else odd++;
  }
  if (even + odd === 0) return null;
  return odd > even ? 'UTF-16LE' : 'UTF-16BE';
}

const SAMPLE_BYTES = 4096;
// Characters no text file holds: control characters (tab, line feed, form feed, carriage return and escape excepted)
// and the replacement character a decoder puts for bytes it cannot read.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);
const isNotText = (code: number) => (code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0xfffd;

/**
 * Whether the bytes are not text (an image, a spreadsheet, a zip): NUL bytes at both even and odd offsets, which
 * UTF-16 text of one script never has, or, read as text, more than one control character in a hundred.
 */
export function looksBinary(bytes: Buffer, text: string): boolean {
  const nuls = [0, 0];
  for (let n = 0; n < Math.min(bytes.length, SAMPLE_BYTES); n++) if (bytes[n] === 0) nuls[n % 2]!++;
  if (Math.min(nuls[0]!, nuls[1]!) > Math.max(nuls[0]!, nuls[1]!) / 10) return true;
  const sample = text.slice(0, SAMPLE_BYTES);
  let notText = 0;
  for (let n = 0; n < sample.length; n++) if (isNotText(sample.charCodeAt(n))) notText++;
  return notText > sample.length / 100;
}

/**
 * Which of IMPORT_ENCODINGS the bytes are in: a byte-order mark says so; NUL bytes mean UTF-16; bytes that are valid
 * UTF-8 are UTF-8 (a Windows-1252 text with any accented letter almost never is); otherwise chardet's guess. chardet
 * tells the Latin single-byte code pages apart by letter statistics, which on a short file often names Windows-1250
 * or ISO-8859-1 for a Windows-1252 file, so any guess outside IMPORT_ENCODINGS reads as Windows-1252, the code page
 * spreadsheets save a CSV file in on Western European systems.
 */
export function detectEncoding(bytes: Buffer): ImportEncoding {
  for (const [encoding, bom] of BOMS) if (bom.every((byte, n) => bytes[n] === byte)) return encoding;
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return utf16;
  if (isUtf8(bytes)) return 'UTF-8';
  const guess = chardet.detect(bytes);
  return IMPORT_ENCODINGS.find((encoding) => encoding === guess) ?? 'windows-1252';
}

/** The file's text, without its byte-order mark, and the encoding it was read in. */
export function decodeFile(bytes: Buffer): { text: string; encoding: ImportEncoding } {
  const encoding = detectEncoding(bytes);
  // iconv-lite strips the byte-order mark by default.
  return { text: iconv.decode(bytes, encoding), encoding };
}
