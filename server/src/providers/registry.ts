import type { ProviderAdapter } from './adapter.js';
import type { ProviderCall, ProviderName } from './types.js';

/** Which adapter serves a call: a built-in provider's, or for a user's endpoint the one of its kind. */
export type AdapterKey = ProviderName | 'custom' | 'azure';

/**
 * Each adapter (and the SDK under it) loads when it is first needed: a server where nobody has stored a key does not
 * hold them. Loading takes 70-300 ms of the main thread, so it starts ahead of the first call (preloadSdks): when a
 * worker starts where keys are stored, when a key is stored, and at the latest while a new run's rows are written.
 * Adding a provider: an adapter file, a line here, and its name where calls and keys are typed.
 */
const LOADERS: Record<AdapterKey, () => Promise<ProviderAdapter>> = {
  openai: () => import('./openai.js').then((m) => m.openAiAdapter as ProviderAdapter),
  custom: () => import('./openai.js').then((m) => m.endpointAdapter as ProviderAdapter),
  azure: () => import('./azure.js').then((m) => m.azureAdapter as ProviderAdapter),
  anthropic: () => import('./anthropic.js').then((m) => m.anthropicAdapter as ProviderAdapter),
  gemini: () => import('./gemini.js').then((m) => m.geminiAdapter as ProviderAdapter),
};

const loaded = new Map<AdapterKey, Promise<ProviderAdapter>>();

export function loadAdapter(key: AdapterKey): Promise<ProviderAdapter> {
  let adapter = loaded.get(key);
  if (!adapter) loaded.set(key, (adapter = LOADERS[key]()));
  return adapter;
}

export const adapterKeyOf = (call: Pick<ProviderCall, 'provider' | 'endpoint'>): AdapterKey =>
  call.provider === 'custom' && call.endpoint?.kind === 'azure' ? 'azure' : call.provider;

export function preloadSdks(keys: AdapterKey[]) {
  for (const key of keys) loadAdapter(key).catch(() => {});
}
