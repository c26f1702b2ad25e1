import { useId } from 'react';
import { templateVariables } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { TextArea, TextInput, FieldError } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';

/** Rows of the table while editing: names may be blank or repeated until saved. */
export type VariableRow = { key: number; name: string; value: string };

let nextKey = 0;
export const variableRow = (name = '', value = ''): VariableRow => ({ key: nextKey++, name, value });
export const variableRowsOf = (variables: Record<string, string>) =>
  Object.entries(variables).map(([name, value]) => variableRow(name, value));

export const variablesOf = (rows: VariableRow[]) =>
  Object.fromEntries(
    rows.filter((row) => row.name.trim() !== '' || row.value !== '').map((row) => [row.name.trim(), row.value]),
  );

/** A small table of name/value pairs, with one-click rows for the variables the content uses but lacks. */
export function VariablesEditor({
  rows,
  onChange,
  content,
  error,
}: {
  rows: VariableRow[];
  onChange: (rows: VariableRow[]) => void;
  content: string;
  error: string | null;
}) {
  const id = useId();
  const missing = templateVariables(content).filter((name) => !rows.some((row) => row.name.trim() === name));
  const update = (key: number, change: Partial<VariableRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Variables</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {'Fill {{name}} in this user prompt and in the system prompts it runs with.'}
      </p>
      {rows.length > 0 ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
              <th id={`${id}-name`} className="w-1/3 pb-1 font-medium">
                Variable name
              </th>
              <th id={`${id}-value`} className="pb-1 pl-2 font-medium">
                Value
              </th>
              <th className="w-10">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, n) => (
              <tr key={row.key}>
                <td className="py-1 align-top">
                  <TextInput
                    id={`${id}-name-${row.key}`}
                    aria-labelledby={`${id}-name ${id}-row-${row.key}`}
                    value={row.name}
                    onChange={(event) => update(row.key, { name: event.target.value })}
                    className="font-mono"
                  />
                  <span id={`${id}-row-${row.key}`} className="sr-only">
                    {`row ${n + 1}`}
                  </span>
                </td>
                <td className="py-1 pl-2 align-top">
                  {/* A value is text the prompt is filled with, and may span lines like the prompt. */}
                  <TextArea
                    aria-labelledby={`${id}-value ${id}-row-${row.key}`}
                    value={row.value}
                    rows={1}
                    className="min-h-0"
                    onChange={(event) => update(row.key, { value: event.target.value })}
                  />
                </td>
                <td className="py-1 pl-1 align-top">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove variable ${row.name || n + 1}`}
                    onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                  >
                    <TrashIcon className="size-4" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange([...rows, variableRow()])}>
          <PlusIcon className="size-4" />
          Add variable
        </Button>
        {missing.map((name) => (
          <Button key={name} variant="ghost" size="sm" onClick={() => onChange([...rows, variableRow(name)])}>
            <PlusIcon className="size-4" />
            {`Add ${name}`}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
