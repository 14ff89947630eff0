// `npm run size`: the gzip size of every JavaScript chunk of the built web, grouped by the route
// area that loads it, and the budget of DESIGN.md: the first load of `/` (every script the
// prerendered dist/pages/landing.html loads or preloads, and their static imports) stays within
// 120 KB of gzip JavaScript and carries no admin or customer code. Exits 1 when it does not.
// Reads apps/web/dist (or the folder given as argument) and the Vite manifest (build.manifest in apps/web/vite.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
/** The public pages' entry: it hydrates their islands (apps/web/src/public-main.tsx). */
const PUBLIC_ENTRY = 'public-page.html';

// An optional argument names another build to measure.
const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
const manifestPath = join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/**
 * Route areas, matched on the source path of a lazily loaded module (first match wins). A chunk
 * belongs to every area whose modules import it; `/` is reported on its own.
 */
const AREAS = [
  { name: '/terms', test: /\/terms[-/.]/ },
  { name: '/status', test: /\/status-(page|board)\.tsx/ },
  // A screen composed of several features lives in app/routes/ under its area's prefix; the
  // customer layout's chrome in app/layouts/customer-header/.
  {
    name: 'admin',
    test: /\/(features\/admin|layouts\/admin-layout|routes\/admin-)/,
    forbidden: true,
  },
  {
    name: 'customer',
    test: /\/(features\/(customer|reseller)|layouts\/customer-|routes\/customer-)/,
    forbidden: true,
  },
  { name: 'auth pages', test: /\/(features\/auth|layouts\/public-layout)/ },
  { name: 'app shell', test: /\/routes\/app-shell/ },
];

function areaOf(src) {
  return AREAS.find((area) => area.test.test(`/${src}`)) ?? { name: 'other' };
}

/** A manifest key and everything it imports statically, transitively. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no entry ${key}.`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const sizes = new Map();
function sizeOf(key) {
  let size = sizes.get(key);
  if (!size) {
    const bytes = readFileSync(join(distDir, manifest[key].file));
    size = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(key, size);
  }
  return size;
}

const isJs = (key) => manifest[key].file.endsWith('.js');

// What the prerendered landing page loads: every script its hydration loader names.
const landingPath = join(distDir, 'pages', 'landing.html');
if (!existsSync(landingPath)) {
  console.error(`No ${landingPath}: the build did not prerender the landing page.`);
  process.exit(1);
}
const landingHtml = readFileSync(landingPath, 'utf8');
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const loadedKeys = [...landingHtml.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map(([, file]) => {
  const key = keyOfFile.get(file);
  if (!key) {
    console.error(`pages/landing.html loads ${file}, which the manifest does not know; rebuild.`);
    process.exit(1);
  }
  return key;
});
if (loadedKeys[0] !== PUBLIC_ENTRY) {
  console.error(`pages/landing.html does not load ${PUBLIC_ENTRY} first; rebuild the web.`);
  process.exit(1);
}

const firstLoad = new Set();
for (const key of loadedKeys) staticClosure(key, firstLoad);

// Every other lazily loaded module, its area and the chunks it adds beyond the first load. What
// the landing's islands import on demand (the newsletter's validation and toasts) is reported as
// such.
const byArea = new Map();
const onDemand = new Set();
for (const loaded of loadedKeys) {
  if (loaded === PUBLIC_ENTRY) continue;
  for (const key of manifest[loaded].dynamicImports ?? []) {
    for (const member of staticClosure(key)) if (!firstLoad.has(member)) onDemand.add(member);
  }
}
byArea.set('/ on demand', onDemand);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || firstLoad.has(key) || onDemand.has(key)) continue;
  const area = areaOf(chunk.src ?? key);
  const keys = byArea.get(area.name) ?? new Set();
  for (const member of staticClosure(key)) if (!firstLoad.has(member)) keys.add(member);
  byArea.set(area.name, keys);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
function section(title, keys) {
  const js = [...keys].filter(isJs).sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip);
  if (js.length === 0) return 0;
  let total = 0;
  rows.push([title, '', '', '']);
  for (const key of js) {
    const { raw, gzip } = sizeOf(key);
    total += gzip;
    rows.push(['', manifest[key].file, kb(raw), kb(gzip)]);
  }
  rows.push(['', 'total', '', kb(total)]);
  return total;
}

const firstLoadTotal = section('/ (first load)', firstLoad);
const areaOrder = ['/ on demand', ...AREAS.map((area) => area.name), 'other'];
for (const name of areaOrder) {
  const keys = byArea.get(name);
  if (keys) section(`${name} (beyond /)`, keys);
}

const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column].length)));
const pad = (row) =>
  row
    .map((cell, column) =>
      column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
    )
    .join('  ');
console.log(pad(['Route area', 'Chunk', 'Raw', 'Gzip']));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(pad(row));

const failures = [];
if (firstLoadTotal > BUDGET_BYTES) {
  failures.push(
    `the first load of / is ${kb(firstLoadTotal)} of gzip JavaScript, over ${kb(BUDGET_BYTES)}`,
  );
}
for (const key of firstLoad) {
  const src = manifest[key].src;
  if (src && areaOf(src).forbidden) {
    failures.push(`the first load of / includes ${src} (${areaOf(src).name} code)`);
  }
}

console.log('');
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}.`);
  process.exit(1);
}
console.log(
  `OK: / loads ${kb(firstLoadTotal)} of gzip JavaScript at first (budget ${kb(BUDGET_BYTES)}), no admin or customer code.`,
);
