export const PROVIDERS = ['openai', 'anthropic'] as const;
type ProviderName = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<ProviderName, string> = { openai: 'OpenAI', anthropic: 'Anthropic' };

export const LIMITS = {
  temperature: { min: 0, max: 1, step: 0.1, default: 0 },
  maxTokens: { min: 1, max: 32000 },
  freeEvaluationsPerMonth: 50,
  pollingIntervalMs: 5000,
  inputCardTruncateOver: 100,
  inputCardTruncateTo: 70,
  runPreviewLength: 50,
  editorMinLines: 50,
  progressGridDefaultTotal: 4,
  hashScrollDelayMs: 100,
  confirmFadeMs: 200,
  keySavedMessageMs: 2000,
  avatarColours: 8,
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  contentMaxLength: 200_000,
  runMaxRequests: 20_000,
  variablesMax: 100,
  importMaxRows: 10_000,
  importMaxBytes: 10 * 1024 * 1024,
  importErrorsListed: 100,
  importPreviewRows: 5,
  bulkMaxIds: 10_000,
} as const;

export const STANDARD_PLAN = { name: 'Standard', priceUsdPerMonth: 24.99, priceLabel: '$24.99' } as const;

export const API_REQUEST_STATUSES = ['PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILED'] as const;
export const TERMINAL_STATUSES: readonly (typeof API_REQUEST_STATUSES)[number][] = ['SUCCESS', 'FAILED'];

export const SUBSCRIPTION_STATUSES = [
  'free',
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

export const STORAGE_KEYS = {
  user: 'user',
  csrfCookie: 'csrftoken',
  resultsCache: (projectId: number | string) => `promptgrid:results:${projectId}`,
} as const;

export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
/**
 * Served over https, both cookies carry this prefix: the browser then accepts them only with Secure, Path=/ and no
 * Domain, so a neighbouring subdomain or a plain-http page cannot plant its own.
 */
export const SECURE_COOKIE_PREFIX = '__Host-';

export function defaultKeyLabel(provider: ProviderName): string {
  return `Default ${PROVIDER_LABELS[provider]} key`;
}

export function defaultEvaluationName(now = new Date()): string {
  return `Evaluation ${now.toISOString()}`;
}
