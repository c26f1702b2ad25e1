import type { InputFileFormat } from '@promptgrid/contract';

/**
 * A file's bytes in base64, as the import routes take them: the server detects the encoding, so a Windows-1252 or
 * UTF-16 file is not garbled by being read as UTF-8 here (FileReader rather than Blob.arrayBuffer(), which jsdom lacks).
 */
export const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });

export const formatOf = (fileName: string): InputFileFormat => (/\.(jsonl|ndjson)$/i.test(fileName) ? 'jsonl' : 'csv');
