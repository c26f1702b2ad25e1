// The run screen on a project of 40 support tickets: choosing user prompts by search and by a seeded random sample,
// reading the calls and the estimate in the bar stuck to the window's bottom, Run held back (with the server's
// reason) while a system prompt uses a variable a chosen user prompt lacks, then a run; back on the screen, the same
// sample size picks the same tickets again.
import { expect, test, type Locator } from '@playwright/test';
import { shot, signIn, useApp } from '../support/app';
import { atPath, hidden, seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'run-screen' });

const CITIES = ['Paris', 'Lyon', 'Nantes'];
/** The last three tickets were imported without a city. */
const variablesOf = (n: number): Record<string, string> => (n >= 37 ? {} : { city: CITIES[n % CITIES.length]! });
/** Every fourth ticket asks for a refund. */
const TICKETS = Array.from({ length: 40 }, (_, n) => ({
  name: `Ticket ${n + 1}`,
  content: n % 4 === 0 ? `Refund for order ${1000 + n}, please.` : `Where is my order ${1000 + n}?`,
  variables: variablesOf(n),
}));

const checkedNames = async (list: Locator) => {
  const names: string[] = [];
  for (const box of await list.getByRole('checkbox', { checked: true }).all())
    names.push((await box.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? '')).trim());
  return names;
};

test.describe('the run screen', () => {
  test('search, a seeded sample, the sticky bar, Run held back by a missing variable, then a run', async () => {
    test.setTimeout(120_000);
    const page = await app.newPage();
    // The estimate's 400 is how the server says a variable is missing: the browser logs it, the bar shows it.
    app.allowConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/run-evaluation\/estimate\/\)$/);
    await signIn(page, 'run-screen@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Support tickets',
      inputs: TICKETS,
      configurations: [
        { name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer in one sentence.' },
        { name: 'Local', model: 'gpt-4.1-mini', prompt: 'You answer customers of our shop in {{city}}.' },
      ],
    });
    await page.goto(`/project/${projectId}/run`);
    const picker = page.getByRole('group', { name: 'Choose user prompts' });
    const userPrompts = page.getByRole('region', { name: 'User prompts' });
    const bar = page.getByRole('region', { name: 'Run', exact: true });
    const run = bar.getByRole('button', { name: 'Run Evaluation' });

    // Every ticket is chosen at first: three lack the city that Local uses, so Run waits, saying why.
    await seeText(userPrompts, '40 of 40 selected');
    await visible(bar.getByText('80 calls'));
    // One sentence per ticket would bury the button: the first, and how many more.
    await visible(
      bar.getByText(
        "Run is unavailable: {{city}} (used by system prompt 'Local') is missing from user prompt 'Ticket 38', and 2 more.",
        {
          exact: true,
        },
      ),
    );
    await expect(run).toBeDisabled();
    await shot(page, 'run-screen-missing-variable');

    // A seeded sample of 5.
    await picker.getByLabel('Random sample of').fill('5');
    await picker.getByRole('button', { name: 'Sample' }).click();
    await seeText(userPrompts, '5 of 40 selected');
    await visible(bar.getByText('10 calls'));
    const sample = await checkedNames(userPrompts);
    expect(sample).toHaveLength(5);

    // The refund tickets, found by a search: all have a city, so Run is back, with the calls and the estimate.
    await picker.getByLabel('Find user prompts').fill('refund');
    await picker.getByRole('button', { name: 'Select 10 found' }).click();
    await seeText(userPrompts, '10 of 40 selected');
    await visible(bar.getByText('20 calls'));
    await visible(bar.getByText(/^Estimated cost: \$0\.00, mock calls are free/));
    await expect(run).toBeEnabled();
    // The bar stays at the window's bottom while the lists scroll under it.
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.mouse.wheel(0, 400);
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBeGreaterThan(560);
    await shot(page, 'run-screen-ready');

    // One ticket without a city added by hand holds Run back again; taking it out frees it.
    const cityless = userPrompts.getByRole('checkbox', { name: 'Ticket 40' });
    await cityless.check();
    await visible(bar.getByText("is missing from user prompt 'Ticket 40'.", { exact: false }));
    await expect(run).toBeDisabled();
    await cityless.uncheck();
    await hidden(bar.getByText(/Run is unavailable/));
    await expect(run).toBeEnabled();

    await runAndConfirm(page, 20);
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 60_000);

    // Back on the run screen: the last choice is kept, and sampling 5 again picks the same tickets.
    await page.goto(`/project/${projectId}/run`);
    await seeText(userPrompts, '10 of 40 selected');
    await picker.getByLabel('Random sample of').fill('5');
    await picker.getByRole('button', { name: 'Sample' }).click();
    await seeText(userPrompts, '5 of 40 selected');
    expect(await checkedNames(userPrompts)).toEqual(sample);
  });
});
