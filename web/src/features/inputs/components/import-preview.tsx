import {
  LIMITS,
  lastUserTurn,
  type ImportColumnTarget,
  type ImportPreview,
  type ImportRowError,
} from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { collapsedContent } from '../lib/truncate';
import { ColumnMapping } from './column-mapping';

const isFileError = (error: ImportRowError) => error.row === 0 && error.field === 'data';
const cell = 'border-b border-slate-200 px-2 py-1 text-left align-top dark:border-slate-800';

type Props = { preview: ImportPreview; onColumnChange: (column: string, target: ImportColumnTarget) => void };

/**
 * How the server reads the file: its columns (a CSV file's columns or a JSONL file's fields, with its first records,
 * each column's reading a choice),
 * its first rows as they will be created, and its problems.
 */
export function ImportPreviewTables({ preview, onColumnChange }: Props) {
  // A problem of the whole file (empty, not text, too large) has no row or field to point at: it reads as a sentence.
  const fileErrors = preview.errors.filter(isFileError);
  const rowErrors = preview.errors.filter((error) => !isFileError(error));
  return (
    <div className="space-y-4 text-sm">
      <p role="status">
        {`${preview.total_rows} row${preview.total_rows === 1 ? '' : 's'} found`}
        {preview.errors.length > 0 ? `, ${preview.errors.length} problem${preview.errors.length === 1 ? '' : 's'}` : ''}
      </p>
      {fileErrors.map((error, n) => (
        <Banner key={n}>{error.message}</Banner>
      ))}
      {rowErrors.length > 0 ? (
        <section aria-labelledby="import-errors" className="space-y-2">
          <Banner>
            Nothing will be imported until every row is valid. Change how a column is read, or fix the file and choose
            it again.
          </Banner>
          <h3 id="import-errors" className="font-semibold">
            Row errors
            {preview.errors.length === LIMITS.importErrorsListed ? ` (the first ${LIMITS.importErrorsListed})` : ''}
          </h3>
          <table className="w-full">
            <thead>
              <tr>
                <th className={cell}>Row</th>
                <th className={cell}>Field</th>
                <th className={cell}>Problem</th>
              </tr>
            </thead>
            <tbody>
              {rowErrors.map((error, n) => (
                <tr key={n}>
                  <td className={cell}>{error.row}</td>
                  <td className={`${cell} font-mono`}>{error.field}</td>
                  <td className={cell}>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {preview.sample.length > 0 ? <ColumnMapping preview={preview} onColumnChange={onColumnChange} /> : null}
      {preview.rows.length > 0 ? (
        <section aria-labelledby="import-rows" className="space-y-2">
          <h3 id="import-rows" className="font-semibold">
            {`First ${preview.rows.length} user prompt${preview.rows.length === 1 ? '' : 's'} as they will be created`}
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full">
              <thead>
                <tr>
                  <th className={cell}>Name</th>
                  <th className={cell}>Content</th>
                  <th className={cell}>Variables</th>
                  <th className={cell}>Expected output</th>
                  <th className={cell}>Status</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, n) => (
                  <tr key={n}>
                    <td className={cell}>{row.name}</td>
                    <td className={`${cell} font-mono whitespace-pre-line`}>
                      {row.messages
                        ? `Conversation of ${row.messages.length} messages, ending: ${collapsedContent(lastUserTurn(row.messages))}`
                        : collapsedContent(row.content ?? '')}
                    </td>
                    <td className={`${cell} font-mono`}>
                      {Object.entries(row.variables)
                        .map(([name, value]) => `${name}=${value}`)
                        .join(', ')}
                    </td>
                    <td className={cell}>{row.expected_output ?? ''}</td>
                    <td className={cell}>{row.active ? 'Active' : 'Archived'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
