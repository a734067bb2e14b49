import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { backgroundPool, builtWorker } from '../../platform/background-thread';
import { ContentCheck, type ContentFinding, type ContentLimits } from './content-check';

/**
 * An upload's content is checked on a worker thread (piscina 5), not on the event loop every
 * other user's calls share: a PDF's streams are decoded up to UPLOAD_PDF_MAX_INFLATED_BYTES, and
 * a user uploading a bomb in a loop would hold every other call up (decision 098). The bytes
 * still stream: each upload is one task, fed its chunks in order through a MessagePort of its
 * own, each chunk acknowledged before the next leaves (the store's write waits as it did).
 *
 * The worker is the built `check-worker.js` beside the running bundle (`dist/main.js`); run from
 * the sources, the check runs in place (`platform/background-thread.ts`).
 */
const WORKER_URL = new URL('./check-worker.js', import.meta.url);

/** One upload's check, given to the worker with the port its chunks come through. */
export type CheckTask = { fileName: string; limits: ContentLimits; port: MessagePort };
/** What a task's port carries to the worker: the file's next chunk, or its end. */
export type CheckMessage = { chunk: Uint8Array } | { isEnd: true };
/** What the worker answers each chunk. */
export type CheckReply = { isTaken: true } | { failure: string };

/** An upload's content check, wherever it runs: fed the bytes in order, then asked its finding. */
export type UploadCheck = {
  write(chunk: Buffer): Promise<void>;
  finish(): Promise<ContentFinding | null>;
  /** Lets go of a check that will not be finished (the upload failed); nothing after a finish. */
  abandon(): void;
};

export type CheckPool = Piscina<CheckTask, ContentFinding | null>;

/**
 * The thread's pool (`backgroundPool`: one thread at the lowest priority), every upload a task of
 * its own on it at once: a task waits for its chunks most of the time, so one slow client never
 * holds another's check up.
 */
export const createCheckPool = (filename: string): CheckPool =>
  backgroundPool<CheckTask, ContentFinding | null>(filename, {
    // An upload waiting for its next chunk costs its task little; the request timeout ends a stalled one.
    concurrentTasksPerWorker: 10_000,
  });

let defaultPool: CheckPool | null | undefined;
const poolOfBuild = () => {
  if (defaultPool === undefined) {
    const file = builtWorker(WORKER_URL);
    defaultPool = file ? createCheckPool(file) : null;
  }
  return defaultPool;
};

/** The check of one upload: on the pool's thread when there is one, else in place. */
export function uploadCheck(fileName: string, limits: ContentLimits, pool = poolOfBuild()): UploadCheck {
  if (!pool) {
    const inPlace = new ContentCheck(fileName, limits);
    return { write: (chunk) => inPlace.write(chunk), finish: () => inPlace.finish(), abandon: () => {} };
  }
  return new OffThreadCheck(pool, fileName, limits);
}

class OffThreadCheck implements UploadCheck {
  private readonly port: MessagePort;
  private readonly finding: Promise<ContentFinding | null>;
  private waiting: { resolve(): void; reject(error: Error): void } | null = null;
  /** Why the task can take no more chunks (its thread ended): every later write fails with it. */
  private failure: Error | null = null;

  constructor(pool: CheckPool, fileName: string, limits: ContentLimits) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.finding = pool.run({ fileName, limits, port: port2 }, { transferList: [port2] });
    // A task that fails (its thread ended) fails the chunk waiting for it, and any after it.
    this.finding.catch((error: unknown) =>
      this.fail(error instanceof Error ? error : new Error(String(error))),
    );
    // The worker's end closed before the check's end: nothing will answer any more.
    port1.on('close', () => this.fail(new Error('the upload check ended before the file did')));
    port1.on('message', (reply: CheckReply) =>
      this.answer('failure' in reply ? new Error(reply.failure) : null),
    );
  }

  write(chunk: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiting = { resolve, reject };
      // Copied by the structured clone: the chunk itself goes on to the store.
      this.port.postMessage({ chunk } satisfies CheckMessage);
    });
  }

  async finish(): Promise<ContentFinding | null> {
    this.port.postMessage({ isEnd: true } satisfies CheckMessage);
    try {
      return await this.finding;
    } finally {
      this.port.close();
    }
  }

  abandon(): void {
    // The worker's end of the port closes too, and its task ends with no finding.
    this.port.close();
  }

  private fail(failure: Error) {
    this.failure ??= failure;
    this.answer(failure);
  }

  private answer(failure: Error | null) {
    const waiting = this.waiting;
    this.waiting = null;
    if (failure) waiting?.reject(failure);
    else waiting?.resolve();
  }
}
