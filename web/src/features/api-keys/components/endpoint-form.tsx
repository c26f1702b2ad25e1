import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { Endpoint } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useReportDirty } from '@/components/ui/discard-guard';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api-client';
import { placeServerErrors } from '@/lib/contract-form';
import { useFetchEndpointModels } from '../api/fetch-endpoint-models';
import { useSaveEndpoint } from '../api/save-endpoint';
import { emptyModel, type EndpointValues } from '../lib/endpoint-values';
import { EndpointAddressFields } from './endpoint-address-fields';
import { EndpointModelRow } from './endpoint-model-row';

const valuesOf = (endpoint: Endpoint | null): EndpointValues => ({
  name: endpoint?.name ?? '',
  kind: endpoint?.kind ?? 'openai-compatible',
  base_url: endpoint?.base_url ?? '',
  api_version: endpoint?.api_version ?? '',
  key: '',
  headers: '',
  concurrency: endpoint?.concurrency === null || endpoint === null ? '' : String(endpoint.concurrency),
  models:
    endpoint?.models.map((m) => ({
      model_name: m.model_name,
      input_per_mtok: m.input_per_mtok === null ? '' : String(m.input_per_mtok),
      output_per_mtok: m.output_per_mtok === null ? '' : String(m.output_per_mtok),
      supports_json_mode: m.supports_json_mode,
      supports_reasoning_effort: m.supports_reasoning_effort,
    })) ?? [],
});

/** Text as a number for the API; empty is null, anything else unreadable is sent as typed so the server names it. */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    headers[(colon === -1 ? line : line.slice(0, colon)).trim()] = colon === -1 ? '' : line.slice(colon + 1).trim();
  }
  return headers;
}

/** Where a field of the API's 400 answer shows on this form. */
function fieldOf(key: string): FieldPath<EndpointValues> | null {
  if (['name', 'kind', 'base_url', 'api_version', 'key', 'concurrency'].includes(key))
    return key as FieldPath<EndpointValues>;
  if (key.startsWith('headers')) return 'headers';
  const model = /^models\.(\d+)\.(model_name|input_per_mtok|output_per_mtok)$/.exec(key);
  if (model) return `models.${Number(model[1])}.${model[2] as 'model_name'}`;
  return null;
}

/**
 * Adds or edits an OpenAI-compatible endpoint or an Azure OpenAI resource: its address, key and headers (write-only:
 * the saved ones are never shown), and its models typed in, or fetched from an OpenAI-compatible one once it is saved.
 */
export function EndpointForm({
  endpoint,
  onDone,
  onDirtyChange,
}: {
  endpoint: Endpoint | null;
  onDone: (saved: Endpoint) => void;
  /** Whether the form holds changes, for the dialog to ask before closing over them. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const save = useSaveEndpoint();
  const fetchModels = useFetchEndpointModels();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<EndpointValues>({ defaultValues: valuesOf(endpoint) });
  const models = useFieldArray({ control: form.control, name: 'models' });
  const { errors, isDirty } = form.formState;
  const azure = useWatch({ control: form.control, name: 'kind' }) === 'azure';
  useReportDirty(isDirty, onDirtyChange);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const headers = headersOf(values.headers);
    try {
      const saved = await save.mutateAsync({
        id: endpoint?.id ?? null,
        input: {
          name: values.name,
          ...(endpoint === null ? { kind: values.kind } : {}),
          base_url: values.base_url.trim(),
          ...(values.kind === 'azure' ? { api_version: values.api_version.trim() } : {}),
          // Editing: an empty key field keeps the saved key, empty headers keep the saved headers.
          ...(values.key.trim() || endpoint === null ? { key: values.key.trim() } : {}),
          ...(Object.keys(headers).length > 0 || endpoint === null ? { headers } : {}),
          concurrency: numberOrNull(values.concurrency),
          models: values.models.map((m) => ({
            model_name: m.model_name.trim(),
            input_per_mtok: numberOrNull(m.input_per_mtok),
            output_per_mtok: numberOrNull(m.output_per_mtok),
            supports_json_mode: m.supports_json_mode,
            supports_reasoning_effort: m.supports_reasoning_effort,
          })),
        },
      });
      onDone(saved);
    } catch (failure) {
      const rest = placeServerErrors(failure, form.setError, fieldOf);
      if (rest !== null)
        setMessage(rest ?? (failure instanceof ApiError ? failure.message : 'Failed to save endpoint'));
    }
  });

  async function addFetchedModels() {
    if (!endpoint) return;
    setMessage(null);
    try {
      const { models: fetched } = await fetchModels.mutateAsync(endpoint.id);
      const known = new Set(form.getValues('models').map((m) => m.model_name));
      const added = fetched.filter((name) => !known.has(name));
      models.append(added.map((model_name) => ({ ...emptyModel, model_name })));
      setMessage(
        added.length > 0
          ? `Added ${added.length} model${added.length === 1 ? '' : 's'} from the endpoint. Save to keep them.`
          : 'The endpoint lists no models that are not here already.',
      );
    } catch (failure) {
      setMessage(failure instanceof ApiError ? failure.message : 'Failed to fetch models');
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={endpoint ? `Edit ${endpoint.name}` : 'New endpoint'}
      className="space-y-3"
    >
      <Field label="Name" required error={errors.name?.message}>
        {(props) => <TextInput {...props} {...form.register('name')} placeholder="Local Ollama" />}
      </Field>
      <EndpointAddressFields form={form} isNew={endpoint === null} />
      <Field
        label="API key (optional)"
        error={errors.key?.message}
        hint={endpoint?.has_key ? `Saved key ending in ${endpoint.last_four_digits}; leave empty to keep it.` : null}
      >
        {(props) => (
          <TextInput {...props} {...form.register('key')} type="password" autoComplete="off" spellCheck={false} />
        )}
      </Field>
      <Field
        label="Extra headers (optional)"
        error={errors.headers?.message}
        hint={
          endpoint && endpoint.header_names.length > 0
            ? `Saved: ${endpoint.header_names.join(', ')}; leave empty to keep them. One 'Name: value' a line.`
            : "One 'Name: value' a line."
        }
      >
        {(props) => (
          <TextArea {...props} {...form.register('headers')} className="min-h-16 font-mono" spellCheck={false} />
        )}
      </Field>
      <Field
        label="Calls at once (optional)"
        error={errors.concurrency?.message}
        hint="A local server often answers one request at a time: 1."
      >
        {(props) => <TextInput {...props} {...form.register('concurrency')} inputMode="numeric" className="w-28" />}
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Models</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Prices are USD per million tokens; without them a run&apos;s cost shows as unknown.
        </p>
        {models.fields.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No models yet.</p>
        ) : null}
        <ul className="space-y-3">
          {models.fields.map((field, index) => (
            <EndpointModelRow key={field.id} index={index} form={form} onRemove={() => models.remove(index)} />
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => models.append(emptyModel)}>
            <PlusIcon className="size-4" />
            Add model
          </Button>
          {endpoint && !azure ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void addFetchedModels()}
              disabled={fetchModels.isPending}
            >
              {fetchModels.isPending ? 'Fetching models...' : 'Fetch models'}
            </Button>
          ) : (
            <p className="self-center text-xs text-slate-500 dark:text-slate-400">
              {azure
                ? 'An Azure resource lists no deployments: type each name in.'
                : 'Save the endpoint to fetch its models.'}
            </p>
          )}
        </div>
      </fieldset>

      {message ? <Banner tone="info">{message}</Banner> : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save endpoint'}
        </Button>
      </div>
    </form>
  );
}
