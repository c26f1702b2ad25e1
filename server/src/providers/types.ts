import type { ModelCapabilities } from '../db/schema.js';

export type ProviderName = 'openai' | 'anthropic';
export type Lane = ProviderName | 'mock';

/** One call: a configuration's system prompt and parameters, with an input's content or none. */
export type ProviderCall = {
  provider: ProviderName;
  model: string;
  capabilities: ModelCapabilities;
  systemPrompt: string;
  /** null when the run chose no input: the system prompt runs alone. */
  userPrompt: string | null;
  temperature: number;
  maxTokens: number | null;
  jsonMode: boolean;
};

export type ProviderReply = { output: string; inputTokens: number; outputTokens: number };

/** A provider answered with a body the SDK accepted but that does not hold what a reply must. */
export class MalformedReplyError extends Error {}
