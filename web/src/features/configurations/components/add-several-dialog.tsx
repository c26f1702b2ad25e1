import { useId, useState } from 'react';
import { aiModelLabel, LIMITS } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { Field, inputClasses, TextArea, TextInput } from '@/components/ui/field';
import { useAiModels } from '@/lib/api/get-ai-models';
import { useCreateConfigurations } from '../api/create-configurations';
import { nameFromFirstLine, splitPrompts } from '../lib/split-prompts';

type Props = { projectId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** A text file's contents (FileReader rather than Blob.text(), which jsdom lacks). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsText(file, 'utf-8');
  });

/**
 * Mounted while open. Several system prompts at once: pasted and separated by lines of `---`, or one per uploaded
 * file; one model and temperature for all; each named by its first line, renamable before the one save.
 */
export function AddSeveralDialog({ projectId, open, onOpenChange }: Props) {
  const id = useId();
  const models = useAiModels();
  const create = useCreateConfigurations(projectId);
  const [text, setText] = useState('');
  const [renamed, setRenamed] = useState<Record<number, string>>({});
  const [modelId, setModelId] = useState('');
  const [temperature, setTemperature] = useState(String(LIMITS.temperature.default));
  const prompts = splitPrompts(text);
  const drafts = prompts.map((prompt, n) => ({ prompt, name: renamed[n] ?? nameFromFirstLine(prompt) }));
  const chosenModel = modelId || String(models.data?.[0]?.id ?? '');
  const model = models.data?.find((m) => String(m.id) === chosenModel) ?? null;
  // A model that runs at its own temperature (some reasoning models) is sent none: the field is not offered.
  const takesTemperature = model?.supports_temperature !== false;
  const temperatureValue = takesTemperature ? Number(temperature) : LIMITS.temperature.default;
  const temperatureError =
    takesTemperature &&
    (temperature.trim() === '' ||
      !(temperatureValue >= LIMITS.temperature.min && temperatureValue <= LIMITS.temperature.max))
      ? `Temperature must be between ${LIMITS.temperature.min} and ${LIMITS.temperature.max}.`
      : null;
  const canSave =
    prompts.length > 0 && drafts.every(({ name }) => name.trim() !== '') && chosenModel && !temperatureError;
  // Pasted prompts may be long and exist nowhere else: closing with some asks first.
  const { guard, confirmation } = useDiscardGuard(text.trim() !== '');
  const requestClose = () => {
    if (!create.isPending) guard(() => onOpenChange(false));
  };

  const addFiles = async (files: FileList | null) => {
    const texts = await Promise.all([...(files ?? [])].map(readText));
    setText((current) => [current.trim(), ...texts.map((file) => file.trim())].filter(Boolean).join('\n---\n'));
  };
  const save = () =>
    create.mutate(
      drafts.map(({ prompt, name }) => ({
        name: name.trim(),
        prompt_content: prompt,
        ai_model_id: Number(chosenModel),
        parameters: { temperature: temperatureValue, max_tokens: null },
        provider_specific_params: {},
      })),
      { onSuccess: () => onOpenChange(false) },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
      title="Add several system prompts"
      description="Paste several prompts separated by a line of --- (or upload .md or .txt files, one prompt each)."
      className="sm:max-w-3xl"
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="secondary" onClick={requestClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!canSave || create.isPending}>
            {create.isPending ? 'Adding...' : `Add ${prompts.length} system prompt${prompts.length === 1 ? '' : 's'}`}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label="Prompts" hint="Each prompt's first line becomes its name; you can change names below.">
          {(props) => (
            <TextArea
              {...props}
              className="min-h-48 font-mono"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setRenamed({});
              }}
            />
          )}
        </Field>
        <div>
          <label htmlFor={`${id}-files`} className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
            Upload .md or .txt files
          </label>
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept=".md,.txt,text/markdown,text/plain"
            className="sr-only"
            onChange={(event) => {
              void addFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="AI model for all">
            {(props) => (
              <select
                {...props}
                className={inputClasses}
                value={chosenModel}
                disabled={models.isPending}
                onChange={(event) => setModelId(event.target.value)}
              >
                {(models.data ?? []).map((model) => (
                  <option key={model.id} value={model.id}>
                    {aiModelLabel(model)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {takesTemperature ? (
            <Field label="Temperature for all" error={temperatureError}>
              {(props) => (
                <TextInput
                  {...props}
                  type="number"
                  min={LIMITS.temperature.min}
                  max={LIMITS.temperature.max}
                  step={LIMITS.temperature.step}
                  value={temperature}
                  onChange={(event) => setTemperature(event.target.value)}
                />
              )}
            </Field>
          ) : (
            <p className="self-end text-sm text-slate-600 dark:text-slate-400">
              {`${model?.model_name ?? 'This model'} runs at its own default temperature, so no temperature is sent.`}
            </p>
          )}
        </div>
        {prompts.length > 0 ? (
          <ol aria-label="Prompts to add" className="space-y-2">
            {drafts.map(({ prompt, name }, n) => (
              <li key={n} className="rounded-md border border-slate-200 p-2 dark:border-slate-800">
                <Field label={`Name of prompt ${n + 1}`}>
                  {(props) => (
                    <TextInput
                      {...props}
                      value={name}
                      maxLength={LIMITS.nameMaxLength}
                      onChange={(event) => setRenamed({ ...renamed, [n]: event.target.value })}
                    />
                  )}
                </Field>
                <p className="mt-1 truncate font-mono text-xs text-slate-500">{prompt.replace(/\s+/g, ' ')}</p>
              </li>
            ))}
          </ol>
        ) : null}
        {create.isError ? <Banner tone="error">{`Failed to add the prompts: ${create.error.message}`}</Banner> : null}
      </div>
      {confirmation}
    </Dialog>
  );
}
