// `npm run build -w apps/web`: the client build (the app and the public pages' entry), then the
// public pages prerendered into dist/pages/<id>.html, then every text asset precompressed.
//
// The pages are rendered by src/public-render.ts, bundled for Node into node_modules/.cache
// (so its imports resolve to this workspace's packages) and thrown away after. Each page gets
// the template's <head>, its own title, description and link-preview tags, its stylesheet inlined
// (nothing blocks the first paint but the HTML itself) and a loader that hydrates its islands
// after that paint (docs/architecture.md, "The public pages").
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = join(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, 'node_modules', '.cache', 'public-render');
const TEMPLATE = 'public-page.html';
/** Classes that only name an element for its descendants' variants (`group-hover:`). */
const MARKER_CLASSES = new Set(['group', 'peer']);

await build({ root: webDir });
await build({
  root: webDir,
  logLevel: 'warn',
  build: {
    ssr: 'src/public-render.ts',
    outDir: ssrDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});

const { ISLANDS, PUBLIC_PAGES, renderPublicBody, renderPublicHead } = await import(
  pathToFileURL(join(ssrDir, 'public-render.js')).href
);
if (!existsSync(join(distDir, 'index.html'))) fail('the app build wrote no index.html');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
const templatePath = join(distDir, TEMPLATE);
const entry = manifest[TEMPLATE];
if (!entry) fail(`the manifest has no entry ${TEMPLATE}`);
const template = withoutScriptTags(inlineStylesheets(readFileSync(templatePath, 'utf8')));
const appCss = readFileSync(join(distDir, manifest['index.html'].css[0]), 'utf8');

mkdirSync(join(distDir, 'pages'), { recursive: true });
const pages = [];
for (const [name, island] of Object.entries(ISLANDS)) {
  if (!entry.dynamicImports?.includes(island.module)) {
    fail(`island ${name}'s module ${island.module} is not a chunk the public entry loads`);
  }
}
for (const page of PUBLIC_PAGES) {
  const body = await renderPublicBody(page);
  checkStyled(page, body, template);
  // The islands the page holds: their chunks are the only ones its loader preloads.
  const islandModules = [
    ...new Set(
      Array.from(body.matchAll(/data-island="([^"]+)"/g), ([, name]) => ISLANDS[name].module),
    ),
  ];
  const html = fill(template, {
    '<!--public-page-head-->': renderPublicHead(page),
    '<div id="root"><!--public-page-body--></div>': `<div id="root" data-page="${page.id}">${body}</div>`,
    '</body>': `${hydrationLoader(islandModules)}\n  </body>`,
  });
  pages.push({ file: join(distDir, 'pages', `${page.id}.html`), html });
}
rmSync(templatePath);
rmSync(ssrDir, { recursive: true, force: true });

precompress(distDir);
// Written last: scripts/start.mjs takes the last page as the sign of a finished build.
for (const { file, html } of pages) writeFileSync(file, html);
console.log(`prerendered ${pages.map(({ file }) => relative(webDir, file)).join(', ')}`);

function fail(reason) {
  console.error(`build: ${reason}.`);
  process.exit(1);
}

function fill(html, replacements) {
  let filled = html;
  for (const [marker, content] of Object.entries(replacements)) {
    if (!filled.includes(marker)) fail(`${TEMPLATE} lost its marker ${marker}`);
    filled = filled.replace(marker, () => content);
  }
  return filled;
}

/** The template's stylesheet links, replaced by the stylesheets themselves. */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (_link, file) => {
    const css = readFileSync(join(distDir, file), 'utf8');
    if (css.includes('</style')) fail(`${file} cannot be inlined`);
    return `<style>${css}</style>`;
  });
}

/** The template without the module script and preloads Vite wrote: hydrationLoader loads them. */
function withoutScriptTags(html) {
  const stripped = html
    // The template's notes to its readers, not to visitors.
    .replace(/<!--(?!public-page-)[\s\S]*?-->\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="module"[^>]*src="\/([^"]+)"[^>]*><\/script>\s*/g, (_tag, file) => {
      if (file !== entry.file) fail(`${TEMPLATE} loads ${file}, not its entry ${entry.file}`);
      return '';
    });
  if (stripped.includes('type="module"')) fail(`${TEMPLATE} kept a module script`);
  return stripped;
}

/**
 * The script that hydrates a page's islands: after the first paint, it preloads the entry, the
 * chunks of the page's islands and everything they import, all at once, then runs the entry. The page paints from its
 * HTML alone, so nothing is fetched before that paint: on a slow phone network the HTML has the
 * connection to itself, and hydration follows one frame later with no request waterfall.
 */
function hydrationLoader(modules) {
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest has no chunk ${key}`);
    if (files.includes(`/${chunk.file}`)) return;
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(TEMPLATE);
  for (const module of modules) visit(module);
  // The list is data, the loader constant: its CSP hash survives a rebuild of the web.
  return `<script type="application/json" id="hydration-scripts">${JSON.stringify(files)}</script>
    <script>
      (function () {
        var files = JSON.parse(document.getElementById('hydration-scripts').textContent);
        var started = false;
        function hydrate() {
          if (started) return;
          started = true;
          files.forEach(function (file) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.href = file;
            document.head.appendChild(link);
          });
          import(files[0]);
        }
        var paintTiming =
          window.PerformanceObserver &&
          PerformanceObserver.supportedEntryTypes &&
          PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
        // A hidden tab paints nothing: it starts at once.
        if (document.visibilityState === 'hidden') hydrate();
        else if (paintTiming) {
          // Reported once the first paint is on screen; the timer if it never is.
          new PerformanceObserver(hydrate).observe({ type: 'paint', buffered: true });
          setTimeout(hydrate, 3000);
        } else requestAnimationFrame(function () { setTimeout(hydrate); });
      })();
    </script>`;
}

/**
 * Fails the build when a class the page renders has a rule in the app's stylesheet but none in
 * the inlined one: public-pages.css scans only the public pages' sources.
 */
function checkStyled(page, body, html) {
  const classes = new Set(
    [...body.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/)),
  );
  const missing = [...classes].filter((name) => {
    if (!name || MARKER_CLASSES.has(name)) return false;
    // The selector, not a longer class that starts with it.
    const selector = new RegExp(`\\.${regExpEscape(cssEscape(name))}(?![\\w-])`);
    return !selector.test(html) && selector.test(appCss);
  });
  if (missing.length > 0) {
    fail(`${page.id} renders classes public-pages.css does not generate: ${missing.join(' ')}`);
  }
}

function regExpEscape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** CSS.escape for the characters Tailwind's class names use. */
function cssEscape(name) {
  return name.replace(/^\d/, (digit) => `\\3${digit} `).replace(/[^\w-]/g, (char) => `\\${char}`);
}

/** Brotli and gzip siblings of every text file worth compressing (the server sends them). */
function precompress(dir) {
  for (const entryName of readdirSync(dir)) {
    const path = join(dir, entryName);
    if (entryName.startsWith('.')) continue;
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!['.js', '.css', '.svg', '.json', '.txt', '.xml'].includes(extname(path))) continue;
    const bytes = readFileSync(path);
    if (bytes.length < 1024) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  }
}
