import { PROVIDER_LABELS, PROVIDERS, type ApiKey, type Provider } from '@promptgrid/contract';

type ProviderInfo = {
  provider: Provider;
  label: string;
  /** The letter mark next to the name (the initial of the provider's name). */
  monogram: string;
  placeholder: string;
  dashboardUrl: string;
  dashboardName: string;
};

/** What each provider card of the API Configuration modal shows. */
export const PROVIDER_INFO: Record<Provider, ProviderInfo> = {
  openai: {
    provider: 'openai',
    label: PROVIDER_LABELS.openai,
    monogram: 'O',
    placeholder: 'sk-...',
    dashboardUrl: 'https://platform.openai.com/api-keys',
    dashboardName: 'OpenAI dashboard',
  },
  anthropic: {
    provider: 'anthropic',
    label: PROVIDER_LABELS.anthropic,
    monogram: 'A',
    placeholder: 'sk-ant-...',
    dashboardUrl: 'https://console.anthropic.com/settings/keys',
    dashboardName: 'Anthropic console',
  },
  gemini: {
    provider: 'gemini',
    label: PROVIDER_LABELS.gemini,
    monogram: 'G',
    placeholder: 'AIza...',
    dashboardUrl: 'https://aistudio.google.com/apikey',
    dashboardName: 'Google AI Studio',
  },
};

export const PROVIDER_ORDER: readonly Provider[] = PROVIDERS;

/** The key a provider card shows: the active one if any, else the newest. */
export function keyForProvider(keys: readonly ApiKey[] | undefined, provider: Provider): ApiKey | null {
  const own = (keys ?? []).filter((key) => key.provider === provider);
  return own.find((key) => key.is_active) ?? own.sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}

export const savedMessage = (provider: Provider) => `${PROVIDER_INFO[provider].label} API key saved successfully!`;
export const saveFailedMessage = (provider: Provider) => `Failed to save ${PROVIDER_INFO[provider].label} API key`;
export const deleteFailedMessage = (provider: Provider) => `Failed to delete ${PROVIDER_INFO[provider].label} API key`;
