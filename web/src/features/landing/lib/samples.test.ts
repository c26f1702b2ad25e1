import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_MODELS, HERO_SAMPLES } from './samples';

// The landing page names only models the app offers.
const catalog = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../server/src/models/catalog.json'), 'utf8'),
) as {
  models: { company: string; model_name: string }[];
};
const offered = new Set(catalog.models.map((model) => `${model.company} - ${model.model_name}`));

describe('landing samples', () => {
  it('use models from the catalog', () => {
    expect(offered.has(`openai - ${EXAMPLE_MODELS.openai}`)).toBe(true);
    expect(offered.has(`anthropic - ${EXAMPLE_MODELS.anthropic}`)).toBe(true);
    for (const sample of HERO_SAMPLES) expect(offered.has(`${sample.company} - ${sample.modelName}`)).toBe(true);
  });
  it('show a short output in every hero card', () => {
    for (const sample of HERO_SAMPLES) {
      expect(sample.output.length).toBeGreaterThan(20);
      expect(sample.output.length).toBeLessThan(200);
    }
  });
});
