import { DOCUMENTS_PER_REQUEST_MAX } from '@lisbon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { purgeUnattachedDocuments } from '../src/modules/documents/retention.service';
import { sweepOrphanFiles } from '../src/modules/system/file-sweep.service';
import { ManualClock } from '../src/platform/clock';
import { StoredFileMissingError, type FileStorage } from '../src/platform/storage/storage';
import { testConfig, useTestApp, type TestDatabase } from './helper';
import { bearer } from './identity';
import {
  apiCall,
  dataOf,
  multipart,
  storedFiles,
  upload,
  type Applicant,
  type StoredDocument,
} from './requests';
import { startS3Server, type S3Server } from './s3';
import { pdfOf, streamObject } from './samples';

/** Issue #15 item 9, decision 058: a storage quota per applicant, and documents of no request cleaned up. */

const MEGABYTE = 1024 * 1024;

/** A plain PDF of exactly `size` bytes, padded inside an uncompressed stream. */
function pdfOfSize(size: number): Buffer {
  const empty = pdfOf(['<< /Type /Catalog >>', streamObject('', Buffer.alloc(0))]);
  return pdfOf(['<< /Type /Catalog >>', streamObject('', Buffer.alloc(size - empty.length - 3, 0x20))]);
}

const storedKeyOf = async (database: TestDatabase, id: number) =>
  (
    await database.db
      .selectFrom('documents')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).storage_key;

const documentIds = async (database: TestDatabase, who: Applicant) =>
  (await database.db.selectFrom('documents').select('id').where('user_id', '=', who.id).execute()).map(
    (row) => row.id,
  );

const isStored = async (storage: FileStorage, key: string) =>
  storage.read(key).then(
    (content) => {
      content.destroy();
      return true;
    },
    (error: unknown) => {
      if (error instanceof StoredFileMissingError) return false;
      throw error;
    },
  );

describe('the storage quota and the documents of no request', () => {
  let call: ReturnType<typeof apiCall>;
  const clock = new ManualClock('2025-03-03T09:00:00Z');
  const env = {
    UPLOAD_MAX_BYTES: String(MEGABYTE),
    UPLOAD_QUOTA_BYTES: String(2 * MEGABYTE),
    UPLOAD_UNATTACHED_MAX: '3',
  };
  const file = pdfOfSize(0.6 * MEGABYTE);

  const t = useTestApp({ clock, env });
  beforeAll(() => {
    call = apiCall(t.app);
  });

  const draftOf = async (who: Applicant) =>
    dataOf<{ id: number }>(await call('POST', '/practices', who, { country: 'BR', level: 'higher' })).id;

  it('refuses a file that would take the applicant past the quota (413), naming it, and stores nothing', async () => {
    const ada = await t.applicant({ email: 'ada@example.org' });
    const draftId = await draftOf(ada);
    for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) {
      const response = await upload(
        t.app,
        ada,
        { type: 'diploma', practice_id: draftId },
        { name, content: file },
      );
      expect(response.statusCode).toBe(201);
    }
    const files = storedFiles(t.database).length;
    const refused = await upload(
      t.app,
      ada,
      { type: 'diploma', practice_id: draftId },
      { name: 'four.pdf', content: file },
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message:
        'There is no room for “four.pdf”: your documents may take up to 2 MB together and already take 1.8 MB. Delete documents you no longer need, or upload a smaller file.',
    });
    const rows = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('user_id', '=', ada.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(storedFiles(t.database)).toHaveLength(files);

    // A replacement counts without the file it replaces; a deletion makes room.
    const [first] = rows;
    if (!first) throw new Error('no document');
    const replaced = await upload(
      t.app,
      ada,
      {},
      { name: 'one again.pdf', content: file },
      {
        method: 'PUT',
        url: `/documents/${first.id}`,
      },
    );
    expect(replaced.statusCode).toBe(200);
    expect((await call('DELETE', `/documents/${first.id}`, ada)).statusCode).toBe(204);
    const accepted = await upload(
      t.app,
      ada,
      { type: 'diploma', practice_id: draftId },
      { name: 'four.pdf', content: file },
    );
    expect(accepted.statusCode).toBe(201);
  });

  it('holds against twenty uploads sent at once (the upload budget of a minute)', async () => {
    const eve = await t.applicant({ email: 'eve@example.org' });
    const draftId = await draftOf(eve);
    const small = pdfOfSize(0.3 * MEGABYTE);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        upload(
          t.app,
          eve,
          { type: 'diploma', practice_id: draftId },
          { name: `${index}.pdf`, content: small },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 413)).toHaveLength(14);
    const { total } = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.sum<number | string>('size').as('total'))
      .where('user_id', '=', eve.id)
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBeLessThanOrEqual(2 * MEGABYTE);
  });

  it('keeps at most UPLOAD_UNATTACHED_MAX documents of no request (409), and still takes uploads to a request', async () => {
    const leo = await t.applicant({ email: 'leo@example.org' });
    const small = pdfOfSize(1000);
    for (const index of [1, 2, 3]) {
      const response = await upload(
        t.app,
        leo,
        { type: 'consent_form' },
        { name: `consent-${index}.pdf`, content: small },
      );
      expect(response.statusCode).toBe(201);
    }
    const refused = await upload(
      t.app,
      leo,
      { type: 'consent_form' },
      { name: 'consent-4.pdf', content: small },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'UNATTACHED_DOCUMENTS_LIMIT',
      message:
        'You already have 3 documents that belong to no request: delete one of them, or upload “consent-4.pdf” to a request.',
    });
    const toRequest = await upload(
      t.app,
      leo,
      { type: 'consent_form', practice_id: await draftOf(leo) },
      { name: 'consent-4.pdf', content: small },
    );
    expect(toRequest.statusCode).toBe(201);
  });

  it('answers in Italian too', async () => {
    const mia = await t.applicant({ email: 'mia@example.org' });
    const small = pdfOfSize(1000);
    for (const index of [1, 2, 3])
      await upload(t.app, mia, { type: 'consent_form' }, { name: `${index}.pdf`, content: small });
    const body = multipart({ type: 'consent_form' }, { name: 'modulo.pdf', content: small });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { ...bearer(mia.token), ...body.headers, 'accept-language': 'it-IT' },
      payload: body.payload,
    });
    expect(refused.json()).toMatchObject({
      message:
        'Hai già 3 documenti che non appartengono a nessuna richiesta: eliminane uno, oppure carica “modulo.pdf” in una richiesta.',
    });
  });
});

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server('lisbon-unattached');
});
afterAll(async () => {
  await s3.close();
});

describe.each([
  ['local disk', () => ({})],
  ['S3-compatible object store', () => s3.env],
])('documents of no request deleted after UPLOAD_UNATTACHED_TTL_HOURS, on the %s', (_name, envOf) => {
  let call: ReturnType<typeof apiCall>;
  const clock = new ManualClock('2025-03-03T09:00:00Z');
  const t = useTestApp({ clock, env: envOf });
  const context = () => createContext({ config: testConfig(t.database, envOf()), db: t.database.db, clock });

  beforeAll(() => {
    call = apiCall(t.app);
  });

  it('deletes the row and the file of a document never attached, keeps attached ones, and can run again', async () => {
    const ctx = context();
    const ada = await t.applicant({ email: 'ada@example.org' });
    const draftId = dataOf<{ id: number }>(
      await call('POST', '/practices', ada, { country: 'BR', level: 'higher' }),
    ).id;
    const loose = dataOf<StoredDocument>(
      await upload(t.app, ada, { type: 'consent_form' }, { name: 'loose.pdf', content: pdfOfSize(2000) }),
    );
    const attached = dataOf<StoredDocument>(
      await upload(
        t.app,
        ada,
        { type: 'diploma', practice_id: draftId },
        { name: 'kept.pdf', content: pdfOfSize(2000) },
      ),
    );
    const [looseKey, attachedKey] = [
      await storedKeyOf(t.database, loose.id),
      await storedKeyOf(t.database, attached.id),
    ];

    clock.advance({ hours: 23 });
    expect(await purgeUnattachedDocuments(ctx)).toEqual({ removed: 0 });
    expect(await isStored(ctx.storage, looseKey)).toBe(true);

    clock.advance({ hours: 2 });
    expect(await purgeUnattachedDocuments(ctx)).toEqual({ removed: 1 });
    expect(await documentIds(t.database, ada)).toEqual([attached.id]);
    expect(await isStored(ctx.storage, looseKey)).toBe(false);
    expect(await isStored(ctx.storage, attachedKey)).toBe(true);

    expect(await purgeUnattachedDocuments(ctx)).toEqual({ removed: 0 });
  });

  it('leaves a file the sweep removes when the process dies between the two deletions', async () => {
    const ctx = context();
    const bea = await t.applicant({ email: 'bea@example.org' });
    const loose = dataOf<StoredDocument>(
      await upload(t.app, bea, { type: 'consent_form' }, { name: 'loose.pdf', content: pdfOfSize(2000) }),
    );
    const key = await storedKeyOf(t.database, loose.id);
    clock.advance({ hours: 25 });
    const crashing = {
      ...ctx,
      storage: { ...ctx.storage, remove: () => Promise.reject(new Error('the process died here')) },
    };
    expect(await purgeUnattachedDocuments(crashing)).toEqual({ removed: 1 });
    // The row went first: never a row without its file, at worst a file without its row.
    expect(await documentIds(t.database, bea)).toEqual([]);
    expect(await isStored(ctx.storage, key)).toBe(true);
    expect(await purgeUnattachedDocuments(ctx)).toEqual({ removed: 0 });

    await sweepOrphanFiles(ctx, { graceSeconds: 0, now: new Date(Date.now() + 1000) });
    expect(await isStored(ctx.storage, key)).toBe(false);
  });
});

describe('how many documents one request holds', () => {
  const t = useTestApp({ clock: new ManualClock('2025-03-03T09:00:00Z') });
  const small = pdfOfSize(1000);

  // Each document is a row its request keeps, and the applicant's documents page and every staff
  // workspace of the request list them whole: the quota in bytes let tiny files through by the
  // hundred thousand (a free refugee request, 20 uploads a minute, for days).
  it('holds at most DOCUMENTS_PER_REQUEST_MAX: one more answers 409 REQUEST_DOCUMENTS_LIMIT naming the file, and stores nothing', async () => {
    const ada = await t.applicant({ email: 'ada@example.org' });
    const call = apiCall(t.app);
    const draftId = dataOf<{ id: number }>(
      await call('POST', '/practices', ada, { country: 'BR', level: 'higher' }),
    ).id;
    const at = t.clock.now().toISOString();
    await t.database.db
      .insertInto('documents')
      .values(
        Array.from({ length: DOCUMENTS_PER_REQUEST_MAX - 1 }, (_, index) => ({
          user_id: ada.id,
          practice_id: draftId,
          type: 'additional',
          additional_type: 'Page',
          file_name: `page-${index + 1}.pdf`,
          storage_key: `missing/page-${index + 1}`,
          content_type: 'application/pdf',
          size: 1000,
          sha256: '0'.repeat(64),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const toDraft = (name: string, headers: Record<string, string> = {}) =>
      upload(t.app, ada, { type: 'diploma', practice_id: draftId }, { name, content: small }, { headers });

    const last = await toDraft('last.pdf');
    expect(last.statusCode).toBe(201);
    const refused = await toDraft('one-more.pdf');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'REQUEST_DOCUMENTS_LIMIT',
      message: `A request holds at most ${DOCUMENTS_PER_REQUEST_MAX} documents, and this one has as many: replace or delete one of them to add “one-more.pdf”.`,
    });
    expect((await toDraft('uno-in-più.pdf', { 'accept-language': 'it-IT' })).json()).toEqual({
      code: 'REQUEST_DOCUMENTS_LIMIT',
      message: `Una richiesta contiene al massimo ${DOCUMENTS_PER_REQUEST_MAX} documenti e questa ne ha già tanti: sostituiscine o eliminane uno per aggiungere “uno-in-più.pdf”.`,
    });
    const count = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('practice_id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(DOCUMENTS_PER_REQUEST_MAX);

    // A replacement takes no new place; a document of no request is counted apart; a deletion makes room.
    const lastId = dataOf<{ id: number }>(last).id;
    const replaced = await upload(
      t.app,
      ada,
      {},
      { name: 'last-bis.pdf', content: small },
      {
        method: 'PUT',
        url: `/documents/${lastId}`,
      },
    );
    expect(replaced.statusCode).toBe(200);
    const unattached = await upload(
      t.app,
      ada,
      { type: 'consent_form' },
      { name: 'consent.pdf', content: small },
    );
    expect(unattached.statusCode).toBe(201);
    expect((await call('DELETE', `/documents/${lastId}`, ada)).statusCode).toBe(204);
    expect((await toDraft('again.pdf')).statusCode).toBe(201);
  });
});
