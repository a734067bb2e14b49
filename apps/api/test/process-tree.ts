import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process and those it started, read from /proc: what test/processes.ts kills when a test ends,
 * and test/chain.ts when its node does not start or stop. Free of Vitest, for the bench too.
 */

/** The state, parent and process group of a process from /proc, or undefined once it is gone. */
export function statOf(pid: number): { state: string; parent: number; group: number } | undefined {
  try {
    // The fields after the command's parenthesised name: its state (R, S, D, T… or Z), its parent, its group.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', parent = '', group = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}

/** Every process `pid` started, and those they started, from /proc (none where there is no /proc). */
export function descendantsOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const parent = statOf(Number(entry))?.parent;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const next = children.get(queue.shift() ?? 0) ?? [];
    found.push(...next);
    queue = [...queue, ...next];
  }
  return found;
}

/**
 * Every process whose environment has `name=value`, from /proc (none where there is none): a mark
 * put in a process's environment, which those it starts inherit. It finds them once it has ended,
 * too, when init has adopted them and they are no longer its descendants.
 */
export function processesMarked(name: string, value: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const mark = `${name}=${value}`;
  return entries.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark);
    } catch {
      // Gone meanwhile, or another user's.
      return false;
    }
  });
}

/**
 * SIGKILL to every process `pid` started (found first), then to `pid`, where it runs still; with
 * `marked`, to every process carrying that mark in its environment too (processesMarked), those
 * whose parent has ended among them.
 */
export function killProcessTree(pid: number | undefined, marked?: { name: string; value: string }): void {
  const tree = pid === undefined ? [] : [...descendantsOf(pid), pid];
  const others = marked ? processesMarked(marked.name, marked.value) : [];
  for (const each of [...new Set([...others, ...tree])]) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
