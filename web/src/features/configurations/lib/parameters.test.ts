import { describe, expect, it } from 'vitest';
import {
  maxTokensLabel,
  parseMaxTokens,
  providerSpecificParams,
  roundTemperature,
  showsJsonMode,
  temperatureError,
} from './parameters';

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
  it('accepts 0 to 1 in steps of 0.1', () => {
    for (let step = 0; step <= 10; step += 1) expect(temperatureError(roundTemperature(step * 0.1))).toBeNull();
  });
  it('refuses values out of range or between steps', () => {
    expect(temperatureError(-0.1)).toMatch(/between 0 and 1/);
    expect(temperatureError(1.1)).toMatch(/between 0 and 1/);
    expect(temperatureError(0.25)).toMatch(/steps of 0.1/);
    expect(temperatureError(Number.NaN)).toMatch(/number/);
  });
  it('rounds slider noise to one decimal', () => {
    expect(roundTemperature(0.1 + 0.2)).toBe(0.3);
  });
});

describe('max tokens', () => {
  it('treats empty as the model default', () => {
    expect(parseMaxTokens('')).toEqual({ value: null, error: null });
    expect(parseMaxTokens('   ')).toEqual({ value: null, error: null });
    expect(maxTokensLabel(null)).toBe('Default');
  });
  it('accepts whole numbers from 1 to 32000', () => {
    expect(parseMaxTokens('1')).toEqual({ value: 1, error: null });
    expect(parseMaxTokens('32000')).toEqual({ value: 32000, error: null });
    expect(maxTokensLabel(512)).toBe('512');
  });
  it('refuses 0, 32001, decimals and text', () => {
    expect(parseMaxTokens('0').error).toMatch(/between 1 and 32000/);
    expect(parseMaxTokens('32001').error).toMatch(/between 1 and 32000/);
    expect(parseMaxTokens('1.5').error).toMatch(/whole number/);
    expect(parseMaxTokens('abc').error).toMatch(/whole number/);
    expect(parseMaxTokens('-3').error).toMatch(/whole number/);
  });
});
