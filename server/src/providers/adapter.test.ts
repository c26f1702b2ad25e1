import { describe, expect, it } from 'vitest';
import { missingFeature, type ApiFeatures } from './adapter.js';
import { NO_TOOLS, type ProviderCall } from './types.js';

const call: ProviderCall = {
  provider: 'openai',
  model: 'm',
  capabilities: { tokenParameter: 'max_tokens', supportsTemperature: true, defaultMaxTokens: 1, maxOutputTokens: 1 },
  systemPrompt: 'S',
  messages: [{ role: 'user', content: 'U' }],
  temperature: 0,
  maxTokens: null,
  jsonMode: false,
  ...NO_TOOLS,
};
const none: ApiFeatures = { images: false, tools: false, responseSchema: false };
const tool = { name: 't', description: 'd', parameters: { type: 'object' } };

describe('what a call needs that an API cannot take', () => {
  it('names images, tools or a response schema the adapter says its API does not take, and nothing else', () => {
    expect(missingFeature(call, none)).toBeNull();
    const image = { media_type: 'image/png' as const, width: 1, height: 1, data: 'AA==' };
    expect(missingFeature({ ...call, images: [image] }, none)).toBe('images');
    expect(missingFeature({ ...call, tools: [tool] }, none)).toBe('tools');
    expect(missingFeature({ ...call, responseSchema: { name: 'a', schema: {} } }, none)).toBe('a response schema');
    expect(missingFeature({ ...call, tools: [tool] }, { ...none, tools: true })).toBeNull();
  });
});
