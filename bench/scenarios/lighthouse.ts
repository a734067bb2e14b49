import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createElement, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { build, type Plugin } from 'vite';
import { START_UP } from '../../apps/web/src/boot/timings';
import { precompress } from '../../apps/web/vite-plugins';
import type { Scenario } from '../scenario';
import { runCli, startDeployNginx, startPortal } from '../servers';
import { publishDemoStatement } from './verify';

/**
 * A first visit on a phone (decisions 063, 082): Lighthouse in its mobile preset (emulated
 * mid-range phone, simulated slow 4G) at a 4× slower CPU (its default) and at 8× (a low-end phone),
 * against the production build served by the real portal behind nginx as docs/deploy.md configures
 * it (HTTPS, HTTP/2), on `/`, `/auth/login` and `/verify/{id}` of a demo statement published through
 * the CLI, and on a **reference page** served the same way: React 19 and Mantine's provider around
 * a heading, a link and a button, rendered at build time with react-dom/static and hydrated with
 * hydrateRoot (bench/reference/), the floor of the stack. Lighthouse's score moves with the
 * machine; the reference, measured in the same run, does not move apart from the pages. The runs
 * are interleaved (each round runs every page at every slowdown once), BENCH_LIGHTHOUSE_RUNS rounds
 * (3 by default); the medians are printed with Lighthouse's `benchmarkIndex` and the machine's load
 * average beside every figure. Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium);
 * WEB_DIST_DIR measures another build of the SPA; BENCH_LIGHTHOUSE_REPORTS names a directory to
 * keep each run's whole report in.
 */

const PORT = 3340;
/**
 * How the pages reach Chromium (results/lighthouse-runs.md, eighth session). `nginx` (the default):
 * as production serves them, through Debian's nginx configured by docs/deploy.md's own example, over
 * HTTPS and HTTP/2 (a throw-away certificate Chromium is told to trust). `portal`: from the portal
 * itself, plain HTTP/1.1, as sessions before the eighth measured. The reference page goes the same way.
 */
type Serving = 'nginx' | 'portal';
const SERVING = process.env.BENCH_LIGHTHOUSE_SERVE ?? 'nginx';
const isServing = (value: string): value is Serving => value === 'nginx' || value === 'portal';
if (!isServing(SERVING)) throw new Error(`BENCH_LIGHTHOUSE_SERVE is nginx or portal, not ${SERVING}`);
const NGINX_PORTS = { https: 3341, http: 3342 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The browser's own version line ("Chromium 156.0.8078.129 …"): runs are compared across machines. */
const chromiumVersion = (): string => {
  try {
    const line = execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return line.trim().split('\n').at(-1) ?? 'unknown';
  } catch {
    return 'unknown';
  }
};
/** Where to keep each run's whole report (its long tasks, its trace's breakdown), if anywhere. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Each page beside the reference, at each slowdown (decision 082). */
const GOAL = { performanceBelowReference: 5, tbtOverReferenceMs: 150, accessibility: 100 };
const SLOWDOWNS = [4, 8];
/**
 * Lighthouse's throttling, both by default, interleaved (decision 082): `simulate`, its own default
 * (the page loads at full speed and Lantern estimates the phone from that trace: a module script
 * that arrived before the first paint counts as blocking it), and `devtools` (the page loads on the
 * throttled network and CPU, and the figures are what was observed). BENCH_LIGHTHOUSE_THROTTLING
 * picks one of them.
 */
type Method = 'simulate' | 'devtools';
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING ?? 'both';
const isMethod = (value: string): value is Method => value === 'simulate' || value === 'devtools';
if (THROTTLING !== 'both' && !isMethod(THROTTLING))
  throw new Error(`BENCH_LIGHTHOUSE_THROTTLING is simulate, devtools or both, not ${THROTTLING}`);
const METHODS: Method[] = isMethod(THROTTLING) ? [THROTTLING] : ['simulate', 'devtools'];
/** The reference page, built under `reference/` of the copy of the SPA's build (a file, served as such). */
const REFERENCE_BASE = '/reference/';
const REFERENCE = `${REFERENCE_BASE}index.html`;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

type Audit = {
  score: number | null;
  numericValue?: number;
  details?: {
    items?: {
      resourceType?: string;
      transferSize?: number;
      /** long-tasks and user-timings: ms since the navigation started. */
      startTime?: number;
      duration?: number;
      /** user-timings: the mark's or measure's name. */
      name?: string;
      /** mainthread-work-breakdown: the kind of work (`scriptEvaluation`, `styleLayout`, …). */
      group?: string;
    }[];
  };
};
type Report = {
  categories: Record<'performance' | 'accessibility', { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
  /** Lighthouse's own measure of this machine's speed (a mid-tier phone scores about 1,000). */
  environment: { benchmarkIndex: number };
};

/** One Lighthouse run in its own Chromium, as the CLI does it; the JSON report. */
function runLighthouse(
  url: string,
  slowdown: number,
  method: Method,
  chromeFlags: string[],
): Promise<Report> {
  const profile = mkdtempSync(join(tmpdir(), 'lisbon-lighthouse-'));
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    `--throttling-method=${method}`,
    `--throttling.cpuSlowdownMultiplier=${slowdown}`,
    // As root on a CI machine Chromium needs --no-sandbox; the profile is thrown away after the run.
    `--chrome-flags=${[
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      ...chromeFlags,
    ].join(' ')}`,
  ];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      rmSync(profile, { recursive: true, force: true });
      if (code !== 0) return fail(new Error(`lighthouse exited with ${code} on ${url}`));
      // Lighthouse's --output=json report, kept whole when BENCH_LIGHTHOUSE_REPORTS names a directory.
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-x${slowdown}-${method}-${Date.now()}.json`;
        writeFileSync(join(REPORTS_DIR, name), output);
      }
      done(JSON.parse(output) as Report);
    });
  });
}

const round = (value: number) => Math.round(value * 10) / 10;
/** A run that fails (a trace Chromium could not record on a busy machine) is tried again, twice. */
async function runLighthouseRetrying(
  url: string,
  slowdown: number,
  method: Method,
  chromeFlags: string[],
): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, slowdown, method, chromeFlags);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${error instanceof Error ? error.message : String(error)}: trying again`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const score = (report: Report, category: 'performance' | 'accessibility') =>
  Math.round((report.categories[category].score ?? 0) * 100);
const metric = (report: Report, audit: string) => report.audits[audit]?.numericValue ?? 0;
const scriptBytes = (report: Report) =>
  report.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')
    ?.transferSize ?? 0;
/**
 * The main thread's work on the page by kind, ms (Lighthouse's `mainthread-work-breakdown`: observed
 * with devtools throttling, the trace's times scaled by the slowdown when simulated): `script` its
 * JavaScript (evaluated, parsed and compiled), `styleLayout` the style and layout, `other` the rest
 * (the HTML's parse, paint, garbage collection, the browser's own tasks).
 */
function mainThreadWork(report: Report) {
  const items = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const of = (groups: string[]) =>
    items
      .filter((item) => groups.includes(item.group ?? ''))
      .reduce((sum, item) => sum + (item.duration ?? 0), 0);
  const total = items.reduce((sum, item) => sum + (item.duration ?? 0), 0);
  const script = of(['scriptEvaluation', 'scriptParseCompile']);
  const styleLayout = of(['styleLayout']);
  return { script, styleLayout, other: total - script - styleLayout };
}

/**
 * What takes the time on a page, as observed (devtools throttling; a simulated run's long tasks are
 * estimates and its user timings are not, so they are not put side by side):
 * - `startTaskMs`: the task in which the browser evaluated the page's modules (the one that holds
 *   boot/main.tsx's `START_UP.modules` mark);
 * - `modulesMs`: the part of it before that mark: the modules' evaluation, the entry's imports;
 * - `routerTaskMs`: the task in which the entry made the router, once the texts had come (the one that
 *   holds the `START_UP.router` measure's start; 0 if it was not a long task);
 * - `routerMs`: React Router's part of it (the `START_UP.router` measure: the router made and its first
 *   navigation started);
 * - `otherBlockingMs`: every other task after the first paint, by its time over 50 ms (what TBT
 *   counts): hydration, the answers' renders.
 * Undefined for a page without the marks (the reference) or a simulated run.
 */
function startUp(report: Report, method: Method) {
  const timings = report.audits['user-timings']?.details?.items ?? [];
  const modules = timings.find((timing) => timing.name === START_UP.modules)?.startTime;
  const routerTiming = timings.find((timing) => timing.name === START_UP.router);
  const router = routerTiming?.duration;
  if (method !== 'devtools' || modules === undefined || routerTiming === undefined || router === undefined)
    return undefined;
  const tasks = (report.audits['long-tasks']?.details?.items ?? []).map(
    ({ startTime = 0, duration = 0 }) => ({
      startTime,
      duration,
    }),
  );
  const holding = (time: number) =>
    tasks.find((task) => task.startTime <= time && time <= task.startTime + task.duration);
  const start = holding(modules);
  const routerTask = holding(routerTiming.startTime ?? -1);
  const firstPaint = metric(report, 'first-contentful-paint');
  const otherBlockingMs = tasks
    .filter((task) => task !== start && task !== routerTask && task.startTime >= firstPaint)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return {
    startTaskMs: start?.duration ?? 0,
    modulesMs: start ? modules - start.startTime : 0,
    routerTaskMs: routerTask === start ? 0 : (routerTask?.duration ?? 0),
    routerMs: router,
    otherBlockingMs,
  };
}
const figure = (values: (number | undefined)[]) =>
  values.every((value) => value !== undefined) && values.length > 0 ? Math.round(median(values)) : '-';

/** Accessibility audits that count towards the score and did not pass. */
const failedAccessibility = (report: Report) =>
  report.categories.accessibility.auditRefs
    .map((ref) => ref.id)
    .filter((id) => report.audits[id]?.score !== null && report.audits[id]?.score !== 1);

/**
 * The reference page built into a copy of the SPA's build (`reference/`), so that the portal serves
 * it as it serves the app: precompressed, its assets cached for a year. Its HTML is rendered here
 * with react-dom/static and its stylesheet inline, as scripts/prerender.mjs does for the app.
 */
async function buildWithReference(webDist: string): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), 'lisbon-lighthouse-dist-'));
  cpSync(webDist, dist, { recursive: true });
  const { ReferencePage } = await import('../reference/page');
  const { prelude } = await prerender(createElement(StrictMode, null, createElement(ReferencePage)));
  const body = await new Response(prelude).text();
  const prerenderReference: Plugin = {
    name: 'lisbon-bench-reference',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let page = html.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
        for (const asset of Object.values(context.bundle ?? {}))
          if (asset.type === 'asset' && asset.fileName.endsWith('.css'))
            page = page.replace(
              new RegExp(`<link rel="stylesheet" crossorigin href="[^"]*${asset.fileName}">`),
              `<style>${String(asset.source)}</style>`,
            );
        return page;
      },
    },
  };
  await build({
    configFile: false,
    root: join(ROOT, 'bench/reference'),
    base: REFERENCE_BASE,
    logLevel: 'warn',
    build: { outDir: join(dist, 'reference'), emptyOutDir: true },
    // Built as the app is, with React's Vite plugin (which also keeps the libraries' "use client"
    // directives out of the log).
    plugins: [react(), prerenderReference, precompress()],
  });
  return dist;
}

const pathOf = (page: string) => (page.startsWith('/verify/') ? '/verify/{id}' : page);

export const lighthouse: Scenario = {
  name: 'lighthouse',
  async run() {
    let certificateId = '';
    const loadBefore = loadavg()[0] ?? 0;
    const dist = await buildWithReference(process.env.WEB_DIST_DIR ?? join(ROOT, 'apps/web/dist'));
    const publicUrl =
      SERVING === 'nginx' ? `https://127.0.0.1:${NGINX_PORTS.https}` : `http://127.0.0.1:${PORT}`;
    const portal = await startPortal(PORT, {
      env: { PUBLIC_URL: publicUrl, WEB_DIST_DIR: dist },
      // A busy shared machine starts the built portal slowly; the figures say how busy (loadAverage).
      startTimeoutMs: 180_000,
      prepare: async (env) => {
        await runCli(env, ['migrate']);
        certificateId = await publishDemoStatement(env, join(env.DATA_DIR ?? '', 'demo-statement.pdf'));
      },
    });
    const nginx =
      SERVING === 'nginx'
        ? await startDeployNginx({
            httpsPort: NGINX_PORTS.https,
            httpPort: NGINX_PORTS.http,
            upstreamPort: PORT,
          }).catch(async (error: unknown) => {
            await portal.stop();
            throw error;
          })
        : undefined;
    const origin = nginx?.url ?? portal.url;
    const chromeFlags = nginx ? [`--ignore-certificate-errors-spki-list=${nginx.spkiHash}`] : [];
    const pages = [REFERENCE, '/', '/auth/login', `/verify/${certificateId}`];
    try {
      const runs = new Map<string, { report: Report; load: number }[]>();
      const key = (page: string, slowdown: number, method: Method) => `${page} x${slowdown} ${method}`;
      const settings = METHODS.flatMap((method) => SLOWDOWNS.map((slowdown) => ({ method, slowdown })));
      // Interleaved: each round runs every page at every slowdown (and throttling) once, so that a
      // busier minute of the machine weighs on the reference as on the pages. One Chromium at a time.
      for (let round = 0; round < RUNS; round += 1)
        for (const { method, slowdown } of settings)
          for (const page of pages) {
            const load = loadavg()[0] ?? 0;
            const report = await runLighthouseRetrying(`${origin}${page}`, slowdown, method, chromeFlags);
            const at = key(page, slowdown, method);
            runs.set(at, [...(runs.get(at) ?? []), { report, load }]);
          }
      const rows = settings.flatMap(({ method, slowdown }) => {
        const figures = pages.map((page) => {
          const reports = (runs.get(key(page, slowdown, method)) ?? []).map((run) => run.report);
          const of = (pick: (report: Report) => number) => median(reports.map(pick));
          const startUps = reports.map((report) => startUp(report, method));
          return {
            page: pathOf(page),
            cpu: `${slowdown}x`,
            throttling: method,
            performance: of((report) => score(report, 'performance')),
            accessibility: of((report) => score(report, 'accessibility')),
            tbtMs: Math.round(of((report) => metric(report, 'total-blocking-time'))),
            fcpMs: Math.round(of((report) => metric(report, 'first-contentful-paint'))),
            lcpMs: Math.round(of((report) => metric(report, 'largest-contentful-paint'))),
            cls: Number(of((report) => metric(report, 'cumulative-layout-shift')).toFixed(3)),
            scriptKB: Math.round(of(scriptBytes) / 100) / 10,
            scriptMs: Math.round(of((report) => mainThreadWork(report).script)),
            styleLayoutMs: Math.round(of((report) => mainThreadWork(report).styleLayout)),
            otherWorkMs: Math.round(of((report) => mainThreadWork(report).other)),
            startTaskMs: figure(startUps.map((parts) => parts?.startTaskMs)),
            modulesMs: figure(startUps.map((parts) => parts?.modulesMs)),
            routerTaskMs: figure(startUps.map((parts) => parts?.routerTaskMs)),
            routerMs: figure(startUps.map((parts) => parts?.routerMs)),
            otherBlockingMs: figure(startUps.map((parts) => parts?.otherBlockingMs)),
            benchmarkIndex: Math.round(of((report) => report.environment.benchmarkIndex)),
            loadAverage: round(median((runs.get(key(page, slowdown, method)) ?? []).map((run) => run.load))),
            failedAccessibilityAudits: [...new Set(reports.flatMap(failedAccessibility))].join(' ') || '-',
          };
        });
        const reference = figures[0];
        return figures.map((row) => {
          const isReference = row.page === REFERENCE;
          const isMet =
            row.accessibility >= GOAL.accessibility &&
            (isReference ||
              (row.performance >= (reference?.performance ?? 100) - GOAL.performanceBelowReference &&
                row.tbtMs <= (reference?.tbtMs ?? 0) + GOAL.tbtOverReferenceMs));
          return { ...row, goal: isReference ? 'reference' : isMet ? 'met' : 'NOT met' };
        });
      });
      const isMet = rows.every((row) => row.goal !== 'NOT met' && row.accessibility >= GOAL.accessibility);
      return {
        table: rows,
        summary:
          `Lighthouse mobile preset at CPU slowdown ${SLOWDOWNS.join(' and ')} (${METHODS.join(' and ')} throttling), ` +
          `served ${SERVING === 'nginx' ? 'through nginx as docs/deploy.md configures it (HTTPS, HTTP/2)' : 'by the portal itself (HTTP/1.1)'}, ` +
          `median of ${RUNS} interleaved runs ` +
          `(scriptKB: JavaScript transferred, kB; scriptMs, styleLayoutMs, otherWorkMs: the main thread's work by kind; loadAverage: the machine's 1-minute load as each run started): ` +
          `goal on each page: performance within ${GOAL.performanceBelowReference} points of the reference page's, ` +
          `TBT at most the reference's + ${GOAL.tbtOverReferenceMs} ms, accessibility ${GOAL.accessibility} — ${isMet ? 'met' : 'NOT met'}.`,
        figures: {
          runs: RUNS,
          slowdowns: SLOWDOWNS,
          throttling: METHODS,
          serving: SERVING,
          chromium: CHROME_PATH,
          chromiumVersion: chromiumVersion(),
          // Lighthouse's simulated phone scales the CPU time it observes: a busy machine lowers the scores.
          loadAverage: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
          goal: GOAL,
          isMet,
          pages: rows,
        },
      };
    } finally {
      await nginx?.stop();
      await portal.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  },
};
