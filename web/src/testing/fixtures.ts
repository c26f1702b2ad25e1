import type {
  AiModel,
  ApiRequest,
  Configuration,
  Input,
  PublicConfig,
  Result,
  SubscriptionStatus,
} from '@promptgrid/contract';

// The server's answers the web tests start from; a test overrides only the fields its case is about.

export const FIXED_TIME = '2025-01-01T00:00:00.000Z';

/** A server with dev sign-in and no Google or billing, as on a developer's machine. */
export const publicConfigFixture = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
  google_client_id: null,
  dev_login: true,
  billing_enabled: false,
  analytics_key: null,
  analytics_host: null,
  feedback_email: null,
  free_evaluations_per_month: 50,
  ...overrides,
});

/** A free user who has not run anything this month. */
export const subscriptionStatusFixture = (overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus => ({
  status: 'free',
  has_access: true,
  num_requests_sent: 0,
  free_requests_remaining: 50,
  num_free_requests: 50,
  cancel_at_period_end: false,
  current_period_end: null,
  billing_enabled: false,
  ...overrides,
});

export const inputFixture = (id: number, overrides: Partial<Input> = {}): Input => ({
  id,
  project: 1,
  messages: null,
  variables: {},
  expected_output: null,
  name: `Input ${id}`,
  content: `Question ${id}`,
  active: true,
  token_count: 3,
  images: [],
  created_at: FIXED_TIME,
  updated_at: FIXED_TIME,
  ...overrides,
});

/** A catalog model as GET /api/models/ lists it: an OpenAI model without reasoning or a price, unless overridden. */
export const aiModelFixture = (id: number, overrides: Partial<AiModel> = {}): AiModel => ({
  id,
  company: 'openai',
  endpoint: null,
  model_name: `model-${id}`,
  supports_json_mode: true,
  supports_temperature: true,
  max_output_tokens: 32768,
  default_max_tokens: 4096,
  reasoning: null,
  vision: true,
  price: null,
  ...overrides,
});

export const configurationFixture = (id: number, overrides: Partial<Configuration> = {}): Configuration => ({
  id,
  name: `Prompt ${id}`,
  project: 1,
  ai_model: {
    id: 7,
    company: 'openai',
    endpoint: null,
    model_name: 'gpt-4o-mini',
    supports_json_mode: true,
    supports_temperature: true,
    reasoning: null,
  },
  prompt: { content: `system ${id}`, token_count: 2 },
  messages: [],
  user_template: '{{input}}',
  parameters: { temperature: 0.3, max_tokens: null, reasoning: null },
  provider_specific_params: {},
  json_mode: false,
  tools: [],
  tool_choice: 'auto',
  response_schema: null,
  version: 1,
  is_active: true,
  created_at: FIXED_TIME,
  updated_at: FIXED_TIME,
  ...overrides,
});

/** One api request of evaluation 9; a success took 1.5 s, 10 tokens in and 20 out. */
export const apiRequestFixture = (
  id: number,
  input: number,
  configuration: number,
  status: ApiRequest['status'],
  error: string | null = null,
): ApiRequest => ({
  id,
  evaluation: 9,
  system_prompt: 'System',
  user_prompt: 'User',
  messages: [{ role: 'user', content: 'User' }],
  input,
  configuration,
  configuration_version: 1,
  repetition: 0,
  status,
  execution_time: status === 'SUCCESS' ? 1.5 : null,
  ttft: status === 'SUCCESS' ? 0.5 : null,
  input_token_total_count: 10,
  output_token_count: status === 'SUCCESS' ? 20 : null,
  reasoning_tokens: null,
  error_message: error,
  cost_usd: status === 'SUCCESS' ? 0.00018 : null,
  judge_cost_usd: null,
  attempts: 1,
  scores: [],
  rating: null,
  judging: false,
  history: [],
  created_at: FIXED_TIME,
  updated_at: FIXED_TIME,
});

/** The result of the api request with the same id. */
export const resultFixture = (
  requestId: number,
  input: number,
  configuration: number,
  output = '{"ok":true}',
): Result => ({
  id: requestId,
  evaluation: 9,
  api_request: requestId,
  input,
  configuration,
  output,
  tool_calls: [],
  execution_time: 1.5,
  reasoning_tokens: null,
  ttft: 0.5,
  token_count: 20,
  input_token_total_count: 10,
  created_at: FIXED_TIME,
});
