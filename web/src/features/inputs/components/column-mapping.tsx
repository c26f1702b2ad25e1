import { IMPORT_COLUMN_TARGETS, type ImportColumnTarget, type ImportPreview } from '@promptgrid/contract';
import { inputClasses } from '@/components/ui/field';

const TARGET_LABELS: Record<ImportColumnTarget, string> = {
  content: 'Input text',
  messages: 'Conversation (JSON)',
  expected_output: 'Expected output',
  name: 'Name',
  variable: 'Variable',
  active: 'Active',
  ignore: 'Ignore',
};

const cell = 'border-b border-slate-200 px-2 py-1 text-left align-top dark:border-slate-800';

type Props = { preview: ImportPreview; onColumnChange: (column: string, target: ImportColumnTarget) => void };

/**
 * The file's first records as they are, one column each, and above each column what it is read as: the server's
 * reading (a common header maps itself), which the user corrects here.
 */
export function ColumnMapping({ preview, onColumnChange }: Props) {
  const [, ...records] = preview.sample;
  return (
    <section aria-labelledby="import-columns" className="space-y-2">
      <h3 id="import-columns" className="font-semibold">
        Columns
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {`Read as ${preview.encoding}${preview.delimiter ? `, ${delimiterName(preview.delimiter)}-separated` : ''}.`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full">
          <thead>
            <tr>
              {preview.columns.map(({ column, target }, index) => (
                <th key={index} className={cell} scope="col">
                  <label className="flex flex-col gap-1 font-mono">
                    {column || `column ${index + 1}`}
                    <select
                      className={inputClasses + ' w-auto font-sans'}
                      value={target}
                      onChange={(event) => onColumnChange(column, event.target.value as ImportColumnTarget)}
                    >
                      {IMPORT_COLUMN_TARGETS.map((option) => (
                        <option key={option} value={option}>
                          {TARGET_LABELS[option]}
                        </option>
                      ))}
                    </select>
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record, row) => (
              <tr key={row}>
                {preview.columns.map((_, index) => (
                  <td key={index} className={`${cell} max-w-64 truncate`}>
                    {record[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
const delimiterName = (delimiter: string) => DELIMITER_NAMES[delimiter] ?? JSON.stringify(delimiter);
