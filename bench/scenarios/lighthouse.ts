import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scenario } from '../scenario';
import { runCli, startPortal } from '../servers';
import { publishDemoStatement } from './verify';

/**
 * A first visit on a phone (issue 16, decision 063): Lighthouse in its default mobile preset
 * (emulated mid-range phone, simulated slow 4G and a 4× slower CPU) against the production build
 * served by the real portal, BENCH_LIGHTHOUSE_RUNS times (3 by default) on `/`, `/auth/login` and
 * `/verify/{id}` of a demo statement published through the CLI. Prints the medians of the
 * performance and accessibility scores, the JavaScript transferred and the paint metrics, and the
 * accessibility audits that failed on any run. Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium); WEB_DIST_DIR measures another build of the SPA; BENCH_LIGHTHOUSE_REPORTS names a
 * directory to keep each run's whole report in.
 */

const PORT = 3340;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Where to keep each run's whole report (its long tasks, its trace's breakdown), if anywhere. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const GOAL = { performance: 95, accessibility: 100 };
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

type Audit = {
  score: number | null;
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
};
type Report = {
  categories: Record<'performance' | 'accessibility', { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
  /** Lighthouse's own measure of this machine's speed (a mid-tier phone scores about 1,000). */
  environment: { benchmarkIndex: number };
};

/** One Lighthouse run in its own Chromium, as the CLI does it; the JSON report. */
function runLighthouse(url: string): Promise<Report> {
  const profile = mkdtempSync(join(tmpdir(), 'lisbon-lighthouse-'));
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    // As root on a CI machine Chromium needs --no-sandbox; the profile is thrown away after the run.
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir=${profile}`,
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
        const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`;
        writeFileSync(join(REPORTS_DIR, name), output);
      }
      done(JSON.parse(output) as Report);
    });
  });
}

const round = (value: number) => Math.round(value * 10) / 10;
/** A run that fails (a trace Chromium could not record on a busy machine) is tried again, twice. */
async function runLighthouseRetrying(url: string): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url);
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
/** Accessibility audits that count towards the score and did not pass. */
const failedAccessibility = (report: Report) =>
  report.categories.accessibility.auditRefs
    .map((ref) => ref.id)
    .filter((id) => report.audits[id]?.score !== null && report.audits[id]?.score !== 1);

export const lighthouse: Scenario = {
  name: 'lighthouse',
  async run() {
    let certificateId = '';
    const loadBefore = loadavg()[0] ?? 0;
    const portal = await startPortal(PORT, {
      env: { PUBLIC_URL: `http://127.0.0.1:${PORT}` },
      // A busy shared machine starts the built portal slowly; the figures say how busy (loadAverage).
      startTimeoutMs: 180_000,
      prepare: async (env) => {
        await runCli(env, ['migrate']);
        certificateId = await publishDemoStatement(env, join(env.DATA_DIR ?? '', 'demo-statement.pdf'));
      },
    });
    const pages = ['/', '/auth/login', `/verify/${certificateId}`];
    try {
      const rows = [];
      for (const page of pages) {
        const reports: Report[] = [];
        // One after the other: two Chromiums at once on two cores would slow each other's figures.
        for (let run = 0; run < RUNS; run += 1)
          reports.push(await runLighthouseRetrying(`${portal.url}${page}`));
        const failed = [...new Set(reports.flatMap(failedAccessibility))];
        rows.push({
          page: page.startsWith('/verify/') ? '/verify/{id}' : page,
          performance: median(reports.map((report) => score(report, 'performance'))),
          accessibility: median(reports.map((report) => score(report, 'accessibility'))),
          scriptKB: Math.round(median(reports.map(scriptBytes)) / 100) / 10,
          fcpMs: Math.round(median(reports.map((report) => metric(report, 'first-contentful-paint')))),
          lcpMs: Math.round(median(reports.map((report) => metric(report, 'largest-contentful-paint')))),
          tbtMs: Math.round(median(reports.map((report) => metric(report, 'total-blocking-time')))),
          cls: Number(median(reports.map((report) => metric(report, 'cumulative-layout-shift'))).toFixed(3)),
          benchmarkIndex: Math.round(median(reports.map((report) => report.environment.benchmarkIndex))),
          failedAccessibilityAudits: failed.join(' ') || '-',
        });
      }
      const isMet = rows.every(
        (row) => row.performance >= GOAL.performance && row.accessibility >= GOAL.accessibility,
      );
      return {
        table: rows,
        summary:
          `Lighthouse mobile preset, median of ${RUNS} runs per page (scriptKB: JavaScript transferred, kB): ` +
          `goal performance ≥ ${GOAL.performance} and accessibility ${GOAL.accessibility} on each page — ${isMet ? 'met' : 'NOT met'}.`,
        figures: {
          runs: RUNS,
          chromium: CHROME_PATH,
          // Lighthouse's simulated phone scales the CPU time it observes: a busy machine lowers the scores.
          loadAverage: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
          goal: GOAL,
          isMet,
          pages: rows,
        },
      };
    } finally {
      await portal.stop();
    }
  },
};
