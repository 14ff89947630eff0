import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '@/features/landing/hydrate-islands';
import { ISLANDS, type IslandName } from '@/features/landing/islands';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { renderPublicBody } from '@/public-render';
import { PUBLIC_PAGES } from './public-pages';

let roots: Root[] = [];

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
  act(() => {
    for (const root of roots) root.unmount();
  });
  roots = [];
  document.body.innerHTML = '';
  document.documentElement.className = '';
  window.localStorage.clear();
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

/** The page's HTML with every island emptied: what no script may change. */
function outsideIslands(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const island of copy.querySelectorAll('[data-island]')) island.replaceChildren();
  return copy.innerHTML;
}

const PAGE_ISLANDS: Record<(typeof PUBLIC_PAGES)[number]['id'], IslandName[]> = {
  landing: ['smooth-scroll', 'theme-toggle', 'newsletter'],
  terms: ['smooth-scroll', 'theme-toggle', 'newsletter'],
  status: ['theme-toggle', 'status-board', 'newsletter'],
};

it('marks every island of the registry on some public page', () => {
  expect(new Set(Object.values(PAGE_ISLANDS).flat())).toEqual(new Set(Object.keys(ISLANDS)));
});

describe.each(PUBLIC_PAGES)('the prerendered $id page', (page) => {
  it('hydrates each island for a dark-theme visitor without a warning and leaves the rest of the HTML alone; the toggle works', async () => {
    // As at build time: nothing stored, no dark system.
    prefersDark(false);
    const html = await renderPublicBody(page);

    // The visitor differs from the build in every way the theme can.
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    prefersDark(true);
    document.documentElement.classList.add('dark');
    // /status asks the API once its board runs: the answer never comes, the skeleton stays.
    vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    const islands = [...container.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => island.dataset.island)).toEqual(PAGE_ISLANDS[page.id]);
    const before = outsideIslands(container);
    const islandNodes = islands.map((island) => [...island.childNodes]);
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const problems: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      problems.push(args);
    });

    await act(async () => {
      roots = await hydrateIslands(container, {
        onRecoverableError: (error) => problems.push(error),
      });
    });

    expect(roots).toHaveLength(islands.length);
    expect(problems).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // Hydration kept the server's nodes: each island holds the very nodes the HTML carried.
    islands.forEach((island, index) => {
      expect([...island.childNodes], island.dataset.island).toEqual(islandNodes[index]);
    });
    // No script wrote outside the islands.
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    const outside = mutations.filter((record) => {
      const element =
        record.target instanceof Element ? record.target : record.target.parentElement;
      return !element?.closest('[data-island]');
    });
    expect(outside).toEqual([]);
    expect(outsideIslands(container)).toBe(before);

    expect(document.documentElement).toHaveClass('dark');
    // The newsletter's button waits for hydration: before it, a submit would be a native GET.
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Inscrever/);
    expect(container.querySelector('button[type="submit"]')).toBeEnabled();

    const toggle = container.querySelector<HTMLButtonElement>('button[aria-label="Alterar tema"]');
    act(() => toggle?.click());
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    // Reaching for the newsletter loads its toasts, which read the theme from their own island.
    const field = container.querySelector<HTMLInputElement>('input[name="email"]');
    await act(async () => {
      field?.focus();
      await vi.dynamicImportSettled();
    });
    expect(problems).toEqual([]);
    expect(field?.isConnected).toBe(true);
  });
});

it('renders the landing headline, the terms title and the status skeleton into the HTML', async () => {
  const [landing, terms, status] = await Promise.all(PUBLIC_PAGES.map(renderPublicBody));
  expect(landing).toContain('Licenças premium com');
  expect(landing).toContain('href="/auth?tab=cadastro"');
  expect(terms).toContain('Termos de Uso</h1>');
  // The status board fills itself in after hydration: the HTML holds its place.
  expect(status).toContain('Status dos produtos</h1>');
  expect(status).toContain('Carregando o status dos produtos…');
});
