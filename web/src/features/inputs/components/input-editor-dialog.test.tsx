import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Input } from '@promptgrid/contract';
import { ApiError } from '@/lib/api-client';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { InputEditorDialog } from './input-editor-dialog';
import { itemAt } from '@promptgrid/test-support/items';

const existing: Input = {
  id: 4,
  project: 1,
  messages: null,
  variables: {},
  expected_output: null,
  name: 'Capital question',
  content: 'What is the capital of France?',
  active: true,
  token_count: 7,
  images: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

afterEach(() => sessionStorage.clear());

describe('InputEditorDialog', () => {
  it('is titled New Input, shows at least 50 numbered lines and requires name and content', async () => {
    const onSave = vi.fn();
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={null} onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'New Input' });
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(dialog.querySelector('.cm-gutters')?.textContent).toContain('50'));
    expect(editor).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Content is required.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // The first test loads the code editor: on a loaded machine that alone can take most of the default 5 s.
  }, 15_000);

  it('turns the text into a conversation, requires it to end with a user message, and saves its messages', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={onSave} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Conversation' }));
    expect(screen.queryByRole('textbox', { name: 'Content' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message 1 (User)')).toHaveValue(existing.content);
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await userEvent.type(screen.getByLabelText('Message 2 (Assistant)'), 'Paris.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('A conversation must end with a user message.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await userEvent.type(screen.getByLabelText('Message 3 (User)'), 'And Italy?');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: existing.name,
        messages: [
          { role: 'user', content: existing.content },
          { role: 'assistant', content: 'Paris.' },
          { role: 'user', content: 'And Italy?' },
        ],
        variables: {},
        expected_output: null,
        updated_at: existing.updated_at,
      }),
    );
  }, 20_000);

  it("clears the name's error and red border once a name is typed, keeping the content error", async () => {
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={null} onSave={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const name = screen.getByLabelText('Name');
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(name, 'Greeting');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Content is required.')).toBeInTheDocument();
  });

  it("counts the content's characters against the limit and says beside it when there are too many", async () => {
    const onSave = vi.fn();
    const long = { ...existing, content: `${'word '.repeat(40_000)}!` };
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={long} onSave={onSave} />);
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    expect(editor).toHaveAccessibleDescription('200,001 / 200,000');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(editor).toHaveAccessibleDescription('Content must be at most 200,000 characters. 200,001 / 200,000'),
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('is titled Edit Input and saves the changed name with the content', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    renderWithApp(
      <InputEditorDialog projectId="1" open onOpenChange={onOpenChange} input={existing} onSave={onSave} />,
    );
    expect(screen.getByRole('dialog', { name: 'Edit Input' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Capital of France');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Capital of France',
        content: existing.content,
        messages: null,
        variables: {},
        expected_output: null,
        updated_at: existing.updated_at,
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the typed name when the input was saved elsewhere meanwhile, and overwrites that version knowingly', async () => {
    const detail = 'This user prompt was changed elsewhere (in another tab or window) after you opened it.';
    const current = { ...existing, name: 'Renamed elsewhere', updated_at: '2025-01-02T00:00:00.000Z' };
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Conflict', 409, { detail, current }))
      .mockResolvedValueOnce(undefined);
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={onSave} />);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(name).toHaveValue('Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: 'Mine', updated_at: current.updated_at }),
      ),
    );
  });

  it('edits variables in a table, offers the ones the content uses, and saves them with the expected output', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const input = { ...existing, content: 'Weather in {{city}} for {{day}}?', variables: { city: 'Paris' } };
    renderWithApp(<InputEditorDialog open onOpenChange={() => {}} projectId="1" input={input} onSave={onSave} />);
    const names = screen.getAllByRole('textbox', { name: /Variable name/ });
    expect(names.map((field) => (field as HTMLInputElement).value)).toEqual(['city']);
    await userEvent.click(screen.getByRole('button', { name: 'Add day' }));
    // A value may span lines, as the prompt it fills does.
    await userEvent.type(itemAt(screen.getAllByRole('textbox', { name: /^Value/ }), 1), 'Monday{Enter}morning');
    await userEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    await userEvent.type(itemAt(screen.getAllByRole('textbox', { name: /Variable name/ }), 2), '9 lives');
    await userEvent.type(itemAt(screen.getAllByRole('textbox', { name: /^Value/ }), 2), 'x');
    await userEvent.type(screen.getByLabelText('Expected output'), 'Sunny.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(/'9 lives' is not a variable name/)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove variable 9 lives' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: existing.name,
        content: input.content,
        messages: null,
        variables: { city: 'Paris', day: 'Monday\nmorning' },
        expected_output: 'Sunny.',
        updated_at: existing.updated_at,
      }),
    );
    // Many keystrokes: room for a busy machine.
  }, 30_000);

  it("answers a bad variable name in the contract's words, and a name given twice", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Variable name/ }), '9 lives');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(
        "'9 lives' is not a variable name: use letters, digits and _, not starting with a digit, at most 64.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    const names = screen.getAllByRole('textbox', { name: /Variable name/ });
    await userEvent.clear(itemAt(names, 0));
    await userEvent.type(itemAt(names, 0), 'city');
    await userEvent.type(itemAt(names, 1), 'city');
    await userEvent.type(itemAt(screen.getAllByRole('textbox', { name: /^Value/ }), 1), 'Rome');
    expect(await screen.findByText("The variable 'city' appears twice.")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 15_000);

  it("puts a refused save's messages on their fields", async () => {
    const body = { content: ['Content must be at most 100000 characters.'], 'variables.city': ['Too long.'] };
    const onSave = vi.fn().mockRejectedValue(new ApiError('refused', 400, body));
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Content must be at most 100000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Variables' })).toHaveAccessibleDescription('Too long.');
    expect(screen.queryByText('Failed to update input')).not.toBeInTheDocument();
  });

  it('says so when the update fails', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('boom'));
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update input')).toBeInTheDocument();
  });

  it("asks 'Discard your changes?' on Escape or Cancel when the form has changes, and keeps the text on Keep editing", async () => {
    const onOpenChange = vi.fn();
    renderWithApp(
      <InputEditorDialog projectId="1" open onOpenChange={onOpenChange} input={existing} onSave={vi.fn()} />,
    );
    const name = screen.getByLabelText('Name');
    await userEvent.type(name, ' (draft)');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Capital question (draft)');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sessionStorage.length).toBe(0);
  });

  it('closes a clean form at once on Escape', async () => {
    const onOpenChange = vi.fn();
    renderWithApp(
      <InputEditorDialog projectId="1" open onOpenChange={onOpenChange} input={existing} onSave={vi.fn()} />,
    );
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
  });

  it('keeps a draft per project and dialog across a reload until it is saved', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const first = renderWithApp(
      <InputEditorDialog projectId="1" open onOpenChange={() => {}} input={null} onSave={onSave} />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Half-typed');
    await waitFor(() => expect(sessionStorage.getItem('promptgrid:draft:1:input:new')).toContain('Half-typed'));
    first.unmount();

    // Another project's new-input dialog starts empty; this project's brings the draft back.
    const other = renderWithApp(
      <InputEditorDialog projectId="2" open onOpenChange={() => {}} input={null} onSave={onSave} />,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('');
    other.unmount();
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={null} onSave={onSave} />);
    expect(await screen.findByText('Your unsaved changes were restored.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Half-typed');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Content' }), 'Body');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Half-typed',
        content: 'Body',
        messages: null,
        variables: {},
        expected_output: null,
      }),
    );
    expect(sessionStorage.getItem('promptgrid:draft:1:input:new')).toBeNull();
    // Three mounts and typing: on a loaded machine they take longer than the default 5 s.
  }, 15_000);
});

describe('InputEditorDialog images', () => {
  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  it('adds images to a saved input with a labelled file field, shows them and removes one by its button', async () => {
    let next = 10;
    const calls = mockApi(({ method, url }) => {
      if (method === 'POST' && url === '/api/projects/1/inputs/4/images/')
        return {
          status: 201,
          body: { id: next++, media_type: 'image/png', size: 4, width: 640, height: 480 },
        };
      if (method === 'DELETE' && url === '/api/projects/1/inputs/4/images/10/') return { status: 204 };
      return { status: 200, body: [] };
    });
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('Images'), [png('a.png'), png('b.png')]);
    const first = await screen.findByRole('img', { name: 'Image 1 of Capital question' });
    expect(first).toHaveAttribute('src', '/api/projects/1/inputs/4/images/10/');
    expect(await screen.findByRole('img', { name: 'Image 2 of Capital question' })).toBeInTheDocument();
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => JSON.parse(call.body))).toEqual([{ data: 'iVBORw==' }, { data: 'iVBORw==' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Image 2 of Capital question' })).toBeNull());
    expect(screen.getByRole('img', { name: 'Image 1 of Capital question' })).toHaveAttribute(
      'src',
      '/api/projects/1/inputs/4/images/11/',
    );
  });

  it("shows the server's refusal under the field", async () => {
    mockApi(({ method }) =>
      method === 'POST'
        ? { status: 400, body: { file: ['An image must be a PNG, JPEG, WebP or GIF file.'] } }
        : { status: 200, body: [] },
    );
    renderWithApp(<InputEditorDialog projectId="1" open onOpenChange={() => {}} input={existing} onSave={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('Images'), png('logo.png'));
    expect(await screen.findByText('logo.png: An image must be a PNG, JPEG, WebP or GIF file.')).toBeInTheDocument();
  });
});
