import { createContext, type ReactElement } from 'react';

/**
 * Set by the prerender (public-render.ts) to collect the islands of a page in document order.
 * Without it (the app's own routes to the public pages) an island is its component, inline.
 */
export const IslandCollector = createContext<ReactElement[] | null>(null);
