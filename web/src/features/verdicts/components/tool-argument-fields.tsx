import { useState } from 'react';
import { Field, TextInput } from '@/components/ui/field';
import { toolArgumentParts, toolArgumentValue, type ToolArgumentParts } from '../lib/tool-argument-value';

type Props = { value: string; error: string | undefined; onChange: (value: string) => void };

/** A "Tool argument equals" check's JSON path and the value the argument must equal, kept as the check's value. */
export function ToolArgumentFields({ value, error, onChange }: Props) {
  const [parts, setParts] = useState<ToolArgumentParts>(() => toolArgumentParts(value));
  const change = (next: Partial<ToolArgumentParts>) => {
    const changed = { ...parts, ...next };
    setParts(changed);
    onChange(toolArgumentValue(changed));
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="JSON path" required error={error} hint="The argument to compare, as in $.city or $.items[0].id.">
        {(props) => (
          <TextInput
            {...props}
            value={parts.path}
            onChange={(event) => change({ path: event.target.value })}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </Field>
      <Field label="Equals" hint="A JSON value or text. Empty: the user prompt's expected output.">
        {(props) => (
          <TextInput
            {...props}
            value={parts.equals}
            onChange={(event) => change({ equals: event.target.value })}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </Field>
    </div>
  );
}
