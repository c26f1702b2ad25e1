import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { ProviderKeyCard } from './provider-key-card';

const storedKey: ApiKey = {
  id: 3,
  provider: 'openai',
  label: 'Default OpenAI key',
  is_active: true,
  last_four_digits: '1234',
  created_at: '2025-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ProviderKeyCard', () => {
  it('shows the Save button only once text is entered', async () => {
    mockApi(() => undefined);
    renderWithApp(<ProviderKeyCard provider="openai" apiKey={null} />);
    expect(screen.getByText('Not Configured')).toBeInTheDocument();
    const field = screen.getByPlaceholderText('sk-...');
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('button', { name: 'Save OpenAI Key' })).not.toBeInTheDocument();

    await userEvent.type(field, '   ');
    expect(screen.queryByRole('button', { name: 'Save OpenAI Key' })).not.toBeInTheDocument();
    await userEvent.type(field, 'sk-abc');
    expect(screen.getByRole('button', { name: 'Save OpenAI Key' })).toBeInTheDocument();
    await userEvent.clear(field);
    expect(screen.queryByRole('button', { name: 'Save OpenAI Key' })).not.toBeInTheDocument();
  });

  it('shows and hides the key', async () => {
    mockApi(() => undefined);
    renderWithApp(<ProviderKeyCard provider="anthropic" apiKey={null} />);
    const field = screen.getByPlaceholderText('sk-ant-...');
    await userEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(field).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide key' }));
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: /Anthropic console/ })).toHaveAttribute(
      'href',
      'https://console.anthropic.com/settings/keys',
    );
  });

  it('creates the key with the default label and says so for 2 seconds', async () => {
    const fetch = mockApi(({ method }) =>
      method === 'POST' ? { status: 201, body: { ...storedKey, last_four_digits: 'wxyz' } } : { body: [] },
    );
    renderWithApp(<ProviderKeyCard provider="openai" apiKey={null} />);
    await userEvent.type(screen.getByPlaceholderText('sk-...'), 'sk-test-wxyz');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenAI Key' }));
    expect(await screen.findByText('OpenAI API key saved successfully!')).toBeInTheDocument();
    const post = fetch.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body)).toEqual({
      provider: 'openai',
      key: 'sk-test-wxyz',
      label: 'Default OpenAI key',
    });
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('OpenAI API key saved successfully!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByText('OpenAI API key saved successfully!')).not.toBeInTheDocument());
  });

  it('shows an existing key by its last four, replaces it with PUT and removes it with DELETE', async () => {
    const fetch = mockApi(({ method }) => (method === 'DELETE' ? { status: 204 } : { body: storedKey }));
    renderWithApp(<ProviderKeyCard provider="openai" apiKey={storedKey} />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/Key ending in/)).toHaveTextContent('Key ending in 1234');
    expect(screen.queryByPlaceholderText('sk-...')).not.toBeInTheDocument();
    // The dashboard link stays once a key is stored.
    expect(screen.getByRole('link', { name: /OpenAI dashboard/ })).toHaveAttribute(
      'href',
      'https://platform.openai.com/api-keys',
    );

    await userEvent.click(screen.getByRole('button', { name: /Replace/ }));
    await userEvent.type(screen.getByPlaceholderText('sk-...'), 'sk-new-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenAI Key' }));
    expect(await screen.findByText('OpenAI API key saved successfully!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    await waitFor(() =>
      expect(callsOf(fetch)).toEqual(expect.arrayContaining(['PUT /api/api-keys/3/', 'DELETE /api/api-keys/3/'])),
    );
  });

  it("answers a key with spaces in the contract's words, and puts a 400's message on the field", async () => {
    const fetch = mockApi(() => ({ status: 400, body: { key: ['Key is too long.'] } }));
    renderWithApp(<ProviderKeyCard provider="openai" apiKey={null} />);
    const field = screen.getByPlaceholderText('sk-...');
    await userEvent.type(field, 'sk-abc def');
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenAI Key' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Key must not contain spaces.'));
    expect(callsOf(fetch)).not.toContain('POST /api/api-keys/');

    await userEvent.clear(field);
    await userEvent.type(field, 'sk-abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenAI Key' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Key is too long.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the save and remove failures', async () => {
    mockApi(({ method }) =>
      method === 'DELETE' ? { status: 500, body: 'boom' } : { status: 502, body: '<html>', contentType: 'text/html' },
    );
    renderWithApp(<ProviderKeyCard provider="anthropic" apiKey={{ ...storedKey, id: 4, provider: 'anthropic' }} />);
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete Anthropic API key');
    await userEvent.click(screen.getByRole('button', { name: /Replace/ }));
    await userEvent.type(screen.getByPlaceholderText('sk-ant-...'), 'sk-ant-x');
    await userEvent.click(screen.getByRole('button', { name: 'Save Anthropic Key' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save Anthropic API key'));
  });
});
