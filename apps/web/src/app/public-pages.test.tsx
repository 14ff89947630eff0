import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { PublicPageRoot } from './public-page-root';
import { PUBLIC_PAGES } from './public-pages';

let root: Root | undefined;

// React's act() outside Testing Library's render: React needs to be told this is a test.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeAll(() => {
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.documentElement.className = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function prefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && dark,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe.each(PUBLIC_PAGES)('the prerendered $id page', (page) => {
  it('hydrates a visitor with a stored dark theme without a mismatch, and its toggle works', async () => {
    const Page = await page.load();
    // As at build time: nothing stored, no dark system.
    prefersDark(false);
    const html = renderToString(<PublicPageRoot Page={Page} />);

    // The visitor differs from the build in every way the theme can.
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    prefersDark(true);
    document.documentElement.classList.add('dark');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const headline = container.querySelector('h1');
    const problems: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      problems.push(args);
    });
    act(() => {
      root = hydrateRoot(container, <PublicPageRoot Page={Page} />, {
        onRecoverableError: (error) => problems.push(error),
      });
    });

    expect(problems).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // Hydration kept the server's nodes: the headline is the very element the HTML carried.
    expect(headline).not.toBeNull();
    expect(container.querySelector('h1')).toBe(headline);
    expect(document.documentElement).toHaveClass('dark');
    // The newsletter's button waits for hydration: before it, a submit would be a native GET.
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Inscrever/);
    expect(container.querySelector('button[type="submit"]')).toBeEnabled();

    const toggle = container.querySelector<HTMLButtonElement>('button[aria-label="Alterar tema"]');
    act(() => toggle?.click());
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

it('renders the landing headline, the terms title and the status skeleton into the HTML', async () => {
  const [landing, terms, status] = await Promise.all(
    PUBLIC_PAGES.map(async (page) => renderToString(<PublicPageRoot Page={await page.load()} />)),
  );
  expect(landing).toContain('Licenças premium com');
  expect(landing).toContain('href="/auth?tab=cadastro"');
  expect(terms).toContain('Termos de Uso</h1>');
  // The status board fills itself in after hydration: the HTML holds its place.
  expect(status).toContain('Status dos produtos</h1>');
  expect(status).toContain('Carregando o status dos produtos…');
});
