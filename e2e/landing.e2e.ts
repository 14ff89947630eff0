import { newsletterMessages, messages } from '@chaveiro/contract';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { artifactsDir, DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const SECTION_IDS = ['hero', 'features', 'about', 'testimonials'] as const;
/** The sticky header's height: a section scrolled to must start just below it. */
const HEADER_PX = 64;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(
  path: string,
  options: { viewport?: { width: number; height: number }; dark?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  // The prerendered pages paint before their scripts run; a test that types or clicks waits.
  if (['/', '/terms', '/status'].includes(new URL(path, server.url).pathname)) {
    await hydrated(page);
  }
  return page;
}

/** What /status says once its board has its data (the server starts with no product). */
const STATUS_VERDICT = /Todos os sistemas operacionais|afetados? no momento|Nenhum produto à venda/;

/**
 * Waits until every island of the prerendered page has hydrated (the rest of the page is HTML
 * that no script touches): React holds each island element (a click on one it has not hydrated
 * yet hydrates it first), the newsletter's button is enabled, the landing's and terms'
 * smooth-scroll class is set by a layout effect, and /status shows its verdict once its board
 * runs and has asked the API.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-island]')).every((island) =>
      Object.keys(island).some((key) => key.startsWith('__reactContainer')),
    ),
  );
  await page.locator('footer button[type="submit"]:enabled').waitFor();
  if (new URL(page.url()).pathname === '/status') {
    await page.getByText(STATUS_VERDICT).waitFor();
    return;
  }
  await page.waitForFunction(() =>
    document.documentElement.classList.contains('motion-safe:scroll-smooth'),
  );
}

/** The scripts a prerendered page names: its module entry and the chunks it preloads. */
async function scriptsNamedBy(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('script[src], link[rel="modulepreload"]'),
      (element) =>
        new URL(element.getAttribute('src') ?? element.getAttribute('href') ?? '', location.href)
          .href,
    ),
  );
}

/** Where the section's top edge is in the viewport once scrolling has settled. */
async function settledTop(page: Page, id: string): Promise<number> {
  let previous = Number.NaN;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const top = await page.evaluate(
      (sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN,
      id,
    );
    if (Math.abs(top - previous) < 0.5) return top;
    previous = top;
    await page.waitForTimeout(100);
  }
  return previous;
}

describe('landing page', () => {
  it('renders every section with one h1, the landmarks and the static content', async () => {
    const page = await open('/');
    await page.locator('#testimonials').waitFor();

    for (const id of SECTION_IDS) {
      await expect(page.locator(`#${id}`).isVisible()).resolves.toBe(true);
    }
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.getByRole('banner').count()).resolves.toBe(1);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
    await expect(page.locator('#testimonials figure').count()).resolves.toBe(6);

    const text = await page.locator('body').innerText();
    for (const figure of [
      '15+',
      '99,99%',
      '< 50 ms',
      '< 2 min',
      '6+',
      '50K+',
      '4,9/5',
      '10K+',
      '98%',
      '99,9%',
      '500%',
      '24/7',
    ]) {
      expect(text, figure).toContain(figure);
    }
    expect(text).toContain('© 2025');
    expect(text).toMatch(/Desempenho[\s\S]*Comunidade[\s\S]*Segurança/);
  });

  it('scrolls each anchor to its section, just below the sticky header', async () => {
    const page = await open('/');
    const nav = page.getByRole('navigation', { name: 'Seções' });

    for (const [label, id] of [
      ['Recursos', 'features'],
      ['Sobre', 'about'],
      ['Depoimentos', 'testimonials'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`${server.url}/#${id}`);
      const top = await settledTop(page, id);
      expect(top, id).toBeGreaterThanOrEqual(HEADER_PX - 2);
      expect(top, id).toBeLessThanOrEqual(HEADER_PX + 2);
    }

    await page.getByRole('contentinfo').getByRole('link', { name: 'Início', exact: true }).click();
    await page.waitForURL(`${server.url}/#hero`);
    await expect(settledTop(page, 'hero')).resolves.toBeCloseTo(HEADER_PX, 0);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(2);
  });

  it('opens a section from another page by its anchor', async () => {
    const page = await open('/#testimonials');
    await page.locator('#testimonials figure').first().waitFor();
    const top = await settledTop(page, 'testimonials');
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(HEADER_PX + 2);
  });

  it('links Login to the Login tab of /auth and Register to the Cadastro tab', async () => {
    const page = await open('/');
    const header = page.getByRole('banner');

    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${server.url}/auth`);
    await expect(
      page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');

    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Register', exact: true }).click();
    await page.waitForURL(`${server.url}/auth?tab=cadastro`);
    await expect(
      page.getByRole('tab', { name: 'Cadastro' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
  });

  it('has footer links that all lead somewhere real', async () => {
    const page = await open('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Termos de Uso' }).waitFor();
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

    expect(hrefs).toContain('/terms');
    for (const href of hrefs) {
      expect(href, href).not.toBe('#');
      expect(href, href).not.toBe('');
      const hash = /^\/#(.+)$/.exec(href)?.[1];
      if (hash) await expect(page.locator(`#${hash}`).count(), href).resolves.toBe(1);
    }

    await footer.getByRole('link', { name: 'Termos de Uso' }).click();
    await page.waitForURL(`${server.url}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
  });

  it('subscribes to the newsletter once, with the spec-style validation message', async () => {
    const page = await open('/');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByLabel('Receba novidades e ofertas');
    const submit = footer.getByRole('button', { name: 'Inscrever' });

    await field.fill('sem-arroba');
    await submit.click();
    const status = footer.locator(`#${(await field.getAttribute('aria-describedby')) ?? ''}`);
    await status.getByText(messages.validation.emailInvalid).waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');

    await field.fill('Leitora.E2E@Example.com');
    await submit.click();
    await status.getByText(newsletterMessages.subscribed).waitFor();
    // The toast, bottom-right, outside the footer.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: newsletterMessages.subscribed })
      .waitFor();
    await expect(field.inputValue()).resolves.toBe('');

    const repeat = await fetch(`${server.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leitora.e2e@example.com' }),
    });
    expect(repeat.status).toBe(200);
    await expect(repeat.json()).resolves.toEqual({ message: newsletterMessages.subscribed });
  });

  it('renders the Terms of Use with its sections', async () => {
    const page = await open('/terms');
    await page.getByRole('heading', { level: 1, name: 'Termos de Uso' }).waitFor();
    for (const id of ['licencas', 'hwid', 'pausas-e-resets', 'reembolsos', 'banimentos']) {
      await expect(page.locator(`#${id}`).count(), id).resolves.toBe(1);
    }
    await expect(page.locator('#privacidade').innerText()).resolves.toContain('LGPD');
    await expect(page.locator('#contato').innerText()).resolves.toContain('@chaveiro.com.br');
  });
});

describe('prerendered public pages', () => {
  it('paints the headline, copy and calls to action of / and /terms with JavaScript off', async () => {
    context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);

    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline.innerText()).resolves.toBe('Licenças premium com segurança total');
    await expect(headline.isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('link', { name: 'Criar minha conta grátis' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByText('Compre, resgate e gerencie suas assinaturas').isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('#testimonials figure').count()).resolves.toBe(6);
    // Styled by the HTML alone: the inlined stylesheet sets the hero's size and colours.
    const heroFont = await headline.evaluate((element) => getComputedStyle(element).fontSize);
    expect(Number.parseFloat(heroFont)).toBeGreaterThanOrEqual(36);
    await expect(page.title()).resolves.toBe('Chaveiro: licenças premium com segurança total');
    // The newsletter needs its script: no native submit putting the e-mail in the address.
    await expect(page.getByRole('button', { name: 'Inscrever' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'landing-no-js-390x844');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de Uso' }).click();
    await page.waitForURL(`${server.url}/terms`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'Termos de Uso',
    );
    await expect(page.locator('#reembolsos').isVisible()).resolves.toBe(true);
  });

  it('answers the pages compressed, revalidated, with pt-BR search and share tags from PUBLIC_URL', async () => {
    for (const [path, title] of [
      ['/', 'Chaveiro: licenças premium com segurança total'],
      ['/terms', 'Termos de Uso | Chaveiro'],
      ['/status', 'Status dos produtos | Chaveiro'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      const html = await response.text();
      const url = `${server.url}${path}`;
      expect(html).toContain('<html lang="pt-BR">');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,160}" \/>/);
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      expect(html).toContain(`<meta property="og:url" content="${url}" />`);
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toContain('<meta property="og:locale" content="pt_BR" />');
      expect(html).toContain(`<meta property="og:image" content="${server.url}/og-image.jpg" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).not.toContain('%PUBLIC_URL%');

      // The hashed scripts: brotli from the build, cached for a year.
      const [script] = JSON.parse(
        /<script type="application\/json" id="hydration-scripts">(.*?)<\/script>/.exec(html)?.[1] ??
          '[]',
      ) as string[];
      const asset = await fetch(`${server.url}${script}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const image = await fetch(`${server.url}/og-image.jpg`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('paints a stored dark theme before any bundle runs', async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('chaveiro-theme', 'dark'));
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.evaluate(() => document.documentElement.className)).resolves.toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The dark token (zinc 950), not white.
    expect(background).not.toMatch(/255, 255, 255|oklch\(1 /);
    await page.screenshot({ path: join(artifactsDir, 'landing-dark-before-js-1440x900.png') });
  });

  for (const path of ['/', '/terms', '/status']) {
    it(`hydrates ${path} with no warning, loading only the scripts it names and no stylesheet`, async () => {
      context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));

      await page.goto(`${server.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');

      expect(problems).toEqual([]);
      // The stylesheet is inlined; the scripts are the page's own (no app or admin chunk).
      expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);
      const named = await scriptsNamedBy(page);
      expect(requested.filter((url) => url.endsWith('.js')).sort()).toEqual([...named].sort());

      // The toggle works once hydrated, and the choice outlives a reload.
      await page.getByRole('button', { name: 'Alterar tema' }).click();
      await expect(page.evaluate(() => document.documentElement.className)).resolves.toContain(
        'dark',
      );
      await page.reload();
      await hydrated(page);
      await expect(page.evaluate(() => localStorage.getItem('chaveiro-theme'))).resolves.toBe(
        'dark',
      );
      await expect(page.evaluate(() => document.documentElement.className)).resolves.toContain(
        'dark',
      );
      expect(problems).toEqual([]);
    });
  }
});

describe('accessibility (axe)', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';

    it(`finds no serious or critical violation on / (${theme})`, async () => {
      const page = await open('/', { dark });
      await page.locator('#testimonials').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    it(`finds no serious or critical violation on /auth (${theme})`, async () => {
      const page = await open('/auth', { dark });
      await page.locator('main').waitFor();
      await page.locator('h1').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    it(`finds no serious or critical violation on /terms (${theme})`, async () => {
      const page = await open('/terms', { dark });
      await page.locator('#contato').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    it(`finds no serious or critical violation on /status (${theme})`, async () => {
      const page = await open('/status', { dark });
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

describe('screenshots', () => {
  for (const [size, viewport] of [
    ['390x844', PHONE],
    ['1440x900', DESKTOP],
  ] as const) {
    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';

      it(`captures /, /terms and /status at ${size} in the ${theme} theme`, async () => {
        const page = await open('/', { viewport, dark });
        await page.locator('#testimonials figure').first().waitFor();
        await screenshot(page, `landing-${size}-${theme}`);
        // The first screen, as a visitor sees it on arrival.
        await page.screenshot({
          path: join(artifactsDir, `landing-${size}-${theme}-fold.png`),
        });

        await page.goto(`${server.url}/terms`);
        await page.locator('#contato').waitFor();
        await screenshot(page, `terms-${size}-${theme}`);

        await page.goto(`${server.url}/status`);
        await hydrated(page);
        await screenshot(page, `status-${size}-${theme}`);
      });
    }
  }
});
