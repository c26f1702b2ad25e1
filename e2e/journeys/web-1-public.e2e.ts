// Web app I, signed out: landing sections and anchors, routing rules, the signed-out menu, sign-in through the dev form.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { shot, signIn, useApp, PHONE } from '../support/app';
import { atPath, backgroundAt, count, inViewport, seeText, visible } from '../support/expect';

const app = useApp({ name: 'web-1-public' });

const section = (page: Page, id: string) => page.locator(`#${id}`);

test.describe('landing', () => {
  test('has every section of the landing page: hero, About, How It Works, the example, FAQ, pricing, feedback line', async () => {
    const page = await app.newPage();
    await page.goto('/landing');

    await visible(
      page.getByRole('button', { name: 'Get Started' }).or(page.getByRole('link', { name: 'Get Started' })),
    );

    const about = section(page, 'about');
    await visible(about.getByRole('heading', { name: /About/ }));

    const how = section(page, 'howitworks');
    await visible(how.getByRole('heading', { name: /How It Works/i }));
    // A demo video served from our own build.
    const video = how.locator('video');
    await count(video, 1);
    const source = await video.evaluate(
      (v: HTMLVideoElement) => v.currentSrc || v.src || v.querySelector('source')?.src || '',
    );
    expect(source, 'the demo video has a source').not.toBe('');
    expect(new URL(source, app.baseUrl).origin, 'the demo video is served by our own server').toBe(app.baseUrl);
    const videoResponse = await page.context().request.get(source);
    expect(videoResponse.status(), `GET ${source}`).toBe(200);
    for (const step of [
      /add (your )?API keys?/i,
      /set (a |your )?system prompts?/i,
      /add (your )?user prompts?/i,
      /compare (the )?results/i,
    ]) {
      await visible(how.getByText(step));
    }

    await visible(page.getByText(/legal summari[sz]er/i));

    const faq = section(page, 'faq');
    await visible(faq.getByRole('heading', { name: /FAQ|Frequently Asked Questions/i }));
    // The accordion's question buttons carry aria-expanded.
    await count(faq.locator('button[aria-expanded]'), 9);
    const securityQuestion = faq
      .locator('button[aria-expanded]')
      .filter({ hasText: /secur|safe|data|keys/i })
      .first();
    await securityQuestion.click();
    expect(await securityQuestion.getAttribute('aria-expanded')).toBe('true');
    await visible(faq.getByText(/stored securely/i));
    await visible(faq.getByText(/API keys are encrypted/i));

    const pricing = section(page, 'pricing');
    await visible(pricing.getByRole('heading', { name: /Pricing/i }));
    await visible(pricing.getByText('Free', { exact: true }));
    await visible(pricing.getByText(/50 evaluations per month/i));
    await visible(pricing.getByText('Standard', { exact: true }));
    await visible(pricing.getByText(/\$24\.99/));
    for (const feature of [/unlimited evaluations/i, /priority support/i, /advanced analytics/i])
      await visible(pricing.getByText(feature));

    await visible(page.getByText(/feedback/i));
    await shot(page, 'landing', { dark: true });
  });

  test('hash anchors scroll their section into view: #faq on load, the top bar links from the page', async () => {
    const page = await app.newPage();
    await page.goto('/landing#faq');
    await inViewport(section(page, 'faq'));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    for (const [link, id] of [
      ['Pricing', 'pricing'],
      ['About', 'about'],
      ['How it Works', 'howitworks'],
    ] as const) {
      await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).first().click();
      await page.waitForURL((url) => url.hash === `#${id}`);
      await inViewport(section(page, id));
    }
  });

  test('Get Started (hero and pricing) sends a signed-out visitor to /signin', async () => {
    const page = await app.newPage();
    await page.goto('/landing');
    const getStarted = (scope: ReturnType<Page['locator']> | Page) =>
      scope
        .getByRole('button', { name: 'Get Started' })
        .or(scope.getByRole('link', { name: 'Get Started' }))
        .first();
    await getStarted(page).click();
    await atPath(page, '/signin');
    await page.goto('/landing');
    await getStarted(section(page, 'pricing')).click();
    await atPath(page, '/signin');
  });
});

test.describe('quality a user expects', () => {
  test('keyboard: Tab reaches Get Started with a visible focus ring, Enter follows it', async () => {
    const page = await app.newPage();
    await page.goto('/landing');
    await visible(page.getByRole('heading', { level: 1 }));
    let focused = '';
    for (let i = 0; i < 25 && focused !== 'Get Started'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
    }
    expect(focused, 'Get Started is reachable with Tab').toBe('Get Started');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return {
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        shadow: style.boxShadow !== 'none',
      };
    });
    expect(ring.outline || ring.shadow, 'the focused control shows a focus indicator').toBe(true);
    await page.keyboard.press('Enter');
    await atPath(page, '/signin');
  });

  test('dark mode follows the system', async () => {
    const page = await app.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/landing');
    await visible(page.getByRole('heading', { level: 1 }));
    const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    expect(luminance(await backgroundAt(page, 8, 400)), 'a dark page background').toBeLessThan(60);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => luminance(await backgroundAt(page, 8, 400))).toBeGreaterThan(200);
  });
});

test.describe('routing rules', () => {
  test('/ and unknown paths go to /landing', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await atPath(page, '/landing');
    await page.goto('/no/such/page');
    await atPath(page, '/landing');
  });

  test('signed out: /projects and project routes go to /signin, /account goes to /landing', async () => {
    const page = await app.newPage();
    await page.goto('/projects');
    await atPath(page, '/signin');
    await page.goto('/project/1/inputs');
    await atPath(page, '/signin');
    await page.goto('/account');
    await atPath(page, '/landing');
  });

  test('the signed-out user menu offers About, FAQ, Pricing and Sign Up or Log In', async () => {
    const page = await app.newPage();
    await page.goto('/landing');
    await page.getByRole('button', { name: 'User menu' }).click();
    for (const item of ['About', 'FAQ', 'Pricing'])
      await visible(page.getByRole('menuitem', { name: item, exact: true }));
    await page.getByRole('menuitem', { name: 'Sign Up or Log In' }).click();
    await atPath(page, '/signin');
  });
});

test.describe('sign-in', () => {
  test('the dev e-mail form signs in and lands on /projects; the menu shows the e-mail and "Logged in"', async () => {
    const page = await app.newPage();
    await page.goto('/signin');
    await shot(page, 'signin');
    await signIn(page, 'ada@example.com');
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await visible(menu.getByText('ada@example.com'));
    await visible(menu.getByText('Logged in', { exact: true }));
    for (const item of ['Landing Page', 'Projects Home', 'API Settings', 'Account', 'Logout']) {
      await visible(menu.getByRole('menuitem', { name: item, exact: true }));
    }
    await page.keyboard.press('Escape');
    // The avatar shows the e-mail's first letter.
    await visible(page.getByRole('button', { name: 'User menu' }).getByText('A', { exact: true }));

    // A signed-in visitor arriving at /signin is sent on.
    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname === '/projects' || url.pathname === '/landing');
  });

  test("shows 'Signing you in...' while the sign-in is under way", async () => {
    const page = await app.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/dev-sign-in/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/signin');
    await page.getByLabel('Email address').fill('slow@example.com');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await seeText(page, /Signing you in\.\.\./);
    release();
    await atPath(page, '/projects');
  });

  test('the sign-in page works at phone width', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await signIn(page, 'phone@example.com');
    await seeText(page, 'No projects yet');
  });
});
