// `npm run bench [-- name ...]`: runs the scenarios, prints their figures and writes
// bench/results/<name>.json. BENCH_DURATION (seconds) and BENCH_CONNECTIONS tune a run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './scenario';
import { anchor } from './scenarios/anchor';
import { cluster } from './scenarios/cluster';
import { cost } from './scenarios/cost';
import { enumeration } from './scenarios/enumeration';
import { health } from './scenarios/health';
import { lighthouse } from './scenarios/lighthouse';
import { rush } from './scenarios/rush';
import { scale } from './scenarios/scale';
import { staffScale } from './scenarios/staff-scale';
import { verify } from './scenarios/verify';
import { wallet } from './scenarios/wallet';

const SCENARIOS: Scenario[] = [
  health,
  rush,
  verify,
  cluster,
  scale,
  enumeration,
  lighthouse,
  anchor,
  staffScale,
  cost,
  wallet,
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
if (selected.length === 0) {
  console.error(`No scenario named ${wanted.join(', ')}. Known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const options = {
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
mkdirSync(resultsDir, { recursive: true });

for (const scenario of selected) {
  console.log(`\n# ${scenario.name} (${options.connections} connections, ${options.durationSeconds} s each)`);
  const result = await scenario.run(options);
  console.table(result.table);
  console.log(result.summary);
  const record = {
    scenario: scenario.name,
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    options,
    ...result.figures,
  };
  const file = join(resultsDir, `${result.resultsName ?? scenario.name}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`written ${file}`);
}
