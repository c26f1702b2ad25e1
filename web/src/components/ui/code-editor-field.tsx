import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { CodeEditor } from './code-editor';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  maxLength?: number;
};

/** A required, line-numbered text field of a react-hook-form form, with its message. */
export function CodeEditorField<T extends FieldValues>({ control, name, label, placeholder, maxLength }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CodeEditor
          label={label}
          required
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      )}
    />
  );
}
