import { useState, type FormEvent } from 'react';
import type { CreateInputInput, Input } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { CodeEditor } from '@/components/ui/code-editor';
import { openingKey } from '@/components/ui/dialog';
import { Field, TextArea } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField, nameError } from '@/components/ui/name-field';
import { useDraftForm } from '@/lib/draft-form';
import { clearFixedError, requiredError } from '@/lib/field-errors';
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

/**
 * 'New Input' / 'Edit Input': name and a line-numbered content area, both required; then the variables its templates
 * are filled with and the output wanted, both optional.
 */
export function InputEditorDialog(props: Props) {
  return <InputEditorForm key={openingKey(props.open, props.input?.id)} {...props} />;
}

function InputEditorForm({ open, onOpenChange, projectId, input, onSave }: Props) {
  const form = useDraftForm(
    { projectId, dialog: input ? `input:${input.id}` : 'input:new', open },
    {
      name: input?.name ?? '',
      content: input?.content ?? '',
      variables: variableRowsOf(input?.variables ?? {}) as VariableRow[],
      expectedOutput: input?.expected_output ?? '',
    },
  );
  const { name, content, variables, expectedOutput } = form.values;
  const [errors, setErrors] = useState<{ name?: string; content?: string; variables?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: nameError(name),
      content: requiredError(content, CONTENT_REQUIRED),
      variables: variableRowsError(variables) ?? undefined,
    };
    setErrors(next);
    if (next.name || next.content || next.variables) return;
    setSaving(true);
    setSaveError(null);
    try {
      await onSave({
        name: name.trim(),
        content,
        variables: variablesOf(variables),
        expected_output: expectedOutput === '' ? null : expectedOutput,
      });
      form.discard();
      onOpenChange(false);
    } catch {
      setSaveError(input ? 'Failed to update input' : 'Failed to create input');
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={input ? 'Edit Input' : 'New Input'}
      saving={saving}
      submitLabel={input ? 'Update' : 'Create'}
      onSubmit={submit}
      saveError={saveError}
      className="sm:max-w-3xl"
      closeOnOutsideClick={false}
      dirty={form.dirty}
      onDiscard={form.discard}
      formClassName="space-y-4"
    >
      {form.restored ? <Banner tone="info">Your unsaved changes were restored.</Banner> : null}
      <NameField
        value={name}
        error={errors.name}
        onChange={(value, stillInvalid) => {
          form.update({ name: value });
          setErrors((current) => clearFixedError(current, 'name', stillInvalid));
        }}
      />
      <CodeEditor
        label="Content"
        required
        value={content}
        onChange={(value) => {
          form.update({ content: value });
          setErrors((current) => clearFixedError(current, 'content', requiredError(value, CONTENT_REQUIRED)));
        }}
        error={errors.content}
        placeholder="The user message to send, e.g. a document to summarise"
      />
      <VariablesEditor
        rows={variables}
        onChange={(rows) => {
          form.update({ variables: rows });
          setErrors((current) => ({
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
