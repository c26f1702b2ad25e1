// The copy-and-tweak loop, no lost typing, keys checked before a run, not-found projects, and every signed-in screen
// at 1440 x 900 and 390 x 844 without sideways scrolling.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { PHONE, shot, signIn, useApp } from '../support/app';
import { atPath, hidden, seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';

const app = useApp({ name: 'workspace-polish' });
const WIDE = { width: 1440, height: 900 };

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const editorText = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name });

async function seeded(page: Page, name: string) {
  return seedProject(page, {
    name,
    inputs: [
      { name: 'Refund request', content: 'I was charged twice for order 1182. Can I get a refund?' },
      { name: 'Late parcel', content: 'My parcel is a week late. Where is it?' },
    ],
    configurations: [
      { name: 'Concise support agent', model: 'gpt-4.1-mini', prompt: 'You are a support agent. Answer briefly.' },
    ],
  });
}

test.describe('workspace polish', () => {
  test('duplicate and tweak a system prompt, run both, see both; restore an older version', async () => {
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'copy-loop@example.com');
    const { projectId } = await seeded(page, 'Copy loop');
    await page.goto(`/project/${projectId}/configs`);

    await card(page, 'Concise support agent').getByRole('button', { name: 'Duplicate Concise support agent' }).click();
    const copy = page.getByRole('dialog', { name: 'Edit Prompt Configuration' });
    await visible(copy);
    expect(await copy.getByLabel('Name', { exact: true }).inputValue()).toBe('Copy of Concise support agent');
    await copy.getByLabel('Name', { exact: true }).fill('Warm support agent');
    await editorText(copy, 'Prompt template').fill('You are a support agent. Answer briefly and warmly.');
    await copy.getByRole('button', { name: 'Update', exact: true }).click();
    await hidden(copy);
    await visible(card(page, 'Warm support agent').getByText('v2', { exact: false }));

    // Run both (mock) and see both side by side.
    await page.getByRole('link', { name: 'Configure and Run Evaluation' }).click();
    await atPath(page, `/project/${projectId}/run`);
    await seeText(page, '2 of 2 selected');
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run evaluation' });
    await visible(confirm.getByText('Running this evaluation will make 4 API call(s).', { exact: true }));
    await visible(confirm.getByText('Mock mode is on: these calls are simulated and free. No provider is called.'));
    await confirm.getByRole('button', { name: 'Run', exact: true }).click();
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 45_000);
    const main = page.getByRole('main');
    await visible(card(main, 'Concise support agent'));
    await visible(card(main, 'Warm support agent'));
    const [left, right] = await Promise.all(
      ['Concise support agent', 'Warm support agent'].map((name) => card(main, name).boundingBox()),
    );
    expect(Math.abs(left!.y - right!.y), 'both results share a row').toBeLessThan(2);

    // Restore version 1 of the copy: its text comes back, and saving it makes version 3.
    await page.goto(`/project/${projectId}/configs`);
    await card(page, 'Warm support agent').getByRole('button', { name: 'Edit Warm support agent' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt Configuration' });
    await editor.getByText('Versions (2)').click();
    const versions = editor.getByRole('list', { name: 'Versions' });
    await visible(versions.getByText('v1', { exact: true }));
    const diff = editor.getByLabel("Differences from the editor's text");
    await visible(diff.locator('ins', { hasText: 'and' }));
    await shot(page, 'configs-versions', { desktop: WIDE });
    await editor.getByRole('button', { name: 'Restore v1' }).click();
    await seeText(editor, 'Version 1 is in the editor. Update to save it as a new version.');
    await visible(editorText(editor, 'Prompt template').getByText('You are a support agent. Answer briefly.'));
    await editor.getByRole('button', { name: 'Update', exact: true }).click();
    await hidden(editor);
    const restored = card(page, 'Warm support agent');
    await visible(restored.getByText('v3', { exact: false }));
    await visible(restored.getByText('You are a support agent. Answer briefly.', { exact: true }));
  });

  test('Escape on a changed editor asks first and keeps the text; a reload keeps the draft', async () => {
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'no-lost-typing@example.com');
    const { projectId } = await seeded(page, 'No lost typing');
    await page.goto(`/project/${projectId}/inputs`);

    await page.getByRole('button', { name: 'Add User Prompt' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Input' });
    await dialog.getByLabel('Name', { exact: true }).fill('Angry customer');
    await editorText(dialog, 'Content').fill('This is the third time I am writing to you.');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await visible(ask);
    await shot(page, 'inputs-discard-question', { desktop: WIDE });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(ask);
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Angry customer');

    // An accidental reload: the draft comes back when the same dialog opens again.
    await page.reload();
    await page.getByRole('button', { name: 'Add User Prompt' }).first().click();
    const again = page.getByRole('dialog', { name: 'New Input' });
    await seeText(again, 'Your unsaved changes were restored.');
    expect(await again.getByLabel('Name', { exact: true }).inputValue()).toBe('Angry customer');
    await visible(editorText(again, 'Content').getByText('This is the third time I am writing to you.'));
    await again.getByRole('button', { name: 'Create', exact: true }).click();
    await hidden(again);
    await visible(card(page, 'Angry customer'));

    // Saved: the draft is gone, and a clean editor closes on Escape at once.
    await page.getByRole('button', { name: 'Add User Prompt' }).first().click();
    const fresh = page.getByRole('dialog', { name: 'New Input' });
    expect(await fresh.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await hidden(fresh);
  });

  test('a real run names the missing key and links to API Settings; the server 400 reads as a sentence', async () => {
    // The refused run is logged to the console (where the run screen's messages send people), with the browser's 400 line.
    app.allowConsoleError(/Run failed|status of 400/);
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'missing-key@example.com');
    const { projectId } = await seeded(page, 'Missing key');
    await storeApiKey(page, 'anthropic', 'sk-ant-e2e-stored-0001');
    await page.goto(`/project/${projectId}/run`);
    const sentence = 'Add an OpenAI API key in API Settings to run gpt-4.1-mini, or turn on mock mode.';
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    await visible(mock);
    expect(await mock.getAttribute('aria-checked')).toBe('false');
    await seeText(page, sentence);
    await shot(page, 'run-missing-key', { desktop: WIDE });

    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run evaluation' });
    await confirm.getByRole('button', { name: 'Run', exact: true }).click();
    await seeText(page, `❌ Error: ${sentence}`);
    expect(await page.getByText(/api_key:/).count()).toBe(0);

    await page.getByRole('link', { name: 'Open API Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'API Configuration' });
    await visible(settings);
    await settings.getByRole('button', { name: 'Close' }).click();
    await hidden(settings);
    await atPath(page, `/project/${projectId}/run`);
  });

  test("a missing or another user's project shows 'Project not found' with a way back", async () => {
    // The browser logs the server's 404 (400 for a malformed id) answers to the project's requests.
    app.allowConsoleError(/status of 40[04]/);
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'owner@example.com');
    const { projectId } = await seeded(page, 'Private project');
    const stranger = await app.newPage({ viewport: WIDE });
    await signIn(stranger, 'stranger@example.com');
    for (const path of [`/project/${projectId}/inputs`, '/project/999999/configs', '/project/abc/run']) {
      await stranger.goto(path);
      await visible(stranger.getByRole('heading', { name: 'Project not found' }));
      expect(await stranger.getByRole('navigation', { name: 'Project sections' }).count()).toBe(0);
      expect(await stranger.getByRole('button', { name: /Add|Run/ }).count()).toBe(0);
    }
    await shot(stranger, 'project-not-found', { desktop: WIDE });
    await stranger.getByRole('link', { name: 'Back to Projects' }).click();
    await atPath(stranger, '/projects');
  });

  test('every signed-in screen: screenshots at 1440 x 900 and 390 x 844, and none scrolls sideways at 390 px', async () => {
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'screens@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Customer e-mails triage, November',
      inputs: Array.from({ length: 6 }, (_, n) => ({
        name: `Customer e-mail ${n + 1}: a complaint about a delayed delivery and a refund`,
        content:
          `Hello,\nOrder ${1180 + n} arrived damaged_and_the_tracking_number_was_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ` +
          'never updated.\nPlease help.',
      })),
      configurations: [
        { name: 'Concise support agent', model: 'gpt-4.1-mini', prompt: 'Answer in two sentences.' },
        { name: 'Warm support agent', model: 'claude-haiku-4-5', prompt: 'Answer warmly.', temperature: 0.7 },
        { name: 'Reasoning support agent', model: 'gpt-5-mini', prompt: 'Think, then answer.' },
        { name: 'Formal support agent with a long name', model: 'claude-sonnet-4-6', prompt: 'Answer formally.' },
      ],
    });
    // A finished mock run for the results screen.
    await page.goto(`/project/${projectId}/run`);
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    await page
      .getByRole('dialog', { name: 'Run evaluation' })
      .getByRole('button', { name: 'Run', exact: true })
      .click();
    await seeText(page, 'Complete', 45_000);

    const screens: [string, string][] = [
      ['projects', '/projects'],
      ['inputs', `/project/${projectId}/inputs`],
      ['configs', `/project/${projectId}/configs`],
      ['run', `/project/${projectId}/run`],
      ['results', `/project/${projectId}/results`],
      ['account', '/account'],
    ];
    for (const [name, path] of screens) {
      await page.setViewportSize(WIDE);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await shot(page, `screen-${name}`, { desktop: WIDE });

      await page.setViewportSize(PHONE);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, `${path} is ${widths.scroll}px wide on a ${widths.client}px screen`).toBeLessThanOrEqual(
        widths.client,
      );
    }

    // One left edge on every signed-in screen: the top bar's logo or crumb and each screen's first heading line up.
    await page.setViewportSize(WIDE);
    const edges: number[] = [];
    for (const [, path] of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const heading = page.getByRole('main').getByRole('heading').first();
      edges.push((await heading.boundingBox())!.x);
    }
    // Within a pixel: a heading's first glyph may start a fraction of a pixel inside its box.
    expect(Math.max(...edges) - Math.min(...edges), `left edges ${edges.join(', ')}`).toBeLessThanOrEqual(1.5);
    // The breadcrumb has room for the whole name at 1440 px.
    await page.goto(`/project/${projectId}/inputs`);
    const crumb = page.getByTestId('project-name');
    expect(await crumb.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
