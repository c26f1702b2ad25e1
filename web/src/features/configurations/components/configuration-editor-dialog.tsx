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
import { useDraftForm } from '@/lib/draft-form';
import { clearFixedError, requiredError } from '@/lib/field-errors';
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
  const form = useDraftForm(
    { projectId, dialog: configuration ? `configuration:${configuration.id}` : 'configuration:new', open },
    formOf(configuration),
  );
  const { name, prompt, modelId, temperature, maxTokens, jsonMode } = form.values;
  const [errors, setErrors] = useState<Errors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [restoredVersion, setRestoredVersion] = useState<number | null>(null);

  const model = useMemo(() => models.data?.find((m) => String(m.id) === modelId) ?? null, [models.data, modelId]);
  const jsonVisible = showsJsonMode(model);
  const tokenLimit = maxTokensLimit(model);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tokens = parseMaxTokens(maxTokens, tokenLimit);
    const next: Errors = {
      name: nameError(name),
      prompt: requiredError(prompt, PROMPT_REQUIRED),
      model: requiredError(modelId, MODEL_REQUIRED),
      temperature: temperatureError(temperature) ?? undefined,
      maxTokens: tokens.error ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setSaving(true);
    setSaveError(null);
    try {
      await onSave({
        name: name.trim(),
        prompt_content: prompt,
        ai_model_id: Number(modelId),
        parameters: { temperature, max_tokens: tokens.value },
        provider_specific_params: providerSpecificParams(model, jsonMode),
        project: Number(projectId),
      });
      form.discard();
      onOpenChange(false);
    } catch (error) {
      setSaveError((error instanceof Error && error.message) || 'Failed to save prompt');
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={configuration ? 'Edit Prompt Configuration' : 'New Prompt Configuration'}
      saving={saving}
      submitLabel={configuration ? 'Update' : 'Create'}
      onSubmit={submit}
      saveError={saveError}
      className="sm:max-w-3xl"
      closeOnOutsideClick
      dirty={form.dirty}
      onDiscard={form.discard}
      formClassName="space-y-5"
    >
      {form.restored ? <Banner tone="info">Your unsaved changes were restored.</Banner> : null}
      {restoredVersion !== null ? (
        <Banner tone="info">{`Version ${restoredVersion} is in the editor. Update to save it as a new version.`}</Banner>
      ) : null}
      <NameField
        value={name}
        error={errors.name}
        onChange={(value, stillInvalid) => {
          form.update({ name: value });
          setErrors((current) => clearFixedError(current, 'name', stillInvalid));
        }}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="AI model" error={errors.model} hint={model ? modelPriceText(model.price) : undefined}>
          {(props) => (
            <select
              {...props}
              required
              value={modelId}
              onChange={(event) => {
                form.update({ modelId: event.target.value });
                setErrors((current) =>
                  clearFixedError(current, 'model', requiredError(event.target.value, MODEL_REQUIRED)),
                );
              }}
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
              onChange={(event) => {
                form.update({ maxTokens: event.target.value });
                setErrors((current) =>
                  clearFixedError(current, 'maxTokens', parseMaxTokens(event.target.value, tokenLimit).error),
                );
              }}
            />
          )}
        </Field>
      </div>
      {models.isError ? <Banner tone="error">Failed to load AI models</Banner> : null}

      <TemperatureField
        value={temperature}
        error={errors.temperature}
        ignoredBy={model && !model.supports_temperature ? model.model_name : null}
        onChange={(next) => {
          form.update({ temperature: next });
          setErrors((current) => clearFixedError(current, 'temperature', temperatureError(next)));
        }}
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
            setErrors({});
            setRestoredVersion(version.version);
          }}
        />
      ) : null}

      <CodeEditor
        label="Prompt template"
        required
        value={prompt}
        onChange={(value) => {
          form.update({ prompt: value });
          setErrors((current) => clearFixedError(current, 'prompt', requiredError(value, PROMPT_REQUIRED)));
        }}
        error={errors.prompt}
        placeholder="You are a helpful assistant that…"
      />
    </FormDialog>
  );
}
