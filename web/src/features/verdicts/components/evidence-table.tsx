import type { ReactNode } from 'react';

/** A column of an evidence table: its heading, and a one-line explanation shown on hover. */
export type EvidenceColumn = { label: ReactNode; explanation?: string };

/**
 * The evidence panels' table: one row per system prompt, its name first (a row header), then the figures; headings
 * with an explanation are dotted-underlined and say it on hover.
 */
export function EvidenceTable({ columns, children }: { columns: EvidenceColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            {[{ label: 'System prompt' }, ...columns].map((column, index) => (
              <th
                key={index}
                scope="col"
                className={index === columns.length ? 'py-1 font-medium' : 'py-1 pr-3 font-medium'}
              >
                {column.explanation ? (
                  <span title={column.explanation} className="cursor-help underline decoration-dotted">
                    {column.label}
                  </span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row's first cell: the system prompt's name as the row header. */
export function EvidenceRowName({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="max-w-[16rem] truncate py-1 pr-3 font-medium">
      {children}
    </th>
  );
}
