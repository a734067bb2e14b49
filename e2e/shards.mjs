/** Each Playwright shard takes this many ports: the portal, the one in maintenance mode, and the payment contract server. */
export const PORTS_PER_SHARD = 3;

/**
 * How `run.mjs` runs the journeys: one Playwright run per shard, each on its own ports. The whole
 * suite runs as `E2E_SHARDS` shards (default: two on a machine with two cores or more, else one);
 * a run given arguments (a file, `--grep`) is one run, unless `E2E_SHARDS` says otherwise.
 */
export function shardPlan({ env, args, cores }) {
  const base = Number(env.E2E_PORT ?? 3210);
  const asked = env.E2E_SHARDS;
  const count =
    asked === undefined || asked === '' ? (args.length === 0 && cores >= 2 ? 2 : 1) : Number(asked);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`E2E_SHARDS must be a whole number of 1 or more, not "${asked}"`);
  }
  if (!Number.isInteger(base) || base < 1 || base + count * PORTS_PER_SHARD - 1 > 65535) {
    throw new Error(
      `E2E_PORT must leave ${count * PORTS_PER_SHARD} ports up to 65535, not "${env.E2E_PORT}"`,
    );
  }
  if (count === 1) return [{ label: '', port: base, args }];
  return Array.from({ length: count }, (_, i) => ({
    label: `journeys ${i + 1}/${count}`,
    port: base + i * PORTS_PER_SHARD,
    args: [...args, `--shard=${i + 1}/${count}`],
  }));
}
