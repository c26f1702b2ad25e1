// Images as inputs: a PNG added to a user prompt in its editor, its thumbnail on the card, a mock run on a vision
// model, and the mock's mention of the image under the thumbnail on the result card.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { solidPng } from '@promptgrid/test-support/images';
import { DESKTOP, shot, signIn, useApp } from '../support/app';
import { atPath, seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'images' });

/** A 640x480 PNG on disk, saved under a name that says nothing of its type (the server reads the bytes). */
function chartFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-')), 'chart');
  fs.writeFileSync(file, solidPng(640, 480));
  return file;
}

test.describe('images as inputs', () => {
  test('an image added in the editor shows on the card, runs in mock mode and shows on the result', async () => {
    test.setTimeout(120_000);
    const page = await app.newPage();
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'images@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Charts',
      inputs: [{ name: 'Sales chart', content: 'What trend does this chart show?' }],
      configurations: [{ name: 'Analyst', model: 'gpt-4o', prompt: 'You read charts.' }],
    });

    await page.goto(`/project/${projectId}/inputs`);
    await page.getByRole('button', { name: 'Edit Sales chart' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Input' });
    await editor.getByLabel('Images').setInputFiles(chartFile());
    await visible(editor.getByRole('img', { name: 'Image 1 of Sales chart' }));
    await visible(editor.getByRole('button', { name: 'Remove image 1' }));
    await editor.getByRole('button', { name: 'Remove image 1' }).scrollIntoViewIfNeeded();
    await shot(page, 'images-input-editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    const card = page.getByRole('article', { name: 'Sales chart' });
    const thumbnail = card.getByRole('img', { name: 'Image 1 of Sales chart' });
    await visible(thumbnail);
    // The thumbnail is the image itself, read from its route: drawn, not a broken-image box.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await shot(page, 'images-input-card');

    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 1);
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 60_000);
    const result = page.getByRole('article', { name: 'Analyst' });
    await visible(result.getByRole('img', { name: 'Image 1 of Sales chart' }));
    await visible(result.getByText('With 1 image (png, 640x480).'));
    await shot(page, 'images-result-card', { desktop: DESKTOP });
  });
});
