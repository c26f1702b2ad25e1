import { describe, expect, it } from 'vitest';
import type { AiModel } from '@promptgrid/contract';
import { aiModelFixture, configurationFixture } from '@/testing/fixtures';
import { withModel } from './model-change';

const model = (overrides: Partial<AiModel>) =>
  aiModelFixture(5, {
    company: 'anthropic',
    model_name: 'claude-haiku-4-5',
    supports_json_mode: false,
    max_output_tokens: 32000,
    reasoning: { budget: { min: 1024, max: 31999 } },
    ...overrides,
  });

describe('withModel', () => {
  it('keeps what the new model takes and lets the rest fall back to its defaults', () => {
    const thinking = configurationFixture(1, {
      parameters: { temperature: 1, max_tokens: 20000, reasoning: { budget_tokens: 2048 } },
      json_mode: true,
      provider_specific_params: { json_mode: true },
    });
    expect(withModel(thinking, model({})).parameters).toEqual({
      temperature: 1,
      max_tokens: 20000,
      reasoning: { budget_tokens: 2048 },
    });
    const small = withModel(thinking, model({ max_output_tokens: 16384, reasoning: { effort: ['low', 'high'] } }));
    expect(small.parameters).toEqual({ temperature: 1, max_tokens: null, reasoning: null });
    expect(small.provider_specific_params).toEqual({});
    expect(small).toMatchObject({ ai_model_id: 5, updated_at: thinking.updated_at, is_active: true });
  });
});
