import type { FormEvent } from 'react';
import type { CreateInputInput, Input } from '@promptgrid/contract';
import { CodeEditor } from '@/components/ui/code-editor';
import { openingKey } from '@/components/ui/dialog';
import { Field, TextArea } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField, nameError } from '@/components/ui/name-field';
import { useEditorForm } from '@/lib/editor-form';
import { requiredError } from '@/lib/field-errors';
import { VariablesEditor, variableRowsError, variableRowsOf, variablesOf, type VariableRow } from './variables-editor';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  /** null: create a new input. */
  input: Input | null;
  onSave: (data: CreateInputInput) => Promise<unknown>;
};

const CONTENT_REQUIRED = 'Content is required.';

type EditedInput = { name: string; content: string; variables: VariableRow[]; expectedOutput: string };
type Errors = { name?: string; content?: string; variables?: string };

/**
 * 'New Input' / 'Edit Input': name and a line-numbered content area, both required; then the variables its templates
 * are filled with and the output wanted, both optional.
 */
export function InputEditorDialog(props: Props) {
  return <InputEditorForm key={openingKey(props.open, props.input?.id)} {...props} />;
}

function InputEditorForm({ open, onOpenChange, projectId, input, onSave }: Props) {
  const form = useEditorForm<EditedInput, Errors>(
    { projectId, dialog: input ? `input:${input.id}` : 'input:new', open },
    {
      name: input?.name ?? '',
      content: input?.content ?? '',
      variables: variableRowsOf(input?.variables ?? {}),
      expectedOutput: input?.expected_output ?? '',
    },
  );
  const { name, content, variables, expectedOutput } = form.values;
  const { errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: nameError(name),
      content: requiredError(content, CONTENT_REQUIRED),
      variables: variableRowsError(variables) ?? undefined,
    };
    const save = () =>
      onSave({
        name: name.trim(),
        content,
        variables: variablesOf(variables),
        expected_output: expectedOutput === '' ? null : expectedOutput,
      });
    return form.submit(found, save, {
      onSaved: () => onOpenChange(false),
      failure: () => (input ? 'Failed to update input' : 'Failed to create input'),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={input ? 'Edit Input' : 'New Input'}
      submitLabel={input ? 'Update' : 'Create'}
      onSubmit={submit}
      {...form.dialogProps}
      className="sm:max-w-3xl"
      closeOnOutsideClick={false}
      formClassName="space-y-4"
    >
      <NameField
        value={name}
        error={errors.name}
        onChange={(value, stillInvalid) => form.edit({ name: value }, 'name', stillInvalid)}
      />
      <CodeEditor
        label="Content"
        required
        value={content}
        onChange={(value) => form.edit({ content: value }, 'content', requiredError(value, CONTENT_REQUIRED))}
        error={errors.content}
        placeholder="The user message to send, e.g. a document to summarise"
      />
      <VariablesEditor
        rows={variables}
        onChange={(rows) => {
          form.update({ variables: rows });
          // Unlike the other fields, the message follows the rows while it shows: a fixed name can reveal the next one.
          form.setErrors((current) => ({
            ...current,
            variables: current.variables && (variableRowsError(rows) ?? undefined),
          }));
        }}
        content={content}
        error={errors.variables ?? null}
      />
      <Field label="Expected output" hint="Optional: the answer you want, kept with the results for comparison.">
        {(field) => (
          <TextArea
            {...field}
            value={expectedOutput}
            onChange={(event) => form.update({ expectedOutput: event.target.value })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
