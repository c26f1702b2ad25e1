import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiModel } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { configurationFixture } from '@/testing/fixtures';
import { ConfigurationsView } from './configurations-view';

const model = (id: number, model_name: string, supports_temperature = true): AiModel => ({
  id,
  company: 'openai',
  endpoint: null,
  model_name,
  supports_json_mode: true,
  supports_temperature,
  max_output_tokens: 32768,
  default_max_tokens: 4096,
  reasoning: null,
  vision: true,
  price: null,
});

/** The project's empty configurations screen with one model, and the Add several dialog opened on it. */
async function openWithNoConfigurations() {
  mockApi(({ url }) => {
    if (url === '/api/projects/1/configurations/') return { body: [] };
    if (url === '/api/models/') return { body: [model(1, 'gpt-4.1-mini')] };
    return undefined;
  });
  renderWithApp(<ConfigurationsView projectId="1" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Add several' }));
  return screen.findByRole('dialog', { name: 'Add several system prompts' });
}

describe('Add several system prompts', () => {
  it('splits pasted prompts on ---, names them by first line, renames one, and saves all with one model', async () => {
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/projects/1/configurations/' && method === 'GET') return { body: [] };
      if (url === '/api/models/') return { body: [model(1, 'gpt-4.1-mini'), model(2, 'gpt-5-mini', false)] };
      if (url === '/api/projects/1/configurations/bulk/')
        return { status: 201, body: [configurationFixture(7, { name: 'Terse' })] };
      return undefined;
    });
    renderWithApp(<ConfigurationsView projectId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add several' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add several system prompts' });
    const pasted = '# Terse\nAnswer in one word.\n---\nYou are friendly.\n---\nYou are formal.\n---\nYou are a pirate.';
    await userEvent.click(within(dialog).getByLabelText('Prompts'));
    await userEvent.paste(pasted);
    expect(within(dialog).getByLabelText('Name of prompt 1')).toHaveValue('Terse');
    expect(within(dialog).getByLabelText('Name of prompt 4')).toHaveValue('You are a pirate.');
    await userEvent.clear(within(dialog).getByLabelText('Name of prompt 4'));
    await userEvent.type(within(dialog).getByLabelText('Name of prompt 4'), 'Pirate');
    // A temperature out of range for a model that takes one; gpt-5-mini takes none, so the field goes.
    await userEvent.type(within(dialog).getByLabelText('Temperature for all'), '5');
    expect(within(dialog).getByRole('button', { name: 'Add 4 system prompts' })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('AI model for all'), 'openai - gpt-5-mini');
    expect(within(dialog).queryByLabelText('Temperature for all')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('gpt-5-mini runs at its own default temperature, so no temperature is sent.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 4 system prompts' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(calls).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/projects/1/configurations/bulk/',
    ]);
    const body = JSON.parse(calls.find((call) => call.url.endsWith('/bulk/'))!.body);
    expect(body.configurations.map((c: { name: string }) => c.name)).toEqual([
      'Terse',
      'You are friendly.',
      'You are formal.',
      'Pirate',
    ]);
    expect(body.configurations[0]).toEqual({
      name: 'Terse',
      prompt_content: '# Terse\nAnswer in one word.',
      ai_model_id: 2,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    });
    expect(await screen.findByRole('article', { name: 'Terse' })).toBeInTheDocument();
  }, 30_000);

  it('takes one prompt per uploaded file', async () => {
    const dialog = await openWithNoConfigurations();
    await userEvent.upload(within(dialog).getByLabelText('Upload .md or .txt files'), [
      new File(['# Short\nBe short.\n'], 'short.md'),
      new File(['Be long.'], 'long.txt'),
    ]);
    expect(await within(dialog).findByLabelText('Name of prompt 2')).toHaveValue('Be long.');
    expect(within(dialog).getByLabelText('Name of prompt 1')).toHaveValue('Short');
    expect(within(dialog).getByRole('button', { name: 'Add 2 system prompts' })).toBeEnabled();
  }, 30_000);

  it('asks before Escape or Cancel throws away pasted prompts, and keeps them on Keep editing', async () => {
    const dialog = await openWithNoConfigurations();
    await userEvent.click(within(dialog).getByLabelText('Prompts'));
    await userEvent.paste('You are terse.\n---\nYou are kind.');

    await userEvent.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Add several system prompts' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Prompts')).toHaveValue('You are terse.\n---\nYou are kind.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);
});
