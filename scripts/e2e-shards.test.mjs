import { describe, expect, it } from 'vitest';
import { PORTS_PER_SHARD, shardPlan } from '../e2e/shards.mjs';

describe('the journeys’ shards (e2e/run.mjs)', () => {
  it('runs the whole suite as two shards on two cores, each on its own three ports', () => {
    expect(shardPlan({ env: { E2E_PORT: '4100' }, args: [], cores: 2 })).toEqual([
      { label: 'journeys 1/2', port: 4100, args: ['--shard=1/2'] },
      { label: 'journeys 2/2', port: 4100 + PORTS_PER_SHARD, args: ['--shard=2/2'] },
    ]);
  });

  it('runs as one Playwright run on one core, or when given a file, on the port given', () => {
    expect(shardPlan({ env: {}, args: [], cores: 1 })).toEqual([{ label: '', port: 3210, args: [] }]);
    const file = ['tests/payments.spec.ts'];
    expect(shardPlan({ env: { E2E_PORT: '4200' }, args: file, cores: 8 })).toEqual([
      { label: '', port: 4200, args: file },
    ]);
  });

  it('takes the number of shards from E2E_SHARDS, and refuses one that is not a whole number', () => {
    const plan = shardPlan({ env: { E2E_SHARDS: '3' }, args: ['--grep', 'verify'], cores: 2 });
    expect(plan.map(({ port, args }) => [port, args.at(-1)])).toEqual([
      [3210, '--shard=1/3'],
      [3213, '--shard=2/3'],
      [3216, '--shard=3/3'],
    ]);
    expect(() => shardPlan({ env: { E2E_SHARDS: 'two' }, args: [], cores: 2 })).toThrow(
      'E2E_SHARDS must be a whole number of 1 or more, not "two"',
    );
    expect(() => shardPlan({ env: { E2E_PORT: '65534' }, args: [], cores: 2 })).toThrow(
      /E2E_PORT must leave 6 ports/,
    );
  });
});
