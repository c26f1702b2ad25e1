import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CHECK_TYPE_LABELS,
  CHECK_TYPES,
  aiModelLabel,
  type AiModel,
  type Check,
  type Configuration,
  type Input,
} from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { useReportDirty } from '@/components/ui/discard-guard';
import { Field, TextArea, TextInput, inputClasses } from '@/components/ui/field';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { NameField } from '@/components/ui/name-field';
import { contractResolver, placeServerErrors } from '@/lib/contract-form';
import { useSaveCheck } from '../api/save-check';
import {
  NO_VALUE_HINTS,
  VALUE_FIELDS,
  checkFieldOf,
  checkSchema,
  toPayload,
  valuesOf,
  type CheckValues,
} from '../lib/check-form';
import { CheckPreview, type PreviewRun } from './check-preview';
import { ScopeField, type ScopeFieldProps } from './scope-field';
import { ToolArgumentFields } from './tool-argument-fields';

type Props = {
  projectId: string;
  /** null: a new check. */
  check: Check | null;
  inputs: Input[];
  /** The project's configurations, for a rule check's scope. */
  configurations: Configuration[];
  models: AiModel[] | undefined;
  modelsError: boolean;
  run: PreviewRun | null;
  /** The form's id: its buttons sit in the dialog's footer, which stays in view while the form scrolls. */
  formId: string;
  onSavingChange: (saving: boolean) => void;
  /** Whether the form holds changes, for the panel to ask before closing over them. */
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (check: Check) => void;
};

/** The check as typed, ready for the preview (which needs no name yet: it stores nothing), or what is wrong with it. */
function previewOf(values: CheckValues) {
  const parsed = checkSchema.safeParse({ ...values, name: values.name.trim() || 'Preview' });
  return parsed.success
    ? { check: parsed.data, problem: null }
    : { check: null, problem: parsed.error.issues[0]?.message ?? null };
}

/** One check's form, with a live preview of its verdicts on the run on screen. */
export function CheckEditor(props: Props) {
  const { projectId, check, inputs, configurations, models, modelsError, run, formId } = props;
  const { onSavingChange, onDirtyChange, onSaved } = props;
  // Messages show after a submit (the browser's own rules, then the server's) and go as each field is fixed.
  const form = useForm<CheckValues>({
    defaultValues: valuesOf(check),
    resolver: contractResolver<CheckValues>(checkSchema),
  });
  const values = useWatch({ control: form.control }) as CheckValues;
  const { errors, isDirty } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSaveCheck(projectId);
  const preview = previewOf(values);

  const submit = form.handleSubmit(async (valid) => {
    setSaveError(null);
    onSavingChange(true);
    try {
      onSaved(await save.mutateAsync({ id: check?.id ?? null, data: toPayload(valid) }));
    } catch (error) {
      const rest = placeServerErrors(error, form.setError, checkFieldOf);
      setSaveError(
        rest === undefined ? (error instanceof Error && error.message) || 'Failed to save the check.' : rest,
      );
    } finally {
      onSavingChange(false);
    }
  });

  const valueField = VALUE_FIELDS[values.type];
  /** Which user prompts' or configurations' outputs the check scores: all, or the ones ticked. */
  const scopeField = (
    name: 'input_ids' | 'configuration_ids',
    scopeName: 'scope' | 'configuration_scope',
    labels: Pick<ScopeFieldProps, 'noun' | 'legend' | 'items'>,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <ScopeField
          {...labels}
          scope={values[scopeName]}
          ids={field.value}
          error={fieldState.error?.message}
          onChange={(scope, ids) => {
            // The scope first: checking the list reads it.
            form.setValue(scopeName, scope);
            field.onChange(ids);
          }}
        />
      )}
    />
  );
  return (
    <form
      id={formId}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-label={check ? `Edit ${check.name}` : 'New check'}
    >
      <h3 className="text-base font-semibold">{check ? `Edit “${check.name}”` : 'New check'}</h3>
      {saveError ? <Banner>{saveError}</Banner> : null}
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <Field label="Type" error={errors.type?.message}>
        {(props) => (
          <select {...props} {...form.register('type', { deps: ['value', 'ai_model_id'] })} className={inputClasses}>
            {CHECK_TYPES.map((type) => (
              <option key={type} value={type}>
                {CHECK_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.type === 'llm_judge' ? (
        <Field label="Judge model" error={errors.ai_model_id?.message}>
          {(props) => (
            <select {...props} {...form.register('ai_model_id')} className={inputClasses} disabled={!models}>
              <option value="">{models ? 'Select a model' : 'Loading models…'}</option>
              {(models ?? []).map((model) => (
                <option key={model.id} value={model.id}>
                  {aiModelLabel(model)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {modelsError && values.type === 'llm_judge' ? <Banner>Failed to load AI models</Banner> : null}
      {values.type === 'tool_arg_equals' ? (
        <Controller
          control={form.control}
          name="value"
          render={({ field, fieldState }) => (
            <ToolArgumentFields value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
          )}
        />
      ) : valueField ? (
        <Field
          label={valueField.label}
          error={errors.value?.message}
          hint={valueField.hint}
          required={!valueField.optional}
        >
          {(props) =>
            valueField.multiline ? (
              <TextArea
                {...props}
                {...form.register('value')}
                spellCheck={!valueField.monospace}
                className={valueField.monospace ? 'font-mono text-xs' : undefined}
              />
            ) : (
              <TextInput
                {...props}
                {...form.register('value')}
                autoComplete="off"
                inputMode={valueField.numeric ? 'numeric' : undefined}
                className={valueField.monospace ? 'font-mono' : undefined}
              />
            )
          }
        </Field>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{NO_VALUE_HINTS[values.type]}</p>
      )}
      {scopeField('input_ids', 'scope', { noun: 'user prompts', legend: 'Applies to', items: inputs })}
      {values.type === 'llm_judge'
        ? null
        : scopeField('configuration_ids', 'configuration_scope', {
            noun: 'configurations',
            legend: 'Applies to the outputs of',
            items: configurations,
          })}
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <LabelledSwitch
            label="Active"
            checked={field.value}
            onCheckedChange={field.onChange}
            hint="An inactive check scores nothing until it is switched on again."
          />
        )}
      />
      <CheckPreview run={run} type={values.type} check={preview.check} problem={preview.problem} />
    </form>
  );
}
