import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  LIMITS,
  MODEL_COMPANY_LABELS,
  formatUsd,
  maxTokensOrDefault,
  type AiModel,
  type Configuration,
} from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Checkbox } from '@/components/ui/checkbox';
import { CodeEditorField } from '@/components/ui/code-editor-field';
import { openingKey } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { NameField } from '@/components/ui/name-field';
import { Field, TextInput, inputClasses } from '@/components/ui/field';
import { contractResolver } from '@/lib/contract-form';
import { useEditorForm } from '@/lib/editor-form';
import { useAiModels } from '@/lib/api/get-ai-models';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import {
  configurationFieldOf,
  configurationSchema,
  reasoningValuesOf,
  toPayload,
  valuesOf,
  type ConfigurationValues,
} from '../lib/configuration-form';
import { maxTokensLimit, showsJsonMode } from '../lib/parameters';
import { MessageTemplateFields } from './message-template-fields';
import { ModelOptions } from './model-options';
import { ReasoningField } from './reasoning-field';
import { toolingValuesOf } from '../lib/tooling-form';
import { TemperatureField } from './temperature-field';
import { ToolingFields } from './tooling-fields';
import { VersionsPanel } from './versions-panel';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new configuration. */
  configuration: Configuration | null;
  projectId: string;
  onSave: (data: SaveConfigurationPayload) => Promise<unknown>;
};

/** The chosen model's published price, as the catalog gives it, or that it is not known. */
const modelPriceText = (price: AiModel['price']) =>
  price
    ? `Price: ${formatUsd(price.input_per_mtok)} input / ${formatUsd(price.output_per_mtok)} output per million ` +
      `tokens (as of ${price.as_of}).`
    : 'Price: unknown.';

/** 'New Prompt Configuration' / 'Edit Prompt Configuration': name, model, parameters and the prompt. */
export function ConfigurationEditorDialog(props: Props) {
  return <ConfigurationEditorForm key={openingKey(props.open, props.configuration?.id)} {...props} />;
}

function ConfigurationEditorForm({ open, onOpenChange, configuration, projectId, onSave }: Props) {
  const models = useAiModels({ enabled: open });
  const [model, setModel] = useState<AiModel | null>(null);
  const editor = useEditorForm(
    { projectId, dialog: configuration ? `configuration:${configuration.id}` : 'configuration:new', open },
    valuesOf(configuration),
    contractResolver<ConfigurationValues>(configurationSchema(model, projectId)),
  );
  const { form, values } = editor;
  const { errors } = form.formState;
  const [restoredVersion, setRestoredVersion] = useState<number | null>(null);

  const chosen = useMemo(
    () => models.data?.find((m) => String(m.id) === values.ai_model_id) ?? null,
    [models.data, values.ai_model_id],
  );
  if (chosen !== model) setModel(chosen);
  const jsonVisible = showsJsonMode(model);
  const tokenLimit = maxTokensLimit(model);

  const submit = editor.submitWith((valid) => onSave(toPayload(valid, model, projectId)), {
    onSaved: () => onOpenChange(false),
    failure: (error) => (error instanceof Error && error.message) || 'Failed to save prompt',
    fieldOf: configurationFieldOf,
    valuesOfSaved: (saved) => valuesOf(saved as Configuration),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={configuration ? 'Edit Prompt Configuration' : 'New Prompt Configuration'}
      submitLabel={configuration ? 'Update' : 'Create'}
      onSubmit={(event) => void submit(event)}
      {...editor.dialogProps}
      className="sm:max-w-3xl"
      closeOnOutsideClick
      formClassName="space-y-5"
    >
      {restoredVersion !== null ? (
        <Banner tone="info">{`Version ${restoredVersion} is in the editor. Update to save it as a new version.`}</Banner>
      ) : null}
      <NameField registration={form.register('name')} error={errors.name?.message} />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="AI model"
          error={errors.ai_model_id?.message}
          hint={model ? modelPriceText(model.price) : undefined}
        >
          {(props) => (
            // Controlled: the saved model's option arrives with the models list, after the select is mounted, and
            // an uncontrolled select would keep showing the empty option it could only pick at mount.
            <Controller
              control={form.control}
              name="ai_model_id"
              render={({ field }) => (
                <select {...props} {...field} required className={inputClasses} disabled={models.isPending}>
                  <ModelOptions models={models.data} pending={models.isPending} />
                </select>
              )}
            />
          )}
        </Field>
        <Field
          label="Max tokens"
          error={errors.parameters?.max_tokens?.message}
          hint={
            model
              ? `${LIMITS.maxTokens.min} to ${tokenLimit} for ${model.model_name}; leave empty for the model's default ` +
                `(${maxTokensOrDefault(null, model.default_max_tokens)}, what the cost estimate counts at most).`
              : `${LIMITS.maxTokens.min} to ${tokenLimit}; leave empty for the model's default.`
          }
        >
          {(props) => (
            <TextInput
              {...props}
              {...form.register('parameters.max_tokens')}
              inputMode="numeric"
              placeholder="Default"
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      {models.isError ? <Banner tone="error">Failed to load AI models</Banner> : null}

      <Controller
        control={form.control}
        name="parameters.temperature"
        render={({ field, fieldState }) => (
          <TemperatureField
            value={field.value}
            error={fieldState.error?.message}
            ignoredBy={model && !model.supports_temperature ? model.model_name : null}
            onChange={field.onChange}
          />
        )}
      />

      <ReasoningField
        model={model}
        register={form.register}
        errors={{
          effort: errors.parameters?.reasoning?.effort?.message,
          budget_tokens: errors.parameters?.reasoning?.budget_tokens?.message,
        }}
      />

      {jsonVisible && model ? (
        <fieldset className="rounded-md border border-slate-200 px-4 pt-1 pb-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {model.endpoint?.name ?? MODEL_COMPANY_LABELS[model.company]} options
          </legend>
          <Controller
            control={form.control}
            name="json_mode"
            render={({ field }) => (
              <Checkbox
                checked={field.value}
                onCheckedChange={field.onChange}
                description="The model answers with a JSON object."
              >
                JSON mode
              </Checkbox>
            )}
          />
        </fieldset>
      ) : null}

      {configuration ? (
        <VersionsPanel
          configurationId={configuration.id}
          editorText={values.prompt_content}
          onRestore={(version) => {
            form.reset(
              {
                ...values,
                prompt_content: version.prompt.content,
                messages: version.messages,
                user_template: version.user_template,
                ai_model_id: String(version.ai_model.id),
                parameters: {
                  temperature: version.parameters.temperature,
                  max_tokens: version.parameters.max_tokens === null ? '' : String(version.parameters.max_tokens),
                  reasoning: reasoningValuesOf(version.parameters.reasoning),
                },
                json_mode: version.provider_specific_params.json_mode === true,
                ...toolingValuesOf(version),
              },
              // The saved configuration stays what Discard and the draft compare with.
              { keepDefaultValues: true },
            );
            setRestoredVersion(version.version);
          }}
        />
      ) : null}

      <CodeEditorField
        control={form.control}
        name="prompt_content"
        label="Prompt template"
        placeholder="You are a helpful assistant that…"
      />
      <MessageTemplateFields control={form.control} register={form.register} errors={errors} />

      <ToolingFields form={form} />
    </FormDialog>
  );
}
