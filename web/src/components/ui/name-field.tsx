import { Field, TextInput } from './field';
import { requiredError } from '@/lib/field-errors';

export const NAME_REQUIRED = 'Name is required.';
export const nameError = (name: string) => requiredError(name, NAME_REQUIRED);

/** The required Name field of the prompt editors; `onChange` gets the new name and whether it is still blank. */
export function NameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (name: string, stillInvalid: string | undefined) => void;
}) {
  return (
    <Field label="Name" error={error}>
      {(props) => (
        <TextInput
          {...props}
          value={value}
          required
          autoComplete="off"
          onChange={(event) => onChange(event.target.value, nameError(event.target.value))}
        />
      )}
    </Field>
  );
}
