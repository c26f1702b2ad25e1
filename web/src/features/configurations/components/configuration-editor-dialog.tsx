import { useId, useMemo, useState, type FormEvent } from 'react';
import { Slider } from 'radix-ui';
import { LIMITS, PROVIDER_LABELS, aiModelLabel, type Configuration } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Checkbox } from '@/components/ui/checkbox';
import { CodeEditor } from '@/components/ui/code-editor';
import { openingKey } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField, nameError } from '@/components/ui/name-field';
import { Field, TextInput, inputClasses } from '@/components/ui/field';
import { clearFixedError, requiredError } from '@/lib/field-errors';
import { useAiModels } from '../api/get-ai-models';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import {
  parseMaxTokens,
  providerSpecificParams,
  roundTemperature,
  showsJsonMode,
  temperatureError,
} from '../lib/parameters';

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

/** 'New Prompt Configuration' / 'Edit Prompt Configuration': name, model, parameters and the prompt. */
export function ConfigurationEditorDialog(props: Props) {
  return <ConfigurationEditorForm key={openingKey(props.open, props.configuration?.id)} {...props} />;
}

function ConfigurationEditorForm({ open, onOpenChange, configuration, projectId, onSave }: Props) {
  const temperatureLabelId = useId();
  const models = useAiModels({ enabled: open });
  const parameters = configuration?.parameters;
  const [name, setName] = useState(configuration?.name ?? '');
  const [prompt, setPrompt] = useState(configuration?.prompt.content ?? '');
  const [modelId, setModelId] = useState(configuration ? String(configuration.ai_model.id) : '');
  const [temperature, setTemperature] = useState<number>(parameters?.temperature ?? LIMITS.temperature.default);
  const [maxTokens, setMaxTokens] = useState(parameters?.max_tokens == null ? '' : String(parameters.max_tokens));
  const [jsonMode, setJsonMode] = useState(configuration?.json_mode ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const model = useMemo(() => models.data?.find((m) => String(m.id) === modelId) ?? null, [models.data, modelId]);
  const jsonVisible = showsJsonMode(model);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tokens = parseMaxTokens(maxTokens);
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
      formClassName="space-y-5"
    >
      <NameField
        value={name}
        error={errors.name}
        onChange={(value, stillInvalid) => {
          setName(value);
          setErrors((current) => clearFixedError(current, 'name', stillInvalid));
        }}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="AI model" error={errors.model}>
          {(props) => (
            <select
              {...props}
              required
              value={modelId}
              onChange={(event) => {
                setModelId(event.target.value);
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
          hint={`${LIMITS.maxTokens.min} to ${LIMITS.maxTokens.max}; leave empty for the model's default.`}
        >
          {(props) => (
            <TextInput
              {...props}
              inputMode="numeric"
              placeholder="Default"
              value={maxTokens}
              autoComplete="off"
              onChange={(event) => {
                setMaxTokens(event.target.value);
                setErrors((current) => clearFixedError(current, 'maxTokens', parseMaxTokens(event.target.value).error));
              }}
            />
          )}
        </Field>
      </div>
      {models.isError ? <Banner tone="error">Failed to load AI models</Banner> : null}

      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <span id={temperatureLabelId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Temperature
          </span>
          <output
            aria-hidden
            className="rounded bg-slate-100 px-2 py-0.5 font-mono text-sm tabular-nums dark:bg-slate-800"
          >
            {temperature.toFixed(1)}
          </output>
        </div>
        <Slider.Root
          min={LIMITS.temperature.min}
          max={LIMITS.temperature.max}
          step={LIMITS.temperature.step}
          value={[temperature]}
          onValueChange={([value]) => {
            const next = roundTemperature(value ?? 0);
            setTemperature(next);
            setErrors((current) => clearFixedError(current, 'temperature', temperatureError(next)));
          }}
          className="relative flex h-5 w-full touch-none items-center select-none"
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200 dark:bg-slate-700">
            <Slider.Range className="absolute h-full rounded-full bg-blue-600" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={temperatureLabelId}
            aria-valuetext={temperature.toFixed(1)}
            className="block size-5 rounded-full border-2 border-blue-600 bg-white shadow focus-visible:ring-2 focus-visible:ring-blue-500/40 dark:bg-slate-900"
          />
        </Slider.Root>
        <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400" aria-hidden>
          <span>0 · precise</span>
          <span>1 · creative</span>
        </div>
        {errors.temperature ? <p className="text-sm text-red-700 dark:text-red-400">{errors.temperature}</p> : null}
      </div>

      {jsonVisible && model ? (
        <fieldset className="rounded-md border border-slate-200 px-4 pt-1 pb-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {PROVIDER_LABELS[model.company]} options
          </legend>
          <Checkbox
            checked={jsonMode}
            onCheckedChange={setJsonMode}
            description="The model answers with a JSON object."
          >
            JSON mode
          </Checkbox>
        </fieldset>
      ) : null}

      <CodeEditor
        label="Prompt template"
        required
        value={prompt}
        onChange={(value) => {
          setPrompt(value);
          setErrors((current) => clearFixedError(current, 'prompt', requiredError(value, PROMPT_REQUIRED)));
        }}
        error={errors.prompt}
        placeholder="You are a helpful assistant that…"
      />
    </FormDialog>
  );
}
