import { useMemo, useState, type FormEvent } from 'react';
import {
  LIMITS,
  PROVIDER_LABELS,
  aiModelLabel,
  formatUsd,
  type AiModel,
  type Configuration,
} from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Checkbox } from '@/components/ui/checkbox';
import { CodeEditor } from '@/components/ui/code-editor';
import { openingKey } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField, nameError } from '@/components/ui/name-field';
import { Field, TextInput, inputClasses } from '@/components/ui/field';
import { useEditorForm } from '@/lib/editor-form';
import { requiredError } from '@/lib/field-errors';
import { useAiModels } from '@/lib/api/get-ai-models';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import {
  maxTokensLimit,
  parseMaxTokens,
  providerSpecificParams,
  showsJsonMode,
  temperatureError,
} from '../lib/parameters';
import { TemperatureField } from './temperature-field';
import { VersionsPanel } from './versions-panel';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new configuration. */
  configuration: Configuration | null;
  projectId: string;
  onSave: (data: SaveConfigurationPayload) => Promise<unknown>;
};

type Errors = { name?: string; prompt?: string; model?: string; temperature?: string; maxTokens?: string };

const PROMPT_REQUIRED = 'Prompt template is required.';
const MODEL_REQUIRED = 'AI model is required.';

const formOf = (c: Configuration | null) => ({
  name: c?.name ?? '',
  prompt: c?.prompt.content ?? '',
  modelId: c ? String(c.ai_model.id) : '',
  temperature: c?.parameters.temperature ?? LIMITS.temperature.default,
  maxTokens: c?.parameters.max_tokens == null ? '' : String(c.parameters.max_tokens),
  jsonMode: c?.json_mode ?? false,
});

/** 'New Prompt Configuration' / 'Edit Prompt Configuration': name, model, parameters and the prompt. */
/** The chosen model's published price, as the catalog gives it, or that it is not known. */
const modelPriceText = (price: AiModel['price']) =>
  price
    ? `Price: ${formatUsd(price.input_per_mtok)} input / ${formatUsd(price.output_per_mtok)} output per million ` +
      `tokens (as of ${price.as_of}).`
    : 'Price: unknown.';

export function ConfigurationEditorDialog(props: Props) {
  return <ConfigurationEditorForm key={openingKey(props.open, props.configuration?.id)} {...props} />;
}

function ConfigurationEditorForm({ open, onOpenChange, configuration, projectId, onSave }: Props) {
  const models = useAiModels({ enabled: open });
  const form = useEditorForm<ReturnType<typeof formOf>, Errors>(
    { projectId, dialog: configuration ? `configuration:${configuration.id}` : 'configuration:new', open },
    formOf(configuration),
  );
  const { name, prompt, modelId, temperature, maxTokens, jsonMode } = form.values;
  const { errors } = form;
  const [restoredVersion, setRestoredVersion] = useState<number | null>(null);

  const model = useMemo(() => models.data?.find((m) => String(m.id) === modelId) ?? null, [models.data, modelId]);
  const jsonVisible = showsJsonMode(model);
  const tokenLimit = maxTokensLimit(model);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tokens = parseMaxTokens(maxTokens, tokenLimit);
    const found: Errors = {
      name: nameError(name),
      prompt: requiredError(prompt, PROMPT_REQUIRED),
      model: requiredError(modelId, MODEL_REQUIRED),
      temperature: temperatureError(temperature) ?? undefined,
      maxTokens: tokens.error ?? undefined,
    };
    const save = () =>
      onSave({
        name: name.trim(),
        prompt_content: prompt,
        ai_model_id: Number(modelId),
        parameters: { temperature, max_tokens: tokens.value },
        provider_specific_params: providerSpecificParams(model, jsonMode),
        project: Number(projectId),
      });
    return form.submit(found, save, {
      onSaved: () => onOpenChange(false),
      failure: (error) => (error instanceof Error && error.message) || 'Failed to save prompt',
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={configuration ? 'Edit Prompt Configuration' : 'New Prompt Configuration'}
      submitLabel={configuration ? 'Update' : 'Create'}
      onSubmit={submit}
      {...form.dialogProps}
      className="sm:max-w-3xl"
      closeOnOutsideClick
      formClassName="space-y-5"
    >
      {restoredVersion !== null ? (
        <Banner tone="info">{`Version ${restoredVersion} is in the editor. Update to save it as a new version.`}</Banner>
      ) : null}
      <NameField
        value={name}
        error={errors.name}
        onChange={(value, stillInvalid) => form.edit({ name: value }, 'name', stillInvalid)}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="AI model" error={errors.model} hint={model ? modelPriceText(model.price) : undefined}>
          {(props) => (
            <select
              {...props}
              required
              value={modelId}
              onChange={(event) =>
                form.edit({ modelId: event.target.value }, 'model', requiredError(event.target.value, MODEL_REQUIRED))
              }
              className={inputClasses}
              disabled={models.isPending}
            >
              <option value="">{models.isPending ? 'Loading models…' : 'Select a model'}</option>
              {(models.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {aiModelLabel(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Max tokens"
          error={errors.maxTokens}
          hint={`${LIMITS.maxTokens.min} to ${tokenLimit}${model ? ` for ${model.model_name}` : ''}; leave empty for the model's default.`}
        >
          {(props) => (
            <TextInput
              {...props}
              inputMode="numeric"
              placeholder="Default"
              value={maxTokens}
              autoComplete="off"
              onChange={(event) =>
                form.edit(
                  { maxTokens: event.target.value },
                  'maxTokens',
                  parseMaxTokens(event.target.value, tokenLimit).error,
                )
              }
            />
          )}
        </Field>
      </div>
      {models.isError ? <Banner tone="error">Failed to load AI models</Banner> : null}

      <TemperatureField
        value={temperature}
        error={errors.temperature}
        ignoredBy={model && !model.supports_temperature ? model.model_name : null}
        onChange={(next) => form.edit({ temperature: next }, 'temperature', temperatureError(next))}
      />

      {jsonVisible && model ? (
        <fieldset className="rounded-md border border-slate-200 px-4 pt-1 pb-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {PROVIDER_LABELS[model.company]} options
          </legend>
          <Checkbox
            checked={jsonMode}
            onCheckedChange={(checked) => form.update({ jsonMode: checked })}
            description="The model answers with a JSON object."
          >
            JSON mode
          </Checkbox>
        </fieldset>
      ) : null}

      {configuration ? (
        <VersionsPanel
          configurationId={configuration.id}
          editorText={prompt}
          onRestore={(version) => {
            form.update({
              prompt: version.prompt.content,
              modelId: String(version.ai_model.id),
              temperature: version.parameters.temperature,
              maxTokens: version.parameters.max_tokens === null ? '' : String(version.parameters.max_tokens),
              jsonMode: version.provider_specific_params.json_mode === true,
            });
            form.setErrors({});
            setRestoredVersion(version.version);
          }}
        />
      ) : null}

      <CodeEditor
        label="Prompt template"
        required
        value={prompt}
        onChange={(value) => form.edit({ prompt: value }, 'prompt', requiredError(value, PROMPT_REQUIRED))}
        error={errors.prompt}
        placeholder="You are a helpful assistant that…"
      />
    </FormDialog>
  );
}
