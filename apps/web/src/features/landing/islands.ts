import type { ComponentType } from 'react';

/** What an island's props may be: they travel as JSON in the prerendered HTML. */
export type IslandProps = Record<string, unknown>;

export interface IslandDefinition {
  /** The component's module, as the build manifest names it: the build preloads its chunk. */
  module: string;
  load: () => Promise<ComponentType<IslandProps>>;
}

/**
 * The interactive parts of the prerendered public pages, each hydrated as its own React root
 * (hydrate-islands.tsx) over the HTML that public-render.ts wrote for it; the rest of the page is
 * HTML that no script touches. A page marks one with <Island name>; each is its own chunk.
 */
export const ISLANDS = {
  'theme-toggle': {
    module: 'src/features/landing/components/landing-theme-toggle.tsx',
    load: async () => (await import('./components/landing-theme-toggle')).LandingThemeToggle,
  },
  'smooth-scroll': {
    module: 'src/features/landing/components/smooth-scroll.tsx',
    load: async () => (await import('./components/smooth-scroll')).SmoothScroll,
  },
  newsletter: {
    module: 'src/features/landing/components/newsletter-form.tsx',
    load: async () => (await import('./components/newsletter-form')).NewsletterForm,
  },
  'status-board': {
    module: 'src/features/landing/components/status-board.tsx',
    load: async () => (await import('./components/status-board')).StatusBoard,
  },
} satisfies Record<string, IslandDefinition>;

export type IslandName = keyof typeof ISLANDS;

export function islandNamed(name: string | undefined): IslandDefinition | undefined {
  return name !== undefined && Object.hasOwn(ISLANDS, name)
    ? ISLANDS[name as IslandName]
    : undefined;
}
