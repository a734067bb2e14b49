// The example alert rules (docs/ops/lisbon-alerts.yml) as Prometheus evaluates them, over series
// written out minute by minute in docs/ops/lisbon-alerts.test.yml: promtool's rule unit tests. CI
// installs promtool (Debian's prometheus package) before the tests; here it is needed as well.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnForTest } from './test-commands.mjs';

const OPS = fileURLToPath(new URL('../docs/ops/', import.meta.url));

describe('the example alert rules, evaluated by promtool', () => {
  it('fire when and only while their tests say (LisbonJobsFailing: for the hour after a job fails for good)', () => {
    const result = spawnForTest('promtool', ['test', 'rules', 'lisbon-alerts.test.yml'], {
      cwd: OPS,
      encoding: 'utf8',
    });
    if (result.error)
      throw new Error(`promtool cannot be run (Debian's prometheus package): ${result.error.message}`);
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});
