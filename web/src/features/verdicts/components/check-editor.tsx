import { useMemo, useState, type FormEvent } from 'react';
import {
  CHECK_TYPE_LABELS,
  CHECK_TYPES,
  aiModelLabel,
  type AiModel,
  type Check,
  type Input,
} from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Field, TextArea, TextInput, inputClasses } from '@/components/ui/field';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { NameField } from '@/components/ui/name-field';
import { ApiError } from '@/lib/api-client';
import { useSaveCheck } from '../api/save-check';
import {
  NO_VALUE_HINTS,
  VALUE_FIELDS,
  formOf,
  hasErrors,
  serverCheckErrors,
  toPayload,
  validateCheck,
  type CheckErrors,
  type CheckField,
  type CheckForm,
} from '../lib/check-form';
import { CheckPreview, type PreviewRun } from './check-preview';
import { InputScopeField } from './input-scope-field';

type Props = {
  projectId: string;
  /** null: a new check. */
  check: Check | null;
  inputs: Input[];
  models: AiModel[] | undefined;
  modelsError: boolean;
  run: PreviewRun | null;
  /** The form's id: its buttons sit in the dialog's footer, which stays in view while the form scrolls. */
  formId: string;
  onSavingChange: (saving: boolean) => void;
  onSaved: (check: Check) => void;
};

const FIELDS_OF: Record<keyof CheckForm, CheckField[]> = {
  name: ['name'],
  type: ['type', 'value', 'ai_model_id'],
  value: ['value'],
  modelId: ['ai_model_id'],
  scope: ['input_ids'],
  inputIds: ['input_ids'],
  active: [],
};

/** One check's form, with a live preview of its verdicts on the run on screen. */
export function CheckEditor(props: Props) {
  const { projectId, check, inputs, models, modelsError, run, formId, onSavingChange, onSaved } = props;
  const [form, setForm] = useState<CheckForm>(() => formOf(check));
  // Messages show after a submit (the browser's own rules, then the server's) and go as each field is fixed.
  const [errors, setErrors] = useState<CheckErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSaveCheck(projectId);

  const live = useMemo(() => validateCheck(form), [form]);
  // The preview needs no name yet: it stores nothing.
  const previewForm = useMemo(() => ({ ...form, name: form.name.trim() || 'Preview' }), [form]);
  const previewErrors = useMemo(() => validateCheck(previewForm), [previewForm]);
  const previewPayload = useMemo(
    () => (hasErrors(previewErrors) ? null : toPayload(previewForm)),
    [previewForm, previewErrors],
  );
  const update = (patch: Partial<CheckForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    const stillWrong = validateCheck(next);
    // Only the fields just edited lose their message, and only once they pass: a server's word on another stays.
    const touched = Object.keys(patch).flatMap((key) => FIELDS_OF[key as keyof CheckForm]);
    setErrors((current) =>
      touched.some((field) => current[field] && !stillWrong[field])
        ? Object.fromEntries(
            Object.entries(current).filter(
              ([field]) => !touched.includes(field as CheckField) || stillWrong[field as CheckField],
            ),
          )
        : current,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(live);
    if (hasErrors(live)) return;
    setSaveError(null);
    onSavingChange(true);
    try {
      onSaved(await save.mutateAsync({ id: check?.id ?? null, data: toPayload(form) }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { fields, other } = serverCheckErrors(error.body);
        setErrors(fields);
        setSaveError(other);
      } else setSaveError((error instanceof Error && error.message) || 'Failed to save the check.');
    } finally {
      onSavingChange(false);
    }
  };

  const valueField = VALUE_FIELDS[form.type];
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={check ? `Edit ${check.name}` : 'New check'}
    >
      <h3 className="text-base font-semibold">{check ? `Edit “${check.name}”` : 'New check'}</h3>
      {saveError ? <Banner>{saveError}</Banner> : null}
      <NameField value={form.name} error={errors.name} onChange={(name) => update({ name })} />
      <Field label="Type" error={errors.type}>
        {(props) => (
          <select
            {...props}
            value={form.type}
            onChange={(event) => update({ type: event.target.value as CheckForm['type'] })}
            className={inputClasses}
          >
            {CHECK_TYPES.map((type) => (
              <option key={type} value={type}>
                {CHECK_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {form.type === 'llm_judge' ? (
        <Field label="Judge model" error={errors.ai_model_id}>
          {(props) => (
            <select
              {...props}
              value={form.modelId}
              onChange={(event) => update({ modelId: event.target.value })}
              className={inputClasses}
              disabled={!models}
            >
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
      {modelsError && form.type === 'llm_judge' ? <Banner>Failed to load AI models</Banner> : null}
      {valueField ? (
        <Field label={valueField.label} error={errors.value} hint={valueField.hint} required>
          {(props) =>
            valueField.multiline ? (
              <TextArea
                {...props}
                value={form.value}
                spellCheck={!valueField.monospace}
                className={valueField.monospace ? 'font-mono text-xs' : undefined}
                onChange={(event) => update({ value: event.target.value })}
              />
            ) : (
              <TextInput
                {...props}
                value={form.value}
                autoComplete="off"
                inputMode={valueField.numeric ? 'numeric' : undefined}
                className={valueField.monospace ? 'font-mono' : undefined}
                onChange={(event) => update({ value: event.target.value })}
              />
            )
          }
        </Field>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{NO_VALUE_HINTS[form.type]}</p>
      )}
      <InputScopeField
        inputs={inputs}
        scope={form.scope}
        inputIds={form.inputIds}
        error={errors.input_ids}
        onChange={(scope, inputIds) => update({ scope, inputIds })}
      />
      <LabelledSwitch
        label="Active"
        checked={form.active}
        onCheckedChange={(active) => update({ active })}
        hint="An inactive check scores nothing until it is switched on again."
      />
      <CheckPreview
        run={run}
        type={form.type}
        check={previewPayload}
        problem={Object.values(previewErrors).find(Boolean) ?? null}
      />
    </form>
  );
}
