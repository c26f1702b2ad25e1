import type { ImportReport } from '@promptgrid/contract';

/** What an import creates, and every item of the files it does not carry over as it is, with where it stands. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const checks = report.checks.length;
  return (
    <div className="space-y-3 text-sm">
      <p>
        {`Creates “${report.project_name}”: ${report.configurations.length} system prompt${
          report.configurations.length === 1 ? '' : 's'
        }, ${report.inputs} user prompt${report.inputs === 1 ? '' : 's'} and ${checks} check${checks === 1 ? '' : 's'}.`}
      </p>
      {report.configurations.length > 0 ? (
        <ul aria-label="System prompts to create" className="list-inside list-disc text-slate-700 dark:text-slate-300">
          {report.configurations.map((c) => (
            <li key={c.name}>{`${c.name} (${c.model})`}</li>
          ))}
        </ul>
      ) : null}
      {report.items.length === 0 ? (
        <p className="text-green-700 dark:text-green-300">Everything in the files is carried over.</p>
      ) : (
        // On a phone each item stacks its what, why and where: three columns of long sentences would not fit.
        <table className="w-full text-left text-xs break-words">
          <caption className="mb-1 text-left text-sm font-semibold">
            {`Not carried over as it is (${report.items.length})`}
          </caption>
          <thead className="text-slate-500 max-sm:sr-only dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                What
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Why
              </th>
              <th scope="col" className="py-1 font-medium">
                Where
              </th>
            </tr>
          </thead>
          <tbody>
            {report.items.map((item, index) => (
              <tr
                key={index}
                className="border-t border-slate-100 align-top max-sm:block max-sm:py-2 dark:border-slate-800"
              >
                <td className="py-1 pr-3 max-sm:block max-sm:p-0">
                  <span className="font-medium">{item.kind === 'skipped' ? 'Skipped' : 'Changed'}:</span> {item.what}
                </td>
                <td className="py-1 pr-3 max-sm:block max-sm:p-0">{item.why}</td>
                <td className="py-1 text-slate-500 max-sm:block max-sm:p-0 sm:whitespace-nowrap dark:text-slate-400">
                  {item.line === null ? item.file : `${item.file}:${item.line}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
