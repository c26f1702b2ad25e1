import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiModel, Configuration } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { ApiError } from '@/lib/api-client';
import { updateConfiguration, type SaveConfigurationPayload } from '../api/save-configuration';
import { ConfigurationEditorDialog } from './configuration-editor-dialog';
import { itemAt } from '@promptgrid/test-support/items';

const models: AiModel[] = [
  {
    id: 1,
    company: 'openai',
    endpoint: null,
    model_name: 'gpt-4.1-mini',
    supports_json_mode: true,
    supports_temperature: true,
    max_output_tokens: 32768,
    default_max_tokens: 4096,
    reasoning: null,
    vision: true,
    price: { input_per_mtok: 0.4, output_per_mtok: 1.6, as_of: '2025-06-03', source: 'OpenAI pricing page' },
  },
  {
    id: 2,
    company: 'anthropic',
    endpoint: null,
    model_name: 'claude-haiku-4-5',
    supports_json_mode: false,
    supports_temperature: true,
    max_output_tokens: 32000,
    default_max_tokens: 4096,
    reasoning: { budget: { min: 1024, max: 31999 } },
    vision: true,
    price: null,
  },
  {
    id: 3,
    company: 'openai',
    endpoint: null,
    model_name: 'gpt-5-mini',
    supports_json_mode: true,
    supports_temperature: false,
    max_output_tokens: 128000,
    default_max_tokens: 16384,
    reasoning: { effort: ['minimal', 'low', 'medium', 'high'] },
    vision: true,
    price: null,
  },
  {
    id: 4,
    company: 'openai',
    endpoint: null,
    model_name: 'gpt-4o',
    supports_json_mode: true,
    supports_temperature: true,
    max_output_tokens: 16384,
    default_max_tokens: 4096,
    reasoning: null,
    vision: true,
    price: null,
  },
];

const friendly: Configuration = {
  id: 9,
  name: 'Friendly',
  project: 3,
  ai_model: itemAt(models, 1),
  prompt: { content: 'Summarise warmly.', token_count: 4 },
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
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

afterEach(() => sessionStorage.clear());

const open = (configuration: Configuration | null, onSave = vi.fn().mockResolvedValue(undefined)) => {
  renderWithApp(
    <ConfigurationEditorDialog
      open
      onOpenChange={() => {}}
      configuration={configuration}
      projectId="3"
      onSave={onSave}
    />,
  );
  return onSave;
};

describe('ConfigurationEditorDialog', () => {
  it('sends the tools, the chosen tool and a response schema, and shows a refused tool schema on the tools field', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = vi.fn().mockRejectedValueOnce(
      new ApiError('Bad request', 400, {
        'tools.0.parameters': ['Not a valid JSON Schema: data/type must be equal to one of the allowed values'],
      }),
    );
    open(friendly, onSave);
    const tool = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } };
    const toolsField = await screen.findByLabelText('Tools (JSON)');
    await userEvent.click(toolsField);
    await userEvent.paste(JSON.stringify([tool]));
    await userEvent.selectOptions(screen.getByLabelText('Tool choice'), 'Always call get_weather');
    await userEvent.click(screen.getByLabelText('Response JSON Schema'));
    await userEvent.paste('{"type": "object"}');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        tools: [tool],
        tool_choice: { name: 'get_weather' },
        response_schema: { name: 'answer', schema: { type: 'object' } },
      }),
    );
    expect(
      await screen.findByText('Not a valid JSON Schema: data/type must be equal to one of the allowed values'),
    ).toBeInTheDocument();
    expect(toolsField).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(toolsField);
    await userEvent.type(toolsField, 'not json');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tools must be a JSON list of tool definitions.')).toBeInTheDocument();
  }, 15_000);

  it("takes tools in OpenAI's own form, offers their names to the tool choice and shows an example beside them", async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = open(friendly);
    const toolsField = await screen.findByLabelText('Tools (JSON)');
    expect(toolsField).toHaveAccessibleDescription(expect.stringContaining('{"type": "function", "function": {…}}'));
    await userEvent.click(screen.getByText('Example of tools'));
    expect(screen.getByText(/"name": "get_weather"/)).toBeVisible();
    const tool = { name: 'lookup', description: 'Finds a word.', parameters: { type: 'object', properties: {} } };
    await userEvent.click(toolsField);
    await userEvent.paste(JSON.stringify([{ type: 'function', function: tool }]));
    await userEvent.selectOptions(screen.getByLabelText('Tool choice'), 'Always call lookup');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ tools: [{ type: 'function', function: tool }], tool_choice: { name: 'lookup' } }),
      ),
    );
  }, 15_000);

  it('disables the temperature with a reason for a model that ignores it, and caps max tokens at the model', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    open(null);
    await screen.findByRole('option', { name: 'openai - gpt-5-mini' });
    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-5-mini');
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    expect(slider).toHaveAttribute('data-disabled');
    expect(slider).toHaveAccessibleDescription(
      'gpt-5-mini runs at its own default temperature, so no temperature is sent.',
    );

    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-4o');
    expect(screen.getByRole('slider', { name: 'Temperature' })).not.toHaveAttribute('data-disabled');
    // The default the estimate counts, not the model's 16384 (nor gpt-5-mini's 128000).
    expect(
      screen.getByText(
        "1 to 16384 for gpt-4o; leave empty for the model's default (4096, what the cost estimate counts at most).",
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Max tokens'), '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Max tokens must be at most 16384 for gpt-4o.')).toBeInTheDocument();
    // Many interactions: on a loaded machine (the whole suite on 2 cores) they take longer than the default 5 s.
  }, 15_000);

  it('shows only the reasoning setting the chosen model takes, with a label bound to it, and sends it', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = open(null);
    await screen.findByRole('option', { name: 'openai - gpt-5-mini' });
    await userEvent.type(screen.getByLabelText('Name'), 'Thinker');
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt template' }), 'Think first.');

    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-4o');
    expect(screen.queryByLabelText('Reasoning effort')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Thinking budget (tokens)')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'anthropic - claude-haiku-4-5');
    expect(screen.queryByLabelText('Reasoning effort')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Thinking budget (tokens)')).toHaveAccessibleDescription(
      "1024 to 31999 for claude-haiku-4-5; leave empty for the model's default. " +
        'Extended thinking needs temperature 1 and max tokens above the budget.',
    );
    await userEvent.type(screen.getByLabelText('Thinking budget (tokens)'), '2048');

    // Another model's setting is not sent: gpt-5-mini takes an effort, and the typed budget stays behind.
    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-5-mini');
    expect(screen.queryByLabelText('Thinking budget (tokens)')).not.toBeInTheDocument();
    const effort = screen.getByLabelText('Reasoning effort');
    expect(
      within(effort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Model default', 'minimal', 'low', 'medium', 'high']);
    await userEvent.selectOptions(effort, 'low');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ parameters: { temperature: 0, max_tokens: null, reasoning: { effort: 'low' } } }),
      ),
    );
  }, 15_000);

  it('adds role-labelled messages, moves and removes them by named buttons, and saves them with the user template', async () => {
    mockApi(({ url }) =>
      url === '/api/models/' ? { body: models } : url.includes('/versions/') ? { body: [] } : undefined,
    );
    const onSave = open(friendly);
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await userEvent.type(screen.getByLabelText('Message 1 (User)'), 'Capital of France?');
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    // The next message answers the last: an assistant's.
    await userEvent.type(screen.getByLabelText('Message 2 (Assistant)'), 'Paris.');
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await userEvent.type(screen.getByLabelText('Message 3 (User)'), 'Spare');
    await userEvent.click(screen.getByRole('button', { name: 'Remove message 3' }));
    expect(screen.queryByLabelText('Message 3 (User)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move message 2 up' }));
    expect(screen.getByLabelText('Message 1 (Assistant)')).toHaveValue('Paris.');
    expect(screen.getByRole('button', { name: 'Move message 1 up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move message 1 down' }));
    await userEvent.selectOptions(screen.getByLabelText('Message 2 role'), 'User');
    expect(screen.getByLabelText('Message 2 (User)')).toHaveValue('Paris.');
    await userEvent.selectOptions(screen.getByLabelText('Message 2 role'), 'Assistant');
    const template = screen.getByLabelText('User message template');
    await userEvent.clear(template);
    await userEvent.type(template, 'Question: {{{{input}}');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          messages: [
            { role: 'user', content: 'Capital of France?' },
            { role: 'assistant', content: 'Paris.' },
          ],
          user_template: 'Question: {{input}}',
        }),
      ),
    );
  }, 30_000);

  it('lists the versions with a word diff against the editor and restores one into the form', async () => {
    const versions = [
      {
        version: 2,
        is_current: true,
        name: 'Friendly',
        ai_model: models[1],
        prompt: { content: 'Summarise warmly.', token_count: 4 },
        messages: [],
        user_template: '{{input}}',
        parameters: { temperature: 0.3, max_tokens: null, reasoning: null },
        provider_specific_params: {},
        tools: [],
        tool_choice: 'auto',
        response_schema: null,
        saved_at: '2025-01-02T00:00:00.000Z',
      },
      {
        version: 1,
        is_current: false,
        name: 'Friendly',
        ai_model: models[1],
        prompt: { content: 'Summarise briefly.', token_count: 4 },
        messages: [],
        user_template: '{{input}}',
        parameters: { temperature: 0.5, max_tokens: 200 },
        provider_specific_params: {},
        tools: [],
        tool_choice: 'auto',
        response_schema: null,
        saved_at: '2025-01-01T00:00:00.000Z',
      },
    ];
    mockApi(({ url }) =>
      url === '/api/models/'
        ? { body: models }
        : url === '/api/configurations/9/versions/'
          ? { body: versions }
          : undefined,
    );
    const onSave = open({ ...friendly, version: 2 });
    await userEvent.click(await screen.findByText('Versions (2)'));
    const diff = await screen.findByLabelText("Differences from the editor's text");
    expect(diff.querySelector('del')?.textContent).toBe('briefly');
    expect(diff.querySelector('ins')?.textContent).toBe('warmly');
    await userEvent.click(screen.getByRole('button', { name: 'Restore v1' }));
    expect(screen.getByText('Version 1 is in the editor. Update to save it as a new version.')).toBeInTheDocument();
    expect(screen.getByLabelText('Max tokens')).toHaveValue('200');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          prompt_content: 'Summarise briefly.',
          parameters: { temperature: 0.5, max_tokens: 200, reasoning: null },
        }),
      ),
    );
    // Many interactions: on a loaded machine (the whole suite on 2 cores) they take longer than the default 5 s.
  }, 15_000);

  it("shows the saved model selected, an endpoint's model as well as the catalog's", async () => {
    const endpointModel: AiModel = {
      ...itemAt(models, 0),
      id: 11,
      company: 'custom',
      endpoint: { id: 5, name: 'Local Ollama' },
      model_name: 'llama3.2',
      price: null,
    };
    mockApi(({ url }) =>
      url === '/api/models/'
        ? { body: [...models, endpointModel] }
        : url.includes('/versions/')
          ? { body: [] }
          : undefined,
    );
    open({ ...friendly, ai_model: endpointModel });
    const select = await screen.findByRole('combobox', { name: 'AI model' });
    await screen.findByRole('option', { name: 'Local Ollama - llama3.2' });
    await waitFor(() => expect(select).toHaveValue('11'));
    expect(screen.getByRole('option', { name: 'Local Ollama - llama3.2' })).toHaveProperty('selected', true);
  });

  it('shows a user message template on several lines and saves it with its line breaks', async () => {
    const puts: unknown[] = [];
    mockApi(({ url, method, body }) => {
      if (url === '/api/models/') return { body: models };
      if (url.includes('/versions/')) return { body: [] };
      if (url === '/api/configurations/9/' && method === 'PUT') {
        puts.push(JSON.parse(body));
        return { body: friendly };
      }
    });
    const template = 'Topic: {{topic}}\nQuestion: {{question}}';
    open(
      { ...friendly, user_template: template },
      vi.fn((data: SaveConfigurationPayload) => updateConfiguration(9, data)),
    );
    const field = screen.getByLabelText('User message template');
    expect(field).toHaveValue(template);
    await userEvent.type(field, '{Enter}Answer briefly.');
    expect(field).toHaveValue(`${template}\nAnswer briefly.`);
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual(expect.objectContaining({ user_template: `${template}\nAnswer briefly.` }));
  }, 15_000);

  it('labels models "company - model name" and offers JSON mode only for models that support it', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    open(null);
    expect(screen.getByRole('dialog', { name: 'New Prompt Configuration' })).toBeInTheDocument();
    const select = screen.getByLabelText('AI model');
    await screen.findByRole('option', { name: 'openai - gpt-4.1-mini' });
    expect(screen.getByRole('option', { name: 'anthropic - claude-haiku-4-5' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'JSON mode' })).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'openai - gpt-4.1-mini');
    expect(screen.getByRole('group', { name: 'OpenAI options' })).toBeInTheDocument();
    expect(screen.getByText('Price: $0.40 input / $1.60 output per million tokens (as of 2025-06-03).')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'JSON mode' })).toBeInTheDocument();

    await userEvent.selectOptions(select, 'anthropic - claude-haiku-4-5');
    expect(screen.queryByRole('checkbox', { name: 'JSON mode' })).not.toBeInTheDocument();
    expect(screen.getByText('Price: unknown.')).toBeVisible();
  });

  it('takes the temperature typed beside the slider, kept within 0 to 1, and disables both for a model without one', async () => {
    mockApi(({ url }) =>
      url === '/api/models/' ? { body: models } : url.includes('/versions/') ? { body: [] } : undefined,
    );
    const onSave = open(friendly);
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    const typed = screen.getByRole('spinbutton', { name: 'Temperature' });
    expect(typed).toHaveValue(0.3);
    await userEvent.clear(typed);
    await userEvent.type(typed, '0.7');
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveAttribute('aria-valuenow', '0.7');
    await userEvent.clear(typed);
    await userEvent.type(typed, '3');
    await userEvent.tab();
    expect(typed).toHaveValue(1);
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveAttribute('aria-valuenow', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ parameters: { temperature: 1, max_tokens: null, reasoning: null } }),
      ),
    );

    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-5-mini');
    expect(screen.getByRole('spinbutton', { name: 'Temperature' })).toBeDisabled();
  }, 15_000);

  it('starts at temperature 0 and requires prompt, name and model', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = open(null);
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveAttribute('aria-valuenow', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Prompt is required.')).toBeInTheDocument();
    expect(screen.getByText('AI model is required.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // Fixing a field clears its own error at once; the others stay until fixed.
    await userEvent.type(screen.getByLabelText('Name'), 'Terse');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'openai - gpt-4.1-mini' });
    await userEvent.selectOptions(screen.getByLabelText('AI model'), 'openai - gpt-4.1-mini');
    expect(screen.queryByText('AI model is required.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('AI model')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Prompt is required.')).toBeInTheDocument();
  });

  it('refuses max tokens out of 1..32000 and sends an empty field as null with {} for a model without JSON mode', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = open(friendly);
    expect(screen.getByRole('dialog', { name: 'Edit Prompt Configuration' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    const maxTokens = screen.getByLabelText('Max tokens');
    await userEvent.type(maxTokens, '32001');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Max tokens must be at most 32000.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(maxTokens, '{Backspace}');
    expect(screen.queryByText('Max tokens must be at most 32000.')).not.toBeInTheDocument();

    await userEvent.clear(maxTokens);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Friendly',
        prompt_content: 'Summarise warmly.',
        messages: [],
        user_template: '{{input}}',
        ai_model_id: 2,
        parameters: { temperature: 0.3, max_tokens: null, reasoning: null },
        provider_specific_params: {},
        tools: [],
        tool_choice: 'auto',
        response_schema: null,
        project: 3,
        updated_at: friendly.updated_at,
      }),
    );
  });

  it('sends json_mode for a model that supports it, and shows the save error', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const onSave = open(
      { ...friendly, ai_model: itemAt(models, 0), json_mode: false, provider_specific_params: { json_mode: false } },
      vi.fn().mockRejectedValue(new Error('name: Name is required.')),
    );
    await screen.findByRole('option', { name: 'openai - gpt-4.1-mini' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'JSON mode' }));
    await userEvent.type(screen.getByLabelText('Max tokens'), '512');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          parameters: { temperature: 0.3, max_tokens: 512, reasoning: null },
          provider_specific_params: { json_mode: true },
        }),
      ),
    );
    expect(await screen.findByText('name: Name is required.')).toBeInTheDocument();
  });

  it("puts a refused save's field messages on their fields, the rest in the banner", async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { body: models } : undefined));
    const body = {
      prompt_content: ['Prompt must not contain a NUL character.'],
      'parameters.max_tokens': ['Max tokens must be at most 32000.'],
      project: ['Not a valid id.'],
    };
    const onSave = open(friendly, vi.fn().mockRejectedValue(new ApiError('refused', 400, body)));
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(await screen.findByText('Prompt must not contain a NUL character.')).toBeInTheDocument();
    expect(screen.getByLabelText('Max tokens')).toHaveAccessibleDescription('Max tokens must be at most 32000.');
    expect(screen.getByText('Not a valid id.')).toBeInTheDocument();
    expect(screen.queryByText('refused')).not.toBeInTheDocument();
  });

  it('says so when the models cannot be loaded', async () => {
    mockApi(({ url }) => (url === '/api/models/' ? { status: 500, body: { detail: 'down' } } : undefined));
    open(null);
    expect(await screen.findByText('Failed to load AI models')).toBeInTheDocument();
  });

  it('keeps the typed prompt when the save meets a version saved elsewhere, then loads that one or overwrites it', async () => {
    mockApi(({ url }) =>
      url === '/api/models/' ? { body: models } : url.includes('/versions/') ? { body: [] } : undefined,
    );
    const detail = 'This system prompt was changed elsewhere (in another tab or window) after you opened it.';
    const savedElsewhere = {
      ...friendly,
      prompt: { content: 'Saved in the other tab.', token_count: 5 },
      updated_at: '2025-01-02T00:00:00.000Z',
    };
    const conflict = () => new ApiError('Conflict', 409, { detail, current: savedElsewhere });
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(conflict())
      .mockRejectedValueOnce(conflict())
      .mockResolvedValueOnce(undefined);
    open(friendly, onSave);
    await screen.findByRole('option', { name: 'anthropic - claude-haiku-4-5' });
    const prompt = await screen.findByRole('textbox', { name: 'Prompt template' }, { timeout: 5000 });
    // Typed at the start: the editor's cursor starts there.
    await userEvent.type(prompt, 'Mine. ');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(prompt).toHaveTextContent('Mine. Summarise warmly.');
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ updated_at: friendly.updated_at }));

    await userEvent.click(screen.getByRole('button', { name: 'Load the saved version' }));
    await waitFor(() => expect(prompt).toHaveTextContent('Saved in the other tab.'));
    expect(screen.queryByText(detail)).not.toBeInTheDocument();

    await userEvent.type(prompt, 'Mine again. ');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(3));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({
        prompt_content: 'Mine again. Saved in the other tab.',
        updated_at: savedElsewhere.updated_at,
      }),
    );
  }, 20_000);
});
