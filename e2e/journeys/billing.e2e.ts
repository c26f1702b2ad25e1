// A free user with no evaluations left meets 'Out of Free Evaluations'; after a signed Stripe webhook the
// account page shows the active subscription. Stripe is the fake from test-support.
import { expect, test } from '@playwright/test';
import { FakeStripe } from '@promptgrid/test-support';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { shot, signIn, useApp } from '../support/app';
import { atPath, hidden, seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';

let stripe: FakeStripe;
let providers: FakeProviders;
const app = useApp(async () => {
  stripe = await new FakeStripe().start();
  providers = await startFakeProviders();
  return {
    name: 'billing',
    env: {
      ...stripe.env(),
      FREE_EVALUATIONS_PER_MONTH: '0',
      OPENAI_BASE_URL: providers.openaiBaseUrl,
      ANTHROPIC_BASE_URL: providers.anthropicBaseUrl,
    },
  };
});
test.afterAll(async () => {
  await stripe?.close();
  await providers?.close();
});

test.describe('plans and billing', () => {
  test('no free evaluations left: the dialog, then checkout, a signed webhook, Subscription active and Manage Subscription', async () => {
    const page = await app.newPage();
    stripe.webhookTarget = app.baseUrl;
    // Without access (0 free evaluations, no subscription) the sign-in outcome is /landing.
    await signIn(page, 'free-user@example.com', '/landing');
    await storeApiKey(page, 'openai', 'sk-e2e-billing-0001');
    const { projectId } = await seedProject(page, {
      name: 'Billing journey',
      inputs: [{ name: 'Question', content: 'What does the contract say about termination?' }],
      configurations: [{ name: 'Plain', model: 'gpt-4.1-mini', prompt: 'Answer plainly.' }],
    });

    await page.goto(`/project/${projectId}/run`);
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    await visible(mock);
    expect(await mock.getAttribute('aria-checked'), 'a real run: the user has a key stored').toBe('false');

    const run = async () => {
      await page.getByRole('button', { name: 'Run Evaluation' }).click();
      const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      await visible(confirm.getByText('Running this evaluation will make 1 API call(s).', { exact: true }));
      await confirm
        .getByRole('button')
        .filter({ hasNotText: /cancel|close/i })
        .last()
        .click();
    };

    await run();
    const outOfFree = page
      .getByRole('dialog', { name: 'Out of Free Evaluations' })
      .or(page.getByRole('alertdialog', { name: 'Out of Free Evaluations' }));
    await visible(outOfFree);
    await visible(outOfFree.getByRole('button', { name: 'Maybe Later' }));
    await visible(
      outOfFree
        .getByRole('button', { name: 'Upgrade to Pro' })
        .or(outOfFree.getByRole('link', { name: 'Upgrade to Pro' })),
    );
    await shot(page, 'out-of-free-evaluations');
    await outOfFree.getByRole('button', { name: 'Maybe Later' }).click();
    await hidden(outOfFree);
    await atPath(page, `/project/${projectId}/run`);
    expect(providers.stats.calls, 'nothing reached the provider').toBe(0);

    await run();
    await visible(outOfFree);
    await outOfFree
      .getByRole('button', { name: 'Upgrade to Pro' })
      .or(outOfFree.getByRole('link', { name: 'Upgrade to Pro' }))
      .first()
      .click();
    await atPath(page, '/account#upgrade');
    await visible(page.getByRole('heading', { name: 'Account Settings' }));
    await seeText(page, 'Evaluations left: 0');

    // Upgrade: the browser goes to the (fake) Stripe Checkout page.
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith('/checkout/'));
    const session = stripe.lastCheckoutSession();
    expect(session, 'a checkout session was created').toBeTruthy();
    expect(session!.mode).toBe('subscription');

    // Stripe tells the server through a signed webhook.
    const deliveries = await stripe.sendWebhooks(app.baseUrl, stripe.completeCheckout(session!.id));
    expect(deliveries.every((d) => d.statusCode === 200)).toBe(true);

    await page.goto('/account');
    await seeText(page, 'Subscription active');
    await visible(page.getByRole('button', { name: 'Manage Subscription' }));
    await shot(page, 'account-subscribed');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith('/portal/'));

    // A subscriber is unlimited: the same run now goes through.
    await page.goto(`/project/${projectId}/run`);
    await run();
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, '1 of 1', 45_000);
  });
});
