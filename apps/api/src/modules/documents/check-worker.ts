import type { CheckMessage, CheckReply, CheckTask } from './check-pool';
import { ContentCheck, type ContentFinding } from './content-check';

/**
 * The check pool's worker (check-pool.ts): one upload per task, its chunks read from the task's
 * port in order, each answered once inspected; its end answers the finding. A port closed before
 * the end (the upload failed) ends the task with none. Built as `dist/check-worker.js` beside
 * `dist/main.js` (scripts/build.mjs).
 */
export default function check({ fileName, limits, port }: CheckTask): Promise<ContentFinding | null> {
  const content = new ContentCheck(fileName, limits);
  const reply = (message: CheckReply) => port.postMessage(message);
  return new Promise((resolve, reject) => {
    port.on('close', () => resolve(null));
    port.on('message', (message: CheckMessage) => {
      if ('chunk' in message) {
        const { buffer, byteOffset, byteLength } = message.chunk;
        content.write(Buffer.from(buffer, byteOffset, byteLength)).then(
          () => reply({ isTaken: true }),
          (error: unknown) => reply({ failure: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      content.finish().then((finding) => {
        resolve(finding);
        port.close();
      }, reject);
    });
  });
}
