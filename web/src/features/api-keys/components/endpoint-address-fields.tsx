import { useWatch, type UseFormReturn } from 'react-hook-form';
import { AZURE_DEFAULT_API_VERSION } from '@promptgrid/contract';
import { Field, inputClasses, TextInput } from '@/components/ui/field';
import type { EndpointValues } from '../lib/endpoint-values';

type Props = { form: UseFormReturn<EndpointValues>; isNew: boolean };

/**
 * Where an endpoint is and what it speaks: its kind (chosen when it is added), its base URL (an Azure resource's
 * endpoint) and, for Azure OpenAI, the API version every request names.
 */
export function EndpointAddressFields({ form, isNew }: Props) {
  const { errors } = form.formState;
  const azure = useWatch({ control: form.control, name: 'kind' }) === 'azure';
  return (
    <>
      {isNew ? (
        <Field label="Kind" error={errors.kind?.message}>
          {(props) => (
            <select
              {...props}
              {...form.register('kind', {
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value === 'azure' && !form.getValues('api_version'))
                    form.setValue('api_version', AZURE_DEFAULT_API_VERSION);
                },
              })}
              className={inputClasses}
            >
              <option value="openai-compatible">OpenAI-compatible</option>
              <option value="azure">Azure OpenAI</option>
            </select>
          )}
        </Field>
      ) : null}
      <Field
        label={azure ? 'Resource endpoint' : 'Base URL'}
        required
        error={errors.base_url?.message}
        hint={
          azure
            ? "Your Azure OpenAI resource's endpoint, e.g. https://my-resource.openai.azure.com"
            : 'The address its /chat/completions and /models are under, e.g. http://localhost:11434/v1'
        }
      >
        {(props) => (
          <TextInput
            {...props}
            {...form.register('base_url')}
            inputMode="url"
            placeholder={azure ? 'https://my-resource.openai.azure.com' : 'https://openrouter.ai/api/v1'}
            spellCheck={false}
          />
        )}
      </Field>
      {azure ? (
        <Field
          label="API version"
          required
          error={errors.api_version?.message}
          hint="Sent as api-version with every request. Each model below is a deployment's name."
        >
          {(props) => <TextInput {...props} {...form.register('api_version')} className="w-48" spellCheck={false} />}
        </Field>
      ) : null}
    </>
  );
}
