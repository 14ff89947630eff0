import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicPageRoot } from '@/app/public-page-root';
import { PUBLIC_PAGES, type PublicPage } from '@/app/public-pages';

// Build-time only (scripts/build.mjs bundles it for Node): the HTML of each public page.

export { PUBLIC_PAGES };

/** The placeholder the server replaces with PUBLIC_URL, which is known only when it runs. */
const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

const SITE_NAME = 'Chaveiro';
const SHARE_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: 'Chaveiro: licenças premium com segurança total',
};

export async function renderPublicBody(page: PublicPage): Promise<string> {
  const Page = await page.load();
  return renderToString(createElement(PublicPageRoot, { Page }));
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
