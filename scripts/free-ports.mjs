#!/usr/bin/env node
// `node scripts/free-ports.mjs <count>`: the first of <count> consecutive ports free on 127.0.0.1
// now, each tried by listening on it and let go at once. CI (.ci/run) gives its servers such ports
// instead of fixed ones, which a server an aborted run left, or another job on the machine, may
// hold. From a range the system does not hand out to outgoing connections (20000–29999, below
// Linux's 32768–60999), tried at random.
import { realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIRST = 20_000;
const LAST = 29_999;

/** Whether a port is free now: listened on and let go. */
const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });

/** The first of `count` consecutive free ports, or undefined after 200 tries. */
export async function freePorts(count) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const first = FIRST + Math.floor(Math.random() * (LAST - FIRST + 2 - count));
    let free = true;
    for (let port = first; port < first + count && free; port += 1) free = await isFree(port);
    if (free) return first;
  }
  return undefined;
}

// Run as a command (not imported by its test): compared as paths, since the module's URL is
// percent-encoded and has its links resolved.
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  const count = Number(process.argv[2] ?? '1');
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    console.error('usage: node scripts/free-ports.mjs <count, 1 to 100>');
    process.exit(2);
  }
  const first = await freePorts(count);
  if (first === undefined) {
    console.error(`no ${count} consecutive free ports found on 127.0.0.1 between ${FIRST} and ${LAST}`);
    process.exit(1);
  }
  console.log(first);
}
