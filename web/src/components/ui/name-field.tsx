import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextInput } from './field';

/** The required Name field of the prompt editors, registered with their form. */
export function NameField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="Name" error={error}>
      {(props) => <TextInput {...props} {...registration} required autoComplete="off" />}
    </Field>
  );
}
