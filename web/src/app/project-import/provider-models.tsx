import { aiModelLabel } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Field, inputClasses } from '@/components/ui/field';
import { useAiModels } from '@/lib/api/get-ai-models';

type Props = {
  /** The providers the import cannot run as they are, as the config writes their ids. */
  providers: string[];
  picked: Readonly<Record<string, number>>;
  onPick: (provider: string, modelId: number | null) => void;
};

/**
 * A model for each provider Promptgrid cannot run as it is (another service, a retired model): its prompts run on the
 * model picked, or are left out when none is.
 */
export function ProviderModels({ providers, picked, onPick }: Props) {
  const models = useAiModels();
  if (providers.length === 0) return null;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">Models for the providers Promptgrid cannot run</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Pick a model for each to import its prompts; without one they are left out.
      </p>
      {models.isError ? <Banner>Failed to load AI models</Banner> : null}
      {providers.map((provider) => (
        <Field key={provider} label={`Model for ${provider}`}>
          {(props) => (
            <select
              {...props}
              className={inputClasses}
              disabled={!models.data}
              value={picked[provider] ?? ''}
              onChange={(event) => onPick(provider, event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{models.data ? 'Leave out' : 'Loading models…'}</option>
              {(models.data ?? []).map((model) => (
                <option key={model.id} value={model.id}>
                  {aiModelLabel(model)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </fieldset>
  );
}
