import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { registerErrorHandler } from '../src/platform/http/error-handler';
import { useTestApp } from './helper';
import { logLines } from './log-lines';
import { storedFiles, type Applicant } from './requests';

/** An upload its client gives up on halfway: nothing kept, and not an error of the portal's. */
type LogLine = { level: number; msg?: string; code?: string };
const { entries, stream: sink } = logLines<LogLine>();
const t = useTestApp();
let server: App;
let applicant: Applicant;
beforeAll(async () => {
  applicant = await t.applicant({ email: 'leaves@example.org' });
  // At the level a deployment logs by default.
  server = await t.instance({ logTo: sink, env: { LOG_LEVEL: 'info' } });
});

describe('an upload whose client leaves halfway', () => {
  it('is logged as the client’s doing, not as a failure, and keeps no file', async () => {
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const files = storedFiles(t.database).length;
    const head = Buffer.from(
      '--cut\r\nContent-Disposition: form-data; name="type"\r\n\r\ndiploma\r\n' +
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="diploma.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    const sent = httpRequest(`${address}/api/v1/documents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${applicant.token}`,
        'content-type': 'multipart/form-data; boundary=cut',
        'content-length': String(1024 * 1024),
      },
    });
    sent.on('error', () => {});
    sent.write(Buffer.concat([head, Buffer.alloc(256 * 1024, 0x20)]));
    // The file is being stored: the upload is under way. Then the client leaves.
    await expect.poll(() => storedFiles(t.database).length).toBe(files + 1);
    sent.destroy();
    const ended = () =>
      entries().find((line) => line.level >= 50 || line.msg === 'the client left before its request ended');
    await expect.poll(ended).toBeDefined();
    expect(ended()).toMatchObject({ level: 30, code: 'ECONNRESET' });
    expect(entries().filter((line) => line.level >= 50)).toEqual([]);
    // The half-written file is removed.
    await expect.poll(() => storedFiles(t.database).length).toBe(files);
  });
});

describe('a backend’s own connection failure after the body was read', () => {
  it('stays a failure of ours: 500, logged as an error, though the request had a body', async () => {
    const { entries: seen, stream: errors } = logLines<LogLine>();
    const bare = Fastify({ logger: { level: 'info', stream: errors } });
    registerErrorHandler(bare);
    // As an object store or the database answers when its connection is reset.
    bare.post('/store', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    });
    const address = await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${address}/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file: 'x'.repeat(10_000) }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'api_error' });
      expect(seen()).toContainEqual(expect.objectContaining({ level: 50, msg: 'request failed' }));
      expect(seen().map((line) => line.msg)).not.toContain('the client left before its request ended');
    } finally {
      await bare.close();
    }
  });
});
