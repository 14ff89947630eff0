import { escapeHtml } from '../mail/mail-layout.js';

/**
 * What search engines read before the pages: the public pages are crawlable, the
 * signed-in areas and the API are not, and the sitemap names the public pages by their absolute
 * address under PUBLIC_URL.
 */

/** The pages anyone may land on from a search; everything else needs an account. */
export const PUBLIC_PAGES = ['/', '/terms', '/status'] as const;

/** Areas behind a login, and the API: nothing there for a search result. */
const PRIVATE_PREFIXES = ['/admin', '/dashboard', '/reseller', '/api'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map(
    (page) => `  <url><loc>${escapeHtml(`${publicUrl}${page}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
