import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { aiModelFixture, configurationFixture } from '@/testing/fixtures';
import { ConfigurationsView } from './configurations-view';

const gpt5 = aiModelFixture(3, {
  model_name: 'gpt-5-mini',
  supports_temperature: false,
  max_output_tokens: 128000,
  default_max_tokens: 16384,
  reasoning: { effort: ['minimal', 'low', 'medium', 'high'] },
});
const configurations = [
  configurationFixture(1, { name: 'Terse', parameters: { temperature: 0.3, max_tokens: 500, reasoning: null } }),
  configurationFixture(2, { name: 'Friendly' }),
  configurationFixture(3, { name: 'Formal' }),
];

describe('Change the model of several system prompts', () => {
  it('saves each chosen prompt with the new model and its own precondition, and names the one refused', async () => {
    const calls = mockApi(({ url, method, body }) => {
      if (url === '/api/projects/1/configurations/' && method === 'GET') return { body: configurations };
      if (url === '/api/models/') return { body: [gpt5] };
      if (url === '/api/configurations/2/' && method === 'PUT')
        return { status: 409, body: { detail: 'This system prompt was changed elsewhere.', current: {} } };
      const id = Number(/configurations\/(\d+)\//.exec(url)?.[1]);
      if (method === 'PUT')
        return {
          body: configurationFixture(id, { name: JSON.parse(body).name, ai_model: { ...gpt5, endpoint: null } }),
        };
      return undefined;
    });
    renderWithApp(<ConfigurationsView projectId="1" />);
    // The first render loads the screen's code: on a loaded machine that can take longer than findBy's 1 s.
    await userEvent.click(await screen.findByRole('button', { name: 'Change model' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the model' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Terse' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Friendly' }));
    const apply = within(dialog).getByRole('button', { name: 'Change the model of 2 system prompts' });
    expect(apply).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'openai - gpt-5-mini' });
    await userEvent.selectOptions(within(dialog).getByLabelText('New model'), 'openai - gpt-5-mini');
    await userEvent.click(apply);

    expect(await within(dialog).findByText('Changed the model of 1 system prompt.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('“Friendly” was not changed: This system prompt was changed elsewhere.'),
    ).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.url)).toEqual(['/api/configurations/1/', '/api/configurations/2/']);
    expect(JSON.parse(puts[0]!.body)).toMatchObject({
      name: 'Terse',
      prompt_content: 'system 1',
      ai_model_id: 3,
      parameters: { temperature: 0.3, max_tokens: 500, reasoning: null },
      provider_specific_params: { json_mode: false },
      is_active: true,
      updated_at: configurations[0]!.updated_at,
    });
    // The list shows the new model at once.
    expect(await screen.findAllByText(/gpt-5-mini/)).not.toHaveLength(0);
  }, 20_000);
});
