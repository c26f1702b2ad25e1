// Reading one import's files: where a value stands, and every note the report keeps.
import type { ImportReportItem } from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import { normaliseName } from './files.js';
import { globMatcher } from './glob.js';
import { readYaml, YAML_MAX_BYTES, type ReadYaml } from './yaml.js';

export type Path = (string | number)[];

/** The uploaded files of one import, and the report being written while they are read. */
export class ImportSource {
  readonly items: ImportReportItem[] = [];
  private readonly parsed = new Map<string, ReadYaml>();
  private yamlBytes = 0;

  constructor(readonly files: Map<string, string>) {}

  /** A YAML or JSON file, parsed once; null (and a report line) when it was not uploaded. */
  yaml(name: string, from: { file: string; path: Path }): ReadYaml | null {
    const normal = this.resolve(name, from);
    if (normal === null) return null;
    const cached = this.parsed.get(normal);
    if (cached) return cached;
    const text = this.files.get(normal)!;
    this.yamlBytes += Buffer.byteLength(text);
    if (this.yamlBytes > YAML_MAX_BYTES)
      throw badRequest({
        files: [
          `${normal}: the YAML and JSON files read are larger than ${YAML_MAX_BYTES / 1024 / 1024} MB together; ` +
            'put a large test set in a CSV file.',
        ],
      });
    const read = readYaml(text, normal);
    this.parsed.set(normal, read);
    return read;
  }

  /** A file's text by its `file://` reference; null (and a report line) when it was not uploaded. */
  text(name: string, from: { file: string; path: Path }): { name: string; text: string } | null {
    const normal = this.resolve(name, from);
    return normal === null ? null : { name: normal, text: this.files.get(normal)! };
  }

  /** The uploaded files a glob names (`*` within a folder, `**` across folders), in name order. */
  glob(pattern: string): string[] {
    const matches = globMatcher(normaliseName(pattern) ?? '');
    return [...this.files.keys()].filter(matches).sort();
  }

  note(kind: ImportReportItem['kind'], what: string, why: string, where: { file: string; path: Path }): void {
    this.items.push({ kind, what, why, file: where.file, line: this.lineOf(where) });
  }

  lineOf({ file, path }: { file: string; path: Path }): number | null {
    // Every item of a one-line file (JSON as an API answers it) is on line 1, which points at nothing.
    if (!this.files.get(file)?.includes('\n')) return null;
    return this.parsed.get(file)?.lineOf(path) ?? null;
  }

  private resolve(name: string, from: { file: string; path: Path }): string | null {
    const normal = normaliseName(name);
    if (normal === null)
      throw badRequest({
        files: [`${from.file}: ${name} points outside the uploaded files; only uploaded files are read.`],
      });
    if (!this.files.has(normal)) {
      this.note('skipped', `file ${name}`, 'It was not uploaded with the config.', from);
      return null;
    }
    return normal;
  }
}
