import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field, TextArea } from '@/components/ui/field';
import { MessagesEditor } from '@/components/ui/messages-editor';
import { fieldMessage } from '@/lib/contract-form';
import type { ConfigurationValues } from '../lib/configuration-form';

type Props = {
  control: Control<ConfigurationValues>;
  register: UseFormRegister<ConfigurationValues>;
  errors: FieldErrors<ConfigurationValues>;
};

/** What a configuration sends after its system prompt: fixed messages (few-shot examples), then the user template. */
export function MessageTemplateFields({ control, register, errors }: Props) {
  return (
    <>
      <Controller
        control={control}
        name="messages"
        render={({ field, fieldState }) => (
          <MessagesEditor
            legend="Messages"
            hint={
              'Sent after the system prompt and before each input: few-shot examples or the start of a ' +
              'conversation. {{variables}} are filled in.'
            }
            messages={field.value}
            onChange={field.onChange}
            error={fieldMessage(fieldState.error) ?? null}
          />
        )}
      />
      <Field
        label="User message template"
        error={errors.user_template?.message}
        hint="The user message a text input is sent as: {{input}} is the input's content."
      >
        {/* A text area: a template often spans lines ("Topic: {{topic}}" then "Question: {{question}}"), which a
            one-line input would join. */}
        {(props) => <TextArea {...props} {...register('user_template')} rows={3} className="min-h-0 font-mono" />}
      </Field>
    </>
  );
}
