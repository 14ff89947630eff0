import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const artifactsDir = resolve(import.meta.dirname, '..', 'artifacts');

/** The two screens every journey is looked at on. */
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium; nothing downloads a browser (see README). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/**
 * Pages of one test file, each in its own context with the theme and the session token stored
 * before the app loads (as after a login); `closeAll()` after each test.
 */
export function signedInPages(browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  return {
    open: async (token: string, viewport = DESKTOP, theme: 'light' | 'dark' = 'light') => {
      const context = await browser().newContext({ viewport });
      contexts.push(context);
      await context.addInitScript(
        ([storedTheme, storedToken]) => {
          localStorage.setItem('chaveiro-theme', storedTheme);
          localStorage.setItem('authToken', storedToken);
        },
        [theme, token] as const,
      );
      return context.newPage();
    },
    closeAll: async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}

/** Waits until a toast (or any element) shows exactly `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Waits for the opening animations of `element` to end, so a screenshot shows it settled. */
export async function settled(element: Locator): Promise<void> {
  await element.evaluate((node) =>
    Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}
