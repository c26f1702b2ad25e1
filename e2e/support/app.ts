import fs from 'node:fs';
import path from 'node:path';
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';
import { startServer, type RunningServer, type ServerOptions } from './server';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Console errors that are not the app's fault. Keep this list short and explicit. */
const BENIGN_CONSOLE_ERRORS: RegExp[] = [
  // Chromium asks for /favicon.ico on its own; a missing icon is not an app error.
  /^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(https?:\/\/[^/]+\/favicon\.ico\)$/,
];

export type PageProblem = { kind: 'pageerror' | 'console'; text: string; url: string };

export type App = {
  server: RunningServer;
  browser: Browser;
  baseUrl: string;
  /** A fresh browser context (own cookies and storage) at desktop size, watched for page and console errors. */
  newPage: (options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  /** Lets console errors matching `pattern` pass for the current test only (e.g. an expected 402 response). */
  allowConsoleError: (pattern: RegExp) => void;
};

/**
 * Starts one server for the test file (in the worker that runs it) and stops it after the file; pages open in the
 * worker's Chromium (Playwright's `browser`, launched as playwright.config.ts says), so their traces and failure
 * screenshots land in the report. Every test's pages are watched: an uncaught page error or a console error fails
 * the test.
 */
export function useApp(options: ServerOptions | (() => Promise<ServerOptions>)): App {
  const app = {} as App;
  let contexts: BrowserContext[] = [];
  let problems: PageProblem[] = [];
  let allowed: RegExp[] = [];

  test.beforeAll(async ({ browser }) => {
    // A server start (the embedded database opened, its migrations checked) takes a while on a busy machine.
    test.setTimeout(180_000);
    const resolved = typeof options === 'function' ? await options() : options;
    app.server = await startServer(resolved);
    app.browser = browser;
    app.baseUrl = app.server.baseUrl;
  });

  test.afterAll(async () => {
    await app.server?.stop();
  });

  app.allowConsoleError = (pattern) => allowed.push(pattern);

  app.newPage = async ({ viewport = DESKTOP } = {}) => {
    const context = await app.browser.newContext({
      baseURL: app.baseUrl,
      viewport,
      acceptDownloads: true,
      colorScheme: 'light',
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) =>
      problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }),
    );
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location();
      const where = location.url ? ` (${location.url})` : '';
      problems.push({ kind: 'console', text: `${message.text()}${where}`, url: page.url() });
    });
    return page;
  };

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus) {
      // A picture of every open page at the moment of failure, beside the test's trace in the report.
      for (const [i, ctx] of contexts.entries()) {
        for (const [j, p] of ctx.pages().entries()) {
          const file = path.join(ARTIFACTS_DIR, `failure-${safeName(testInfo.title)}-${i}-${j}.png`);
          await p
            .screenshot({ path: file })
            .then(() => testInfo.attach(`page ${i}-${j} at the failure`, { path: file, contentType: 'image/png' }))
            .catch(() => {});
        }
      }
    }
    const found = problems.filter(
      (p) => p.kind === 'pageerror' || ![...BENIGN_CONSOLE_ERRORS, ...allowed].some((pattern) => pattern.test(p.text)),
    );
    for (const context of contexts) await context.close().catch(() => {});
    contexts = [];
    problems = [];
    allowed = [];
    if (found.length > 0) {
      throw new Error(
        `the page reported errors:\n${found.map((p) => `  [${p.kind}] ${p.text}  at ${p.url}`).join('\n')}`,
      );
    }
  });

  return app;
}

const safeName = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 80);

/**
 * Saves e2e/artifacts/<name>-desktop.png (1280x800, or `desktop`) and <name>-phone.png (390x844), full page, then restores
 * the viewport. With `dark`, also <name>-dark-desktop.png and <name>-dark-phone.png (the system in dark mode).
 */
export async function shot(
  page: Page,
  name: string,
  options: { dark?: boolean; desktop?: { width: number; height: number } } = {},
): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const scheme of options.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [suffix, size] of [
      ['desktop', options.desktop ?? DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      // From the top, so a sticky top bar is drawn where it belongs in the full-page picture.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if (suffix === 'phone') {
        // Every page works down to a phone's width: nothing may push the page wider than the screen.
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= width + 1) return null;
          const culprits = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
            // Inside a scrolling box is fine; the box itself sticking out is not.
            .filter(
              (el) =>
                !el.parentElement?.closest('[style*="overflow"], .overflow-x-auto, .overflow-auto, .overflow-x-scroll'),
            )
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')} ` +
                `(right ${Math.round(el.getBoundingClientRect().right)}px)`,
            );
          return `page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen: ${culprits.join(', ')}`;
        });
        if (overflow) throw new Error(`${name}: horizontal overflow at phone width — ${overflow}`);
      }
      const file = `${safeName(name)}${scheme === 'dark' ? '-dark' : ''}-${suffix}.png`;
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, file), fullPage: true, animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(original);
}

/**
 * Signs in through the UI: the dev e-mail form on /signin, then waits for /projects (or `expectPath`: a user
 * without access, e.g. no free evaluations left, lands on /landing, where it can subscribe).
 */
export async function signIn(page: Page, email: string, expectPath = '/projects'): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.waitForURL((url) => url.pathname === expectPath);
}

/** The value of the csrftoken cookie in the page's context (fetched from the server if missing). */
async function csrfToken(page: Page): Promise<string> {
  const existing = (await page.context().cookies()).find((c) => c.name === 'csrftoken');
  if (existing) return existing.value;
  const response = await page.context().request.get('/auth/csrf-token/');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * Calls the API as the page's signed-in user (shares the context's cookies), for setting up data a journey
 * is not about. Throws on a non-2xx answer.
 */
export async function apiCall<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const origin = new URL(
    page.url().startsWith('http') ? page.url() : (await page.context().request.get('/healthz')).url(),
  ).origin;
  const response = await page.context().request.fetch(url, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-csrftoken': await csrfToken(page),
      origin,
    },
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${url} -> ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
