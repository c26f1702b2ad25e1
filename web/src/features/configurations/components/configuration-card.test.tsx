import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { configurationFixture } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/app-test-utils';
import { ConfigurationCard } from './configuration-card';

const handlers = {
  saving: false,
  duplicating: false,
  onEdit: () => {},
  onDuplicate: () => {},
  onDelete: () => {},
  onToggleActive: () => {},
};

const provider = () => screen.getByText('Provider').nextElementSibling?.textContent;

describe('ConfigurationCard', () => {
  it("names an endpoint's model by the endpoint that serves it", () => {
    const configuration = configurationFixture(1, {
      ai_model: {
        id: 40,
        company: 'custom',
        endpoint: { id: 3, name: 'Local Ollama' },
        model_name: 'llama3.2',
        supports_json_mode: false,
        supports_temperature: true,
        reasoning: null,
      },
    });
    renderWithApp(<ConfigurationCard configuration={configuration} {...handlers} />);
    expect(provider()).toBe('Local Ollama');
    expect(screen.getByText('llama3.2')).toBeInTheDocument();
  });

  it("names a built-in model's provider", () => {
    renderWithApp(<ConfigurationCard configuration={configurationFixture(1)} {...handlers} />);
    expect(provider()).toBe('OpenAI');
  });
});
