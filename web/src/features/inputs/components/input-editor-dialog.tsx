import { Controller } from 'react-hook-form';
import { LIMITS, type CreateInputInput, type Input } from '@promptgrid/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { MessagesEditor } from '@/components/ui/messages-editor';
import { CodeEditorField } from '@/components/ui/code-editor-field';
import { openingKey } from '@/components/ui/dialog';
import { Field, TextArea } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField } from '@/components/ui/name-field';
import { contractResolver, fieldMessage } from '@/lib/contract-form';
import { useEditorForm } from '@/lib/editor-form';
import { inputFieldOf, inputSchema, toPayload, valuesOf, type InputValues } from '../lib/input-form';
import { VariablesEditor } from './variables-editor';
import { InputImagesField } from './input-images-field';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  /** null: create a new input. */
  input: Input | null;
  onSave: (data: CreateInputInput) => Promise<unknown>;
};

/**
 * 'New Input' / 'Edit Input': name and a line-numbered content area, both required; then the variables its templates
 * are filled with and the output wanted, both optional.
 */
export function InputEditorDialog(props: Props) {
  return <InputEditorForm key={openingKey(props.open, props.input?.id)} {...props} />;
}

function InputEditorForm({ open, onOpenChange, projectId, input, onSave }: Props) {
  const editor = useEditorForm(
    { projectId, dialog: input ? `input:${input.id}` : 'input:new', open },
    valuesOf(input),
    contractResolver<InputValues>(inputSchema),
  );
  const { form, values } = editor;
  const { errors } = form.formState;

  const submit = editor.submitWith((valid) => onSave(toPayload(valid)), {
    onSaved: () => onOpenChange(false),
    failure: () => (input ? 'Failed to update input' : 'Failed to create input'),
    fieldOf: inputFieldOf,
    valuesOfSaved: (saved) => valuesOf(saved as Input),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={input ? 'Edit Input' : 'New Input'}
      submitLabel={input ? 'Update' : 'Create'}
      onSubmit={(event) => void submit(event)}
      {...editor.dialogProps}
      className="sm:max-w-3xl"
      closeOnOutsideClick={false}
      formClassName="space-y-4"
    >
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <Controller
        control={form.control}
        name="conversation"
        render={({ field }) => (
          <Checkbox
            checked={field.value}
            onCheckedChange={(on) => {
              // A text becomes the first user message of the conversation it turns into.
              if (on && values.messages.length === 0 && values.content.trim() !== '')
                form.setValue('messages', [{ role: 'user', content: values.content }]);
              field.onChange(on);
            }}
            description="User and assistant messages, the last one the user's, instead of one text."
          >
            Conversation
          </Checkbox>
        )}
      />
      {values.conversation ? (
        <Controller
          control={form.control}
          name="messages"
          render={({ field, fieldState }) => (
            <MessagesEditor
              legend="Conversation"
              hint="Sent after the system prompt's own messages; the model answers the last user message."
              messages={field.value}
              onChange={field.onChange}
              error={fieldMessage(fieldState.error) ?? null}
            />
          )}
        />
      ) : (
        <CodeEditorField
          control={form.control}
          name="content"
          label="Content"
          placeholder="The user message to send, e.g. a document to summarise"
          maxLength={LIMITS.contentMaxLength}
        />
      )}
      <Controller
        control={form.control}
        name="variables"
        render={({ field, fieldState }) => (
          <VariablesEditor
            rows={field.value}
            onChange={field.onChange}
            content={values.conversation ? values.messages.map((m) => m.content).join('\n') : values.content}
            error={fieldMessage(fieldState.error) ?? null}
          />
        )}
      />
      <InputImagesField projectId={projectId} input={input} />
      <Field
        label="Expected output"
        error={errors.expected_output?.message}
        hint="Optional: the answer you want, kept with the results for comparison."
      >
        {(field) => <TextArea {...field} {...form.register('expected_output')} />}
      </Field>
    </FormDialog>
  );
}
