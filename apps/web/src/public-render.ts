import { isDeepStrictEqual } from 'node:util';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PUBLIC_PAGES, type PublicPage } from '@/app/public-pages';
import { IslandRoot } from '@/features/landing/components/island-root';
import { IslandCollector } from '@/features/landing/island-collector';
import { ISLANDS, islandNamed, type IslandProps } from '@/features/landing/islands';

// Build-time only (scripts/build.mjs bundles it for Node): the HTML of each public page.

export { ISLANDS, PUBLIC_PAGES };

/** The placeholder the server replaces with PUBLIC_URL, which is known only when it runs. */
const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

const SITE_NAME = 'Chaveiro';
const SHARE_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: 'Chaveiro: licenças premium com segurança total',
};

/** The empty element an <Island> leaves in the page's HTML (its attributes in that order). */
const ISLAND_PLACEHOLDER =
  /<div data-island="([^"]*)" data-island-props="[^"]*" class="contents"><\/div>/g;

/**
 * The page's HTML with each island's placeholder filled by the island rendered as a root of its
 * own: the tree hydrate-islands.tsx hydrates, so their markup (and React's ids) match.
 */
export async function renderPublicBody(page: PublicPage): Promise<string> {
  const Page = await page.load();
  const islands: ReactElement[] = [];
  const html = renderToString(
    createElement(IslandCollector, { value: islands }, createElement(Page)),
  );
  const placeholders = [...html.matchAll(ISLAND_PLACEHOLDER)];
  if (placeholders.length !== islands.length) {
    throw new Error(
      `${page.id}: ${String(islands.length)} islands rendered, ${String(placeholders.length)} placeholders found`,
    );
  }
  const bodies = await Promise.all(
    placeholders.map(([, name], index) => renderIsland(page, name ?? '', islands[index])),
  );
  let index = 0;
  return html.replace(ISLAND_PLACEHOLDER, (placeholder) =>
    placeholder.replace(/<\/div>$/, () => `${bodies[index++] ?? ''}</div>`),
  );
}

async function renderIsland(
  page: PublicPage,
  name: string,
  element: ReactElement | undefined,
): Promise<string> {
  const island = islandNamed(name);
  if (!island || !element) throw new Error(`${page.id}: no island is named "${name}"`);
  const Component = await island.load();
  if (element.type !== Component) {
    throw new Error(
      `${page.id}: <Island name="${name}"> holds another component than ${island.module}`,
    );
  }
  const props = element.props as IslandProps;
  // The browser gets them back from JSON: what JSON cannot carry would hydrate differently.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(props)), props)) {
    throw new Error(`${page.id}: the props of island "${name}" are not plain JSON`);
  }
  return renderToString(createElement(IslandRoot, { Component, props }));
}

/** The page's <title>, description, canonical address and link-preview tags, in pt-BR. */
export function renderPublicHead(page: PublicPage): string {
  const url = `${PUBLIC_URL_PLACEHOLDER}${page.path}`;
  const image = `${PUBLIC_URL_PLACEHOLDER}${SHARE_IMAGE.path}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(String(content))}" />`;
  return [
    `<title>${escapeText(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${url}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', SHARE_IMAGE.width),
    meta('property', 'og:image:height', SHARE_IMAGE.height),
    meta('property', 'og:image:alt', SHARE_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', SHARE_IMAGE.alt),
  ].join('\n    ');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;');
}
