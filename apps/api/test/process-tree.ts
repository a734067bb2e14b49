import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

/** A mark in a process's environment: a variable of its own, `<kind>_<16 hex>=1`. */
export type ProcessMark = { name: string; value: string };

/**
 * A process started with a mark of its own in its environment (`<kind>_<16 hex>=1`), which what it
 * starts inherits, and with every mark of that kind this process carries: each process that started
 * it, through here, finds it by its own mark (processesMarked), however deep it was started. Before,
 * one variable held the mark and the inner start overwrote it, or an environment given whole left it
 * out: what a process started through another took only the inner mark, and a kill by the outer's
 * left it running once the processes between had ended.
 */
export function spawnMarked(
  kind: string,
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'> = {},
): { child: ChildProcessWithoutNullStreams; mark: ProcessMark } {
  const mark = { name: `${kind}_${randomBytes(8).toString('hex')}`, value: '1' };
  const outer = Object.entries(process.env).filter(([name]) => name.startsWith(`${kind}_`));
  const child = spawn(command, args, {
    ...options,
    env: { ...(options.env ?? process.env), ...Object.fromEntries(outer), [mark.name]: mark.value },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as unknown as ChildProcessWithoutNullStreams;
  return { child, mark };
}
