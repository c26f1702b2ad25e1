// Beyond one message: a system prompt with two few-shot messages, a conversation imported from JSONL, a mock run, and
// the conversation shown collapsed above each output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, DESKTOP, shot, signIn, useApp } from '../support/app';
import { atPath, hidden, seeText, visible } from '../support/expect';
import { createProjectViaUi, runAndConfirm } from '../support/flows';

const app = useApp({ name: 'conversations' });

const CONVERSATION = [
  { role: 'user', content: 'Hi, my parcel is late.' },
  { role: 'assistant', content: 'Sorry to hear that! What is the order number?' },
  { role: 'user', content: 'It is #4411. When will it arrive?' },
];

/** A JSONL file of one conversation with its expected answer. */
function conversationsFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-')), 'chats.jsonl');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ name: 'Late parcel chat', messages: CONVERSATION, expected_output: 'Tomorrow' })}\n`,
  );
  return file;
}

test.describe('messages and conversations', () => {
  test('a few-shot system prompt, a conversation from JSONL, a mock run, the conversation above the output', async () => {
    test.setTimeout(120_000);
    const page = await app.newPage();
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'conversations@example.com');
    const projectId = await createProjectViaUi(page, 'Chat support', 'Multi-turn replies');

    // The conversation, imported from JSONL: the preview says what each row is.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importing = page.getByRole('dialog', { name: 'Import User Prompts' });
    await importing.getByLabel('Choose a file').setInputFiles(conversationsFile());
    await visible(importing.getByText('Conversation of 3 messages, ending: It is #4411. When will it arrive?'));
    await shot(page, 'conversations-import-preview');
    await importing.getByRole('button', { name: 'Import 1 user prompt' }).click();
    await hidden(importing);
    await seeText(page, 'Imported 1 user prompt.');
    const card = page.getByRole('article', { name: 'Late parcel chat' });
    await visible(card.getByText('Conversation · 3 messages, ending:'));
    await visible(card.getByText('It is #4411. When will it arrive?'));

    // Its editor shows the conversation as role-labelled message boxes.
    await page
      .getByRole('article', { name: 'Late parcel chat' })
      .getByRole('button', { name: 'Edit Late parcel chat' })
      .click();
    const inputEditor = page.getByRole('dialog', { name: 'Edit Input' });
    expect(await inputEditor.getByRole('checkbox', { name: 'Conversation' }).isChecked()).toBe(true);
    expect(await inputEditor.getByLabel('Message 2 (Assistant)').inputValue()).toBe(CONVERSATION[1]!.content);
    await shot(page, 'conversations-input-editor');
    await inputEditor.getByRole('button', { name: 'Cancel' }).click();

    // A system prompt with two few-shot messages, typed in the editor.
    await page.goto(`/project/${projectId}/configs`);
    await page.getByRole('button', { name: 'Add System Prompt' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New Prompt Configuration' });
    await editor.getByLabel('Name', { exact: true }).fill('Few-shot support');
    const model = editor.getByLabel('AI model');
    await expect.poll(() => model.locator('option').count()).toBeGreaterThan(1);
    await model.selectOption({ label: 'openai - gpt-4.1-mini' });
    await editor.getByRole('textbox', { name: 'Prompt template' }).fill('You are a support agent. Answer in one line.');
    await editor.getByRole('button', { name: 'Add message' }).click();
    await editor.getByLabel('Message 1 (User)').fill('Where is order #1?');
    await editor.getByRole('button', { name: 'Add message' }).click();
    await editor.getByLabel('Message 2 (Assistant)').fill('It ships today.');
    await shot(page, 'conversations-few-shot-editor');
    await editor.getByRole('button', { name: 'Create' }).click();
    await hidden(editor);
    await visible(page.getByRole('article', { name: 'Few-shot support' }));

    // A mock run of it on the conversation.
    await page.goto(`/project/${projectId}/run`);
    await visible(page.getByRole('heading', { name: 'Configure and Run Evaluation' }));
    expect(await page.getByRole('switch', { name: 'Mock mode (no API calls)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await runAndConfirm(page, 1);
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 60_000);

    // Above the output, the conversation sent (the few-shot messages, then the input's), collapsed until opened.
    const result = page.getByRole('article', { name: 'Few-shot support' });
    const disclosure = result.getByText('Conversation · 5 messages');
    await visible(disclosure);
    await hidden(result.getByText('It ships today.'));
    const output = result.getByRole('region', { name: 'Output of Few-shot support' });
    await visible(output.getByText(/^\[mock openai\/gpt-4\.1-mini\]/));
    await visible(
      output.getByText(/Conversation of 5 messages; last user turn: "It is #4411\. When will it arrive\?"/),
    );
    await shot(page, 'conversations-results-collapsed', { desktop: DESKTOP });
    await disclosure.click();
    await visible(result.getByText('It ships today.'));
    await visible(result.getByText('Sorry to hear that! What is the order number?'));
    await shot(page, 'conversations-results-open', { desktop: DESKTOP });
    // Show input shows the conversation turn by turn.
    await page.getByRole('button', { name: 'Show input' }).click();
    await visible(page.locator('#result-input-content').getByText(/Assistant: Sorry to hear that!/));

    // What was sent is kept with the request: every turn, and the last user turn as its user prompt.
    const evaluationId = Number(new URL(page.url()).searchParams.get('evaluation'));
    const [request] = await apiCall<{ user_prompt: string; messages: { role: string; content: string }[] }[]>(
      page,
      'GET',
      `/api/api-requests/?evaluation=${evaluationId}`,
    );
    expect(request?.user_prompt).toBe('It is #4411. When will it arrive?');
    expect(request?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  });
});
