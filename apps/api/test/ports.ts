import { createServer } from 'node:net';

/**
 * Ports for the processes the tests start (a chain's node, a server): one the system has free now,
 * and a start on it made again on another when a process took it first. Free of Vitest, for the
 * bench too.
 */

/** A port the system has free on 127.0.0.1 now, let go at once: another process may take it before the caller listens. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * Whether a start failed on its port being taken: Node's EADDRINUSE (a chain's node), or the
 * server's refusal line (system-refusals.ts's unusableAddress), in the start's error.
 */
export const isPortTaken = (error: unknown): boolean =>
  error instanceof Error && /\bEADDRINUSE\b|is in use by another process/.test(error.message);

/** How many ports a start tries before it fails as its last try did. */
const ATTEMPTS = 5;

/**
 * `start` on a free port, made again on another when the port was taken between freePort's answer
 * and the start's listening (isPortTaken), up to ATTEMPTS ports: before, a test handed its child a
 * free port, another process took it first, and the start failed, the test with it. `ports` gives
 * the ports to try (freePort's unless a test of this module's gives its own).
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  ports: () => Promise<number> = freePort,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await ports();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isPortTaken(error)) throw error;
    }
  }
}
