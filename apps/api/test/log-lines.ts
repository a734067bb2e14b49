import { Writable } from 'node:stream';

/**
 * A log destination for a test: keeps each JSON line written to it, as text (`lines`, to search for
 * what must never be logged) and parsed (`entries()`).
 */
export function logLines<Entry = Record<string, unknown>>() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, entries: () => lines.map((line) => JSON.parse(line) as Entry) };
}
