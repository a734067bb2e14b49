import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMANDS } from '../src/cli-usage';
import { createMetrics } from '../src/platform/metrics';
import { useTestApp } from './helper';

// The example alert rules, dashboard and series table of docs/ops and deploy.md §13 name only the
// series and labels an instance exposes on /metrics: a rule over a series no instance has never
// fires, and a panel over one stays empty, with no word from Prometheus or Grafana.

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
// With the process's figures (lisbon_process_*, lisbon_nodejs_*), as server.ts makes its metrics.
const metrics = createMetrics({ processMetrics: true });
const t = useTestApp({ env: { METRICS_TOKEN }, metrics });

const doc = (path: string) => readFileSync(new URL(`../../../docs/${path}`, import.meta.url), 'utf8');

/** The labels Prometheus adds to every series it scrapes (prometheus.yml's job and each target). */
const TARGET_LABELS = ['job', 'instance'];
/** Series of Prometheus's own, with the target's labels only. */
const PROMETHEUS_SERIES = ['up'];
/** PromQL's words that are not series: aggregation modifiers and operators. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);
const LABEL_LISTS = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g;

/** Every series name a scrape of the instance shows, with the labels each may carry. */
async function exposedSeries(): Promise<Map<string, Set<string>>> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  const series = new Map<string, Set<string>>();
  for (const name of PROMETHEUS_SERIES) series.set(name, new Set(TARGET_LABELS));
  for (const [, name, type] of answer.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name || !type) continue;
    // The labels the code declares for it (prom-client's labelNames).
    const labels = new Set([
      ...TARGET_LABELS,
      ...((metrics.registry.getSingleMetric(name) as { labelNames?: string[] } | undefined)?.labelNames ??
        []),
    ]);
    series.set(name, labels);
    if (type === 'histogram') {
      series.set(`${name}_bucket`, new Set([...labels, 'le']));
      for (const suffix of ['_sum', '_count'])
        series.set(`${name}${suffix}`, new Set([...labels].filter((label) => label !== 'le')));
    }
    if (type === 'summary') for (const suffix of ['_sum', '_count']) series.set(`${name}${suffix}`, labels);
  }
  return series;
}

/** An expression's series and labels, read from PromQL's text: quoted values and ranges aside. */
function readExpression(expr: string): { series: string[]; labels: string[] } {
  const text = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""').replace(/\[[^\]]*\]/g, '');
  const labels = [
    ...[...text.matchAll(/\{([^}]*)\}/g)].flatMap(([, matchers]) =>
      [...(matchers ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map(([, label]) => label ?? ''),
    ),
    ...[...text.matchAll(LABEL_LISTS)].flatMap(([, list]) =>
      (list ?? '')
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    ),
  ];
  const bare = text.replace(/\{[^}]*\}/g, ' ').replace(LABEL_LISTS, ' ');
  const series = [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\b(\s*\()?/g)]
    .filter(([word, name, call]) => word && name && !call && !KEYWORDS.has(name) && !/^\d/.test(name))
    .map(([, name]) => name ?? '');
  return { series, labels };
}

type Use = { where: string; expr: string; shown: string[] };

/**
 * The labels an expression's result keeps for an annotation or a legend to print: the outermost
 * aggregation's `by` list (its series' labels but those of `without`; none with neither), or, with
 * no aggregation, every label its series carry.
 */
const AGGREGATION =
  /\b(?:sum|min|max|avg|count|group|stddev|stdvar|topk|bottomk|quantile|count_values)\s*(?:(by|without)\s*\(([^)]*)\))?\s*\(/;
function resultLabels(expr: string, carried: Set<string>): Set<string> {
  const outermost = AGGREGATION.exec(expr);
  if (!outermost) return carried;
  const [, modifier, list] = outermost;
  const listed = (list ?? '').split(',').map((label) => label.trim());
  if (modifier === 'by') return new Set(listed);
  return new Set(modifier === 'without' ? [...carried].filter((label) => !listed.includes(label)) : []);
}

/**
 * What `where` names that no instance exposes: unknown series, labels none of its series has, and
 * labels it prints that its result no longer has.
 */
function unexposed(exposed: Map<string, Set<string>>, { where, expr, shown }: Use): string[] {
  const { series, labels } = readExpression(expr);
  const missing = series.filter((name) => !exposed.has(name)).map((name) => `${where}: series ${name}`);
  const carried = new Set(series.flatMap((name) => [...(exposed.get(name) ?? [])]));
  const kept = resultLabels(expr, carried);
  return [
    ...missing,
    ...labels
      .filter((label) => !carried.has(label))
      .map((label) => `${where}: label ${label} (on ${series.join(', ')})`),
    ...shown
      .filter((label) => !kept.has(label))
      .map((label) => `${where}: prints label ${label}, which its result does not keep`),
  ];
}

type Rule = { alert: string; expr: string; annotations?: Record<string, string> };
const alertRules = (): Rule[] =>
  (parse(doc('ops/lisbon-alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
    (group) => group.rules,
  );

/** The alert rules' expressions, with the labels their summary and description print. */
function alertUses(): Use[] {
  return alertRules().map((rule) => ({
    where: `alert ${rule.alert}`,
    expr: rule.expr,
    shown: Object.values(rule.annotations ?? {}).flatMap((text) =>
      [...text.matchAll(/\$labels\.(\w+)/g)].map(([, label]) => label ?? ''),
    ),
  }));
}

/** The dashboard's queries, with the labels their legends print. */
function dashboardUses(): Use[] {
  const targets: { expr: string; legendFormat?: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if ('expr' in node && typeof node.expr === 'string') targets.push(node as { expr: string });
      Object.values(node).forEach(walk);
    }
  };
  walk(JSON.parse(doc('ops/lisbon-dashboard.json')));
  return targets.map((target) => ({
    where: `dashboard query ${target.expr}`,
    expr: target.expr,
    shown: [...(target.legendFormat ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, label]) => label ?? ''),
  }));
}

/** deploy.md §13's series table: each `name{label,…}` it lists, and the families it names by prefix. */
function tableUses(): { uses: Use[]; prefixes: string[] } {
  const section = /## 13\. Monitor\n[\s\S]*?(?=\n## )/.exec(doc('deploy.md'))?.[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `lisbon_'));
  const names = rows.flatMap((row) => [
    ...(row.split(' | ')[0] ?? '').matchAll(/`(lisbon_[\w*]+)(?:\{([\w,]*)\})?`/g),
  ]);
  return {
    uses: names
      .filter(([, name]) => !name?.endsWith('*'))
      .map(([, name, labels]) => ({
        where: `deploy.md §13 ${name}`,
        expr: name ?? '',
        shown: labels ? labels.split(',') : [],
      })),
    prefixes: names.map(([, name]) => name ?? '').filter((name) => name.endsWith('*')),
  };
}

describe('the series docs/ops and deploy.md name, against a scrape of an instance', () => {
  it('reads a misnamed series or label, or a label printed that the result dropped, as one no instance exposes', async () => {
    // The check itself: a rule with a series or a label off by a letter is reported.
    const exposed = await exposedSeries();
    expect(
      unexposed(exposed, { where: 'x', expr: 'max(lisbon_backup_last_success_timestamp)', shown: [] }),
    ).toEqual(['x: series lisbon_backup_last_success_timestamp']);
    expect(
      unexposed(exposed, {
        where: 'x',
        expr: 'max by (instance) (lisbon_db_pool_connections{status="waiting"})',
        shown: ['store'],
      }),
    ).toEqual([
      'x: label status (on lisbon_db_pool_connections)',
      'x: prints label store, which its result does not keep',
    ]);
    // A label the aggregation took away prints nothing: "cannot use its file store ()".
    expect(
      unexposed(exposed, {
        where: 'x',
        expr: 'max by (instance) (lisbon_object_store_up) == 0',
        shown: ['store'],
      }),
    ).toEqual(['x: prints label store, which its result does not keep']);
  });

  it('has every alert rule over series and labels the instances expose', async () => {
    const exposed = await exposedSeries();
    const uses = alertUses();
    expect(uses.length).toBeGreaterThan(10);
    expect(uses.flatMap((use) => unexposed(exposed, use))).toEqual([]);
  });

  it("has every dashboard panel's query and legend over series and labels the instances expose", async () => {
    const exposed = await exposedSeries();
    const uses = dashboardUses();
    expect(uses.length).toBeGreaterThan(10);
    expect(uses.flatMap((use) => unexposed(exposed, use))).toEqual([]);
  });

  it("lists in deploy.md's series table only series the instances expose, with their labels", async () => {
    const exposed = await exposedSeries();
    const { uses, prefixes } = tableUses();
    expect(uses.length).toBeGreaterThan(10);
    expect(uses.flatMap((use) => unexposed(exposed, use))).toEqual([]);
    for (const prefix of prefixes)
      expect(
        [...exposed.keys()].some((name) => name.startsWith(prefix.slice(0, -1))),
        prefix,
      ).toBe(true);
  });
});

describe("the alert rules' runbook lines, as the operator on call reads them", () => {
  const units = readdirSync(new URL('../../../packaging/systemd/', import.meta.url));
  /** What a description names that does not exist: a CLI command, a unit, a section of a doc. */
  const unknown = (text: string): string[] => [
    ...[...text.matchAll(/(?:sudo -u lisbon |`|bin\/)lisbon ([a-z][\w:-]*)/g)]
      .map(([, command]) => command ?? '')
      .filter((command) => !(COMMANDS as readonly string[]).includes(command))
      .map((command) => `command lisbon ${command}`),
    // Each unit `systemctl status` or `journalctl -u` is given: lisbon@<port> and 'lisbon@*' are lisbon@.service.
    ...[...text.matchAll(/(?:systemctl \w+|journalctl -u) ((?:'?lisbon[\w@<>*.-]*'?\s?)+)/g)]
      .flatMap(([, named]) => (named ?? '').trim().split(/\s+/))
      .map((unit) => unit.replace(/'/g, '').replace(/@(?:<port>|\*)$/, '@'))
      .filter((unit) => !units.includes(unit.includes('.') ? unit : `${unit}.service`))
      .map((unit) => `unit ${unit}`),
    ...[...text.matchAll(/(docs\/[\w./-]+\.md), "([^"]+)"/g)]
      .filter(
        ([, path, title]) => !new RegExp(`^#+ (?:\\d+\\. )?${title}$`, 'm').test(doc(path?.slice(5) ?? '')),
      )
      .map(([, path, title]) => `section "${title}" of ${path}`),
  ];

  it('says on every alert what to look at, naming only commands, units and sections that exist', () => {
    const rules = alertRules();
    expect(rules.filter((rule) => !rule.annotations?.description).map((rule) => rule.alert)).toEqual([]);
    expect(
      rules.flatMap((rule) =>
        unknown(rule.annotations?.description ?? '').map((what) => `${rule.alert}: ${what}`),
      ),
    ).toEqual([]);
    // The check itself: the command the anchoring rule named (bin/lisbon anchor:state), a unit, a section.
    expect(
      unknown(
        '`sudo -u lisbon lisbon anchor:state`, `journalctl -u \'lisbon-backups\'` (docs/deploy.md, "Backup")',
      ),
    ).toEqual(['command lisbon anchor:state', 'unit lisbon-backups', 'section "Backup" of docs/deploy.md']);
  });

  it("has the CLI commands run as deploy.md runs them, as the service's user (sudo -u lisbon lisbon …)", () => {
    const texts = alertRules().map((rule) => rule.annotations?.description ?? '');
    expect(texts.filter((text) => /bin\/lisbon|(?<!sudo -u lisbon )\blisbon [a-z]+:/.test(text))).toEqual([]);
  });
});
