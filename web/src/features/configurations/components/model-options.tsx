import { aiModelLabel, type AiModel } from '@promptgrid/contract';

/** A model select's options: an empty first one that says to choose (or that the list loads), then each model. */
export function ModelOptions({ models, pending }: { models: AiModel[] | undefined; pending: boolean }) {
  return (
    <>
      <option value="">{pending ? 'Loading models…' : 'Select a model'}</option>
      {(models ?? []).map((m) => (
        <option key={m.id} value={m.id}>
          {aiModelLabel(m)}
        </option>
      ))}
    </>
  );
}
