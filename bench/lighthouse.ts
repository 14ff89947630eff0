// `npm run bench:lighthouse [-- --runs 5 --no-terms --no-status --json lighthouse.json]`: Lighthouse's
// default mobile preset (simulated slow 4G, 4× CPU slowdown, a mid-range phone's screen) on `/`,
// `/status` and `/terms` of the built app, started as `npm start` runs it (apps/server/dist/main.js) on a
// fresh temporary data folder and a free port, with PUBLIC_URL set to that address so the
// canonical URL is valid. Before the runs it adds a few products through the admin's API, so
// `/status` draws a real list rather than an empty one. Each run starts a fresh headless Chromium
// (Debian's /usr/bin/chromium, CHROMIUM_PATH overrides it; nothing is downloaded), so every run
// loads with an empty cache. Prints each run and the median of each page: the four category
// scores, the paint metrics, the JavaScript the page loads (transferred and gzip) and its
// render-blocking requests, then every failing accessibility/best-practices/SEO audit and the
// largest performance savings, so a regression names its cause, and each run's verdict on the
// DESIGN.md budget ("ok" or "OVER" per line: the budget holds in every run, not in the median).
// A budget not met is reported, not an error: the exit code is non-zero only when the run failed.
// Every page gets the same runs (5 unless `--runs`) and budget; `--no-status` and `--no-terms`
// skip a page (`--terms` is accepted, the default); `--json <file>` writes the medians and every
// run's figures.
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result, type Trace } from 'lighthouse';
import { login, send } from './check-lib.js';
import { freePort, printColumns, startProcess } from './lib.js';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    runs: { type: 'string', default: '5' },
    /** `--no-terms` skips /terms (measured and budgeted like / otherwise). */
    terms: { type: 'boolean', default: true },
    /** `--no-status` skips /status (measured and budgeted like / otherwise). */
    status: { type: 'boolean', default: true },
    /** Writes the medians and each run's figures to this file. */
    json: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox'];
// Checked before the server starts: chrome-launcher reports a missing browser as an uncaught
// spawn error, which would end this process without stopping the server.
try {
  accessSync(CHROMIUM_PATH, constants.X_OK);
} catch {
  throw new Error(
    `no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`,
  );
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The score modes that give a verdict (not informative, manual, not applicable or errored). */
const VERDICT_MODES = new Set(['binary', 'numeric', 'metricSavings']);
const TOP_SAVINGS = 5;

/** DESIGN.md: Lighthouse mobile on `/`, `/terms` and `/status` alike, in every run. */
const BUDGET = {
  scores: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 2_000,
  tbtMs: 150,
  scriptGzipBytes: 120 * 1024,
};

interface Finding {
  id: string;
  title: string;
}

interface Saving extends Finding {
  ms: number;
  bytes: number;
}

interface RunFigures {
  path: string;
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scripts: number;
  scriptTransferBytes: number;
  scriptGzipBytes: number;
  /** How many requests Chrome marks render-blocking before the first paint, and which. */
  renderBlocking: number;
  renderBlockingUrls: string[];
  benchmarkIndex: number;
  failing: Finding[];
  /** Audits that could not run (their figure is missing, not good). */
  errored: Finding[];
  savings: Saving[];
  warnings: string[];
}

type Figure =
  | 'fcpMs'
  | 'lcpMs'
  | 'tbtMs'
  | 'cls'
  | 'speedIndexMs'
  | 'scripts'
  | 'scriptTransferBytes'
  | 'scriptGzipBytes'
  | 'renderBlocking';

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? 0;

function detailItems(lhr: Result, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details;
  return details && 'items' in details ? (details.items as Record<string, unknown>[]) : [];
}

/** Audits of these categories whose verdict is below full marks. */
function failingAudits(lhr: Result, categories: Category[]): Finding[] {
  const ids = new Set(
    categories.flatMap((id) => lhr.categories[id]?.auditRefs ?? []).map((r) => r.id),
  );
  return [...ids].flatMap((id) => {
    const audit = lhr.audits[id];
    return audit && VERDICT_MODES.has(audit.scoreDisplayMode) && (audit.score ?? 1) < 1
      ? [{ id: audit.id, title: audit.title }]
      : [];
  });
}

/** The performance audits that estimate a saving, largest first (time, then bytes). */
function largestSavings(lhr: Result): Saving[] {
  return (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .flatMap((audit) => {
      const details = audit?.details;
      if (!audit || (audit.score ?? 1) >= 1 || details?.type !== 'opportunity') return [];
      const savedMs = details.overallSavingsMs ?? 0;
      const bytes = details.overallSavingsBytes ?? 0;
      return savedMs > 0 || bytes > 0
        ? [{ id: audit.id, title: audit.title, ms: savedMs, bytes }]
        : [];
    })
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
    .slice(0, TOP_SAVINGS);
}

/** What the trace says of one request as Chrome sent it. */
interface SentRequest {
  url?: string;
  frame?: string;
  renderBlocking?: string;
  priority?: string;
  resourceType?: string;
}

/**
 * The requests of the page's own frame that Chrome marks render-blocking and sent before the
 * first paint, read from the trace as Lighthouse 13's render-blocking insight does (Lighthouse
 * 12's own audit fails on the traces of this Chromium). A parser-blocking request in the body
 * blocks rendering only at the highest priority (a script: high).
 */
function renderBlockingRequests(trace: Trace, documentUrl: string): string[] {
  const sent = trace.traceEvents
    .filter((event) => event.name === 'ResourceSendRequest')
    .map((event): { ts: number; data: SentRequest } => ({
      ts: event.ts,
      data: event.args.data ?? {},
    }));
  const frame = sent.find(({ data }) => data.url === documentUrl)?.data.frame;
  if (!frame) throw new Error(`no request for ${documentUrl} in the trace`);
  const firstPaint = Math.min(
    ...trace.traceEvents
      .filter((event) => event.name === 'firstPaint' && event.args.frame === frame)
      .map((event) => event.ts),
  );
  return sent
    .filter(({ ts, data }) => {
      if (data.frame !== frame || ts >= firstPaint) return false;
      if (data.renderBlocking === 'blocking') return true;
      return (
        data.renderBlocking === 'in_body_parser_blocking' &&
        (data.priority === 'VeryHigh' ||
          (data.resourceType === 'Script' && data.priority === 'High'))
      );
    })
    .map(({ data }) => data.url ?? '');
}

/** The gzip size of a script as the server sends it uncompressed (same level as `npm run size`). */
async function gzipBytes(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
}

async function figuresOf(lhr: Result, trace: Trace, path: string): Promise<RunFigures> {
  const scripts = detailItems(lhr, 'network-requests').filter(
    (item) => item.resourceType === 'Script',
  );
  const gzipSizes = await Promise.all(scripts.map((item) => gzipBytes(String(item.url))));
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const blocking = renderBlockingRequests(trace, lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl);
  return {
    path,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    scripts: scripts.length,
    scriptTransferBytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    scriptGzipBytes: gzipSizes.reduce((sum, size) => sum + size, 0),
    renderBlocking: blocking.length,
    renderBlockingUrls: blocking,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing: failingAudits(lhr, ['accessibility', 'best-practices', 'seo']),
    errored: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'error')
      .map((audit) => ({ id: audit.id, title: audit.errorMessage ?? audit.title })),
    savings: largestSavings(lhr),
    warnings: lhr.runWarnings.map(String),
  };
}

/** One Lighthouse run in a Chromium of its own (fresh profile, empty cache). */
async function audit(url: string, path: string): Promise<RunFigures> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    return await figuresOf(lhr, artifacts.Trace, path);
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

function printTable(rows: { label: string; figures: RunFigures }[]): void {
  const header = [
    'run',
    'perf',
    'a11y',
    'BP',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
    'JS files',
    'JS transferred',
    'JS gzip',
    'render-blocking',
  ];
  const lines = rows.map(({ label, figures: f }) => [
    label,
    String(f.scores.performance),
    String(f.scores.accessibility),
    String(f.scores['best-practices']),
    String(f.scores.seo),
    ms(f.fcpMs),
    ms(f.lcpMs),
    ms(f.tbtMs),
    f.cls.toFixed(3),
    ms(f.speedIndexMs),
    String(f.scripts),
    kb(f.scriptTransferBytes),
    kb(f.scriptGzipBytes),
    String(f.renderBlocking),
  ]);
  printColumns(header, lines);
}

/** Each figure's median over the runs (scores too), the findings of any run. */
function medianOf(all: RunFigures[]): RunFigures {
  const of = (figure: Figure) => median(all.map((run) => run[figure]));
  const score = (id: Category) => median(all.map((run) => run.scores[id]));
  const unique = <T extends Finding>(findings: T[]) => [
    ...new Map(findings.map((finding) => [finding.id, finding])).values(),
  ];
  return {
    path: all[0]?.path ?? '/',
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    speedIndexMs: of('speedIndexMs'),
    scripts: of('scripts'),
    scriptTransferBytes: of('scriptTransferBytes'),
    scriptGzipBytes: of('scriptGzipBytes'),
    renderBlocking: of('renderBlocking'),
    renderBlockingUrls: [...new Set(all.flatMap((run) => run.renderBlockingUrls))],
    benchmarkIndex: median(all.map((run) => run.benchmarkIndex)),
    failing: unique(all.flatMap((run) => run.failing)),
    errored: unique(all.flatMap((run) => run.errored)),
    savings: unique(all.flatMap((run) => run.savings))
      .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
      .slice(0, TOP_SAVINGS),
    warnings: [...new Set(all.flatMap((run) => run.warnings))],
  };
}

/** Which runs an audit failed in, as "2/3 runs". */
function inRuns(all: RunFigures[], id: string, of: 'failing' | 'savings'): string {
  const count = all.filter((run) => run[of].some((finding) => finding.id === id)).length;
  return `${String(count)}/${String(all.length)} runs`;
}

function printFindings(title: string, all: RunFigures[], result: RunFigures): void {
  console.log(`\n${title}: failing accessibility / best-practices / SEO audits`);
  if (result.failing.length === 0) console.log('  none');
  for (const finding of result.failing) {
    console.log(`  ${finding.id} (${inRuns(all, finding.id, 'failing')}): ${finding.title}`);
  }
  console.log(`${title}: largest performance savings (Lighthouse's estimates)`);
  if (result.savings.length === 0) console.log('  none');
  for (const saving of result.savings) {
    const estimate = [saving.ms > 0 && ms(saving.ms), saving.bytes > 0 && kb(saving.bytes)]
      .filter(Boolean)
      .join(', ');
    console.log(
      `  ${saving.id} (${estimate}; ${inRuns(all, saving.id, 'savings')}): ${saving.title}`,
    );
  }
  console.log(`${title}: render-blocking requests`);
  if (result.renderBlockingUrls.length === 0) console.log('  none');
  for (const url of result.renderBlockingUrls) console.log(`  ${url}`);
  if (result.errored.length > 0) {
    // One cause usually fails several audits: their names, then each distinct error once.
    console.log(`${title}: audits that could not run (no verdict either way)`);
    console.log(`  ${result.errored.map((audit) => audit.id).join(', ')}`);
    const causes = new Set(
      result.errored.map((audit) => audit.title.split(/(?:exception|error): /).at(-1)),
    );
    for (const cause of causes) console.log(`  error: ${cause ?? ''}`);
  }
  for (const warning of result.warnings) console.log(`  warning: ${warning}`);
}

/** Each line of the budget for one run's figures, and whether the run meets it. */
function budgetLines(figures: RunFigures): [string, boolean][] {
  return [
    ...(Object.entries(BUDGET.scores) as [Category, number][]).map(
      ([id, min]): [string, boolean] => [
        `${id} ${String(figures.scores[id])} ${min === 100 ? '=' : '≥'} ${String(min)}`,
        figures.scores[id] >= min,
      ],
    ),
    [`LCP ${ms(figures.lcpMs)} ≤ ${ms(BUDGET.lcpMs)}`, figures.lcpMs <= BUDGET.lcpMs],
    [`TBT ${ms(figures.tbtMs)} ≤ ${ms(BUDGET.tbtMs)}`, figures.tbtMs <= BUDGET.tbtMs],
    [
      `JS ${kb(figures.scriptGzipBytes)} gzip ≤ ${kb(BUDGET.scriptGzipBytes)}`,
      figures.scriptGzipBytes <= BUDGET.scriptGzipBytes,
    ],
  ];
}

/** The budget's verdict on every run of a page: each line "ok" or "OVER", then the page's. */
function printBudget(path: string, all: RunFigures[]): boolean {
  console.log(`\nbudget of ${path} (DESIGN.md, Lighthouse mobile, in every run):`);
  let met = 0;
  all.forEach((figures, index) => {
    const lines = budgetLines(figures);
    const runMet = lines.every(([, ok]) => ok);
    if (runMet) met += 1;
    const verdicts = lines.map(([line, ok]) => `${line} ${ok ? 'ok' : 'OVER'}`).join(' · ');
    console.log(`  run ${String(index + 1)}: ${runMet ? 'ok' : 'OVER'}  (${verdicts})`);
  });
  const allMet = met === all.length;
  console.log(
    `  ${path}: ${allMet ? 'ok' : 'OVER'} (${String(met)}/${String(all.length)} runs within budget)`,
  );
  return allMet;
}

/** `runs` audits of `path`, each reported as it ends. */
async function auditRuns(url: string, path: string): Promise<RunFigures[]> {
  const all: RunFigures[] = [];
  for (let run = 1; run <= runs; run += 1) {
    all.push(await audit(url, path));
    console.log(`run ${String(run)}/${String(runs)} of ${path} done`);
  }
  return all;
}

/**
 * Products as a seller's catalogue has them, through the admin's API: `/status` then lists them
 * with their bars instead of saying nothing is on sale.
 */
async function seedCatalogue(url: string): Promise<void> {
  const token = await login(url, BENCH_ADMIN.username, BENCH_ADMIN.password, '127.0.0.1');
  for (const name of ['Aurora Aim', 'Boreal ESP', 'Cometa Spoofer', 'Delta Radar']) {
    const answer = await send(url, {
      method: 'POST',
      path: '/api/products',
      token,
      json: { name, description: 'Produto do bench', plans: { monthly: 29.9 } },
    });
    if (answer.status !== 200 && answer.status !== 201) {
      throw new Error(`POST /api/products: ${String(answer.status)} ${answer.text}`);
    }
  }
}

const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-senha' };

const started = performance.now();
const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-bench-lighthouse-'));
const port = await freePort();
const server = await startProcess('apps/server/dist/main.js', port, '/api/health', {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
  // A chosen first admin: the server then prints no generated password.
  ADMIN_USERNAME: BENCH_ADMIN.username,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
});
try {
  if (values.status) await seedCatalogue(server.url);
  // The first request pays for the server's cold paths (file cache, JIT); no run should.
  await (await fetch(`${server.url}/`)).arrayBuffer();
  const paths = ['/', ...(values.status ? ['/status'] : []), ...(values.terms ? ['/terms'] : [])];
  /** Each page's runs and their median. */
  const pages: { path: string; all: RunFigures[]; middle: RunFigures }[] = [];
  for (const path of paths) {
    const all = await auditRuns(server.url, path);
    pages.push({ path, all, middle: medianOf(all) });
  }

  console.log(
    `\nLighthouse mobile (simulated slow 4G, 4× CPU) on ${server.url}; this machine's benchmark index ${String(Math.round(pages[0]?.middle.benchmarkIndex ?? 0))}`,
  );
  printTable(
    pages.flatMap(({ path, all, middle }) => [
      ...all.map((figures, index) => ({ label: `${path} run ${String(index + 1)}`, figures })),
      { label: `${path} median`, figures: middle },
    ]),
  );
  for (const { path, all, middle } of pages) printFindings(path, all, middle);
  const verdicts = pages.map(({ path, all }) => printBudget(path, all));
  console.log(
    `\nbudget (every run of ${paths.join(', ')}): ${verdicts.every(Boolean) ? 'ok' : 'OVER'}`,
  );
  if (values.json) {
    await writeFile(
      values.json,
      `${JSON.stringify(
        Object.fromEntries(
          pages.map(({ path, all, middle }) => [path, { median: middle, runs: all }]),
        ),
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote ${values.json}`);
  }
  console.log(`\ntook ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
