import { expect, type Locator, type Page } from '@playwright/test';

// Waiting helpers named for what a journey waits for; each waits the way Playwright Test's assertions do.

const TIMEOUT = 15_000;

/** Waits until the locator (its first match) is visible. */
export async function visible(locator: Locator, timeout = TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until nothing the locator matches is visible. */
export async function hidden(locator: Locator, timeout = TIMEOUT): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const element of await locator.all()) if (await element.isVisible()) return 'visible';
        return 'hidden';
      },
      { timeout },
    )
    .toBe('hidden');
}

/** Waits until the exact text (a string matches the whole text of an element, trimmed) is visible on the page or inside `scope`. */
export async function seeText(scope: Page | Locator, text: string | RegExp, timeout = TIMEOUT): Promise<Locator> {
  return visible(scope.getByText(text, { exact: typeof text === 'string' }), timeout);
}

/** Waits until the page's pathname (and hash, when given) is `pathname`. */
export async function atPath(page: Page, pathname: string, timeout = TIMEOUT): Promise<void> {
  await page.waitForURL((url) => url.pathname + (pathname.includes('#') ? url.hash : '') === pathname, { timeout });
}

export async function count(locator: Locator, expected: number, timeout = TIMEOUT): Promise<void> {
  await expect.poll(() => locator.count(), { timeout }).toBe(expected);
}

/** Waits until the element's top edge lies within the viewport. */
export async function inViewport(locator: Locator, timeout = TIMEOUT): Promise<void> {
  await expect
    .poll(
      () =>
        locator.first().evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return rect.top >= -2 && rect.top < window.innerHeight - 20;
        }),
      { timeout },
    )
    .toBe(true);
}

/** A computed colour of the element as [r, g, b], whatever the CSS colour space (Tailwind 4 uses oklch). */
export async function rgbOf(
  locator: Locator,
  property: 'color' | 'backgroundColor' | 'borderColor' = 'color',
): Promise<[number, number, number]> {
  return locator.first().evaluate((element, prop) => {
    const value = getComputedStyle(element)[prop as 'color'];
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, property);
}

export const isReddish = ([r, g, b]: [number, number, number]) => r > g + 60 && r > b + 60;

/** The colour the page paints behind the point (x, y): the first ancestor with an opaque background. */
export async function backgroundAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      for (let el: Element | null = document.elementFromPoint(px, py); el; el = el.parentElement) {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = getComputedStyle(el).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data; // one pixel: four channels
        if (a > 200) return [r, g, b] as [number, number, number];
      }
      return [255, 255, 255] as [number, number, number]; // the browser's default canvas
    },
    [x, y] as const,
  );
}
