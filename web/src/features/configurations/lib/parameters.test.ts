import { describe, expect, it } from 'vitest';
import { maxTokensLabel, maxTokensLimit, providerSpecificParams, roundTemperature, showsJsonMode } from './parameters';

describe('JSON mode visibility', () => {
  it('shows the option only for models that support JSON mode', () => {
    expect(showsJsonMode({ supports_json_mode: true })).toBe(true);
    expect(showsJsonMode({ supports_json_mode: false })).toBe(false);
    expect(showsJsonMode(undefined)).toBe(false);
  });

  it('sends json_mode for supporting models and an empty object otherwise', () => {
    expect(providerSpecificParams({ supports_json_mode: true }, true)).toEqual({ json_mode: true });
    expect(providerSpecificParams({ supports_json_mode: true }, false)).toEqual({ json_mode: false });
    expect(providerSpecificParams({ supports_json_mode: false }, true)).toEqual({});
    expect(providerSpecificParams(null, true)).toEqual({});
  });
});

describe('temperature', () => {
  it('rounds slider noise to one decimal', () => {
    expect(roundTemperature(0.1 + 0.2)).toBe(0.3);
  });
});

describe('max tokens', () => {
  it('labels the model default and a number', () => {
    expect(maxTokensLabel(null)).toBe('Default');
    expect(maxTokensLabel(512)).toBe('512');
  });
  it("caps a model's max tokens at its own output limit, within 32000", () => {
    expect(maxTokensLimit({ max_output_tokens: 16384 })).toBe(16384);
    expect(maxTokensLimit({ max_output_tokens: 128000 })).toBe(32000);
    expect(maxTokensLimit(null)).toBe(32000);
  });
});
