export const PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;
type ProviderName = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<ProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
};

/** Who serves a model: a built-in provider, or `custom`, one of the user's own OpenAI-compatible endpoints. */
export const MODEL_COMPANIES = [...PROVIDERS, 'custom'] as const;
export const MODEL_COMPANY_LABELS: Record<(typeof MODEL_COMPANIES)[number], string> = {
  ...PROVIDER_LABELS,
  custom: 'Custom endpoint',
};

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
  /** The longest a system or user prompt may be once its variables are filled in (characters). */
  filledPromptMaxLength: 400_000,
  /** The most text a run's filled-in prompts may add up to, each distinct text counted once (characters). */
  filledRunMaxLength: 20_000_000,
  runMaxRequests: 20_000,
  variablesMax: 100,
  /** Messages of a configuration's fixed prefix, or of a conversation input. */
  messagesMax: 100,
  importMaxRows: 10_000,
  importMaxBytes: 10 * 1024 * 1024,
  importErrorsListed: 100,
  importPreviewRows: 5,
  bulkMaxIds: 10_000,
  /** System prompts created by one "Add several". */
  bulkConfigurationsMax: 50,
  /** Live event streams (GET /api/evaluations/{id}/events/) one user may have open at once in a server process. */
  liveStreamsPerUser: 10,
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
  /** Every key the app writes besides `user` starts with this: they are cleared at sign-out and when another user signs in. */
  appPrefix: 'promptgrid:',
  /** The signed-in user's runs on the Results screen, as TanStack Query's persister writes them. */
  resultsCache: (userId: number) => `promptgrid:results:${userId}:queries`,
  /** An editor's unsaved form (session storage), per project and dialog, e.g. 'configuration:new' or 'input:12'. */
  draft: (projectId: number | string, dialog: string) => `promptgrid:draft:${projectId}:${dialog}`,
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

/** The name of a duplicate: 'Copy of {name}', cut to the longest name allowed. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, LIMITS.nameMaxLength);
}

/** What a real run needs and lacks: 'Add an OpenAI API key in API Settings to run gpt-4.1-mini, or turn on mock mode.' */
export function missingKeyMessage(provider: ProviderName, modelNames: readonly string[]): string {
  const names = [...new Set(modelNames)];
  const models =
    names.length <= 1 ? (names[0] ?? 'its models') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const label = PROVIDER_LABELS[provider];
  return `Add ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} API key in API Settings to run ${models}, or turn on mock mode.`;
}

/**
 * What a real run's judge needs and lacks: 'The judge "Polite?" runs on gpt-4.1: add an OpenAI API key in API Settings,
 * or turn on mock mode.'
 */
export function missingJudgeKeyMessage(provider: ProviderName, checkName: string, modelName: string): string {
  const label = PROVIDER_LABELS[provider];
  return `The judge "${checkName}" runs on ${modelName}: add ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} API key in API Settings, or turn on mock mode.`;
}
