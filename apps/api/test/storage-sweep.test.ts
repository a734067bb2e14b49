import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { sweepOrphanFiles } from '../src/modules/system/file-sweep.service';
import { ManualClock } from '../src/platform/clock';
import { StoredFileMissingError } from '../src/platform/storage/storage';
import { useTestApp, testConfig } from './helper';
import { bearer } from './identity';
import { dataOf, FILES, upload, type Applicant } from './requests';
import { startS3Server, type S3Server } from './s3';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server('lisbon-sweep');
});
afterAll(async () => {
  await s3.close();
});

describe.each([
  ['local disk', () => ({})],
  ['S3-compatible object store', () => s3.env],
])('documents and the sweep of leftovers on the %s', (_name, envOf) => {
  let maria: Applicant;
  const clock = new ManualClock('2026-02-10T10:00:00Z');
  const context = () => createContext({ config: testConfig(t.database, envOf()), db: t.database.db, clock });

  const t = useTestApp({ clock, env: envOf });
  beforeAll(async () => {
    maria = await t.applicant({ email: 'maria@example.org' });
  });

  it('stores an uploaded document and gives the same bytes back', async () => {
    const uploaded = await upload(
      t.app,
      maria,
      { type: 'diploma' },
      { name: 'diploma.pdf', content: FILES.pdf },
    );
    expect(uploaded.statusCode).toBe(201);
    const { id } = dataOf<{ id: number }>(uploaded);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${id}/download`,
      headers: bearer(maria.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);
  });

  it('removes files no row holds once past the grace period, and keeps the others', async () => {
    const ctx = context();
    const uploaded = await upload(
      t.app,
      maria,
      { type: 'diploma' },
      { name: 'kept.pdf', content: FILES.pdf },
    );
    const { id } = dataOf<{ id: number }>(uploaded);
    const orphan = await ctx.storage.write(Readable.from([Buffer.from('left behind by a killed upload')]));

    // Inside the grace period an unreferenced file may be an upload still in flight: kept.
    expect(await sweepOrphanFiles(ctx)).toEqual({ checked: 0, removed: 0 });
    await ctx.storage.read(orphan);

    const swept = await sweepOrphanFiles(ctx, { graceSeconds: 0, now: new Date(Date.now() + 1000) });
    expect(swept.removed).toBe(1);
    await expect(ctx.storage.read(orphan)).rejects.toBeInstanceOf(StoredFileMissingError);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${id}/download`,
      headers: bearer(maria.token),
    });
    expect(download.statusCode).toBe(200);
  });
});
