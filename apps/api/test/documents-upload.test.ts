import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import {
  apiCall,
  dataOf,
  FILES,
  storedFiles,
  storedPathOf,
  upload,
  type Applicant,
  type StoredDocument,
} from './requests';

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let eve: Applicant;
let draftId: number;
const MEGABYTE = 1024 * 1024;

const t = useTestApp({ clock, env: { UPLOAD_MAX_BYTES: String(MEGABYTE) } });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org', category: 'refugee' });
  eve = await t.applicant({ email: 'eve@example.org' });
  draftId = dataOf<{ id: number }>(
    await call('POST', '/practices', ada, { country: 'BR', level: 'higher' }),
  ).id;
});

describe('POST /documents', () => {
  it.each([
    ['diploma.pdf', FILES.pdf, 'application/pdf'],
    ['transcript.JPG', FILES.jpeg, 'image/jpeg'],
    ['identity.png', FILES.png, 'image/png'],
    ['Università di Bologna.pdf', FILES.pdf, 'application/pdf'],
  ])(
    'accepts %s, with its checked type, size and SHA-256, under a random name',
    async (name, content, type) => {
      const response = await upload(
        t.app,
        ada,
        { type: 'diploma', practice_id: draftId },
        { name, content, contentType: 'text/plain' },
      );
      expect(response.statusCode).toBe(201);
      const document = dataOf<StoredDocument>(response);
      expect(document).toMatchObject({
        file_name: name,
        content_type: type,
        size: content.length,
        practice_id: draftId,
      });
      expect(document.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      const path = await storedPathOf(t.database, document.id);
      expect(path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(storedFiles(t.database)).toContain(path);
    },
  );

  it.each([
    ['an executable renamed .pdf', 'setup.pdf', FILES.executable, 'PDF'],
    ['a text file renamed .pdf', 'notes.pdf', FILES.text, 'PDF'],
    ['a PDF named .png', 'scan.png', FILES.pdf, 'PNG'],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 'PDF'],
  ])(
    'refuses %s as unreadable or damaged, as a damaged JPEG, and keeps nothing of it',
    async (_case, name, content, format) => {
      const before = storedFiles(t.database).length;
      const response = await upload(
        t.app,
        ada,
        { type: 'diploma', practice_id: draftId },
        { name, content, contentType: 'application/pdf' },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: {
          file: [
            `“${name}” is not a readable ${format} file, or it is cut short: save or export it again, and upload that`,
          ],
        },
      });
      expect(storedFiles(t.database)).toHaveLength(before);
    },
  );

  it('says it in Italian too', async () => {
    const response = await upload(
      t.app,
      ada,
      { type: 'diploma', practice_id: draftId },
      { name: 'appunti.pdf', content: FILES.text, contentType: 'application/pdf' },
      { headers: { 'accept-language': 'it-IT' } },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        file: [
          '“appunti.pdf” non è un file PDF leggibile, oppure è incompleto: salvalo o esportalo di nuovo, e carica quello',
        ],
      },
    });
  });

  it('refuses a file of another type, named so, as a type not accepted', async () => {
    const before = storedFiles(t.database).length;
    const response = await upload(
      t.app,
      ada,
      { type: 'diploma', practice_id: draftId },
      { name: 'setup.exe', content: FILES.executable, contentType: 'application/octet-stream' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { file: ['File type not accepted: upload a PDF, JPEG or PNG file'] },
    });
    expect(storedFiles(t.database)).toHaveLength(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and keeps nothing of it', async () => {
    const before = storedFiles(t.database).length;
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(MEGABYTE)]);
    const response = await upload(
      t.app,
      ada,
      { type: 'diploma', practice_id: draftId },
      { name: 'big.pdf', content: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'The file is too large: the maximum size is 1 MB.',
    });
    expect(storedFiles(t.database)).toHaveLength(before);
  });

  it('makes a path-traversal file name harmless: random storage name, sanitised display name', async () => {
    const response = await upload(
      t.app,
      ada,
      { type: 'translation', practice_id: draftId },
      {
        name: '../../../etc/pass\u202ewd.pdf',
        content: FILES.pdf,
      },
    );
    const document = dataOf<StoredDocument>(response);
    expect(document.file_name).toBe('passwd.pdf');
    expect(await storedPathOf(t.database, document.id)).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(existsSync(join(t.database.tempDir, 'etc'))).toBe(false);
    const download = await call('GET', `/documents/${document.id}/download`, ada);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );
  });

  it('asks for the type of an additional document, and for a file', async () => {
    const untyped = await upload(
      t.app,
      ada,
      { type: 'additional', practice_id: draftId },
      { name: 'x.pdf', content: FILES.pdf },
    );
    expect(untyped.json()).toMatchObject({ errors: { additional_type: ['This field is required'] } });
    const fileless = await upload(t.app, ada, { type: 'diploma', practice_id: draftId });
    expect(fileless.json()).toMatchObject({ errors: { file: ['This field is required'] } });
  });

  it('attaches nothing to another applicant’s request (404)', async () => {
    const response = await upload(
      t.app,
      eve,
      { type: 'diploma', practice_id: draftId },
      { name: 'x.pdf', content: FILES.pdf },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /documents sent again with its upload_id (decision 101)', () => {
  const rowsOf = (uploadId: string) =>
    t.database.db
      .selectFrom('documents')
      .select(['id', 'user_id'])
      .where('upload_id', '=', uploadId)
      .execute();

  it('answers the document stored the first time, and stores no second file', async () => {
    const fields = { type: 'transcript_of_records', practice_id: draftId, upload_id: randomUUID() };
    const first = await upload(t.app, ada, fields, { name: 'once.pdf', content: FILES.pdf });
    expect(first.statusCode).toBe(201);
    const files = storedFiles(t.database).length;
    // The answer was lost (a dropped connection, a restart): the client sends the same upload again.
    const again = await upload(t.app, ada, fields, { name: 'once.pdf', content: FILES.pdf });
    expect(again.statusCode).toBe(201);
    expect(dataOf(again)).toEqual(dataOf(first));
    expect(storedFiles(t.database)).toHaveLength(files);
    expect(await rowsOf(fields.upload_id)).toHaveLength(1);
  });

  it('stores one document when the same upload comes twice at once', async () => {
    const fields = { type: 'diploma_supplement', practice_id: draftId, upload_id: randomUUID() };
    const answers = await Promise.all(
      [1, 2].map(() => upload(t.app, ada, fields, { name: 'twice.pdf', content: FILES.pdf })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(dataOf<StoredDocument>(answers[0]!).id).toBe(dataOf<StoredDocument>(answers[1]!).id);
    expect(await rowsOf(fields.upload_id)).toHaveLength(1);
  });

  it('keeps each user’s ids apart, and refuses an id that is not a UUID with its field', async () => {
    const uploadId = randomUUID();
    const ours = await upload(
      t.app,
      ada,
      { type: 'diploma', upload_id: uploadId },
      { name: 'a.pdf', content: FILES.pdf },
    );
    const theirs = await upload(
      t.app,
      eve,
      { type: 'diploma', upload_id: uploadId },
      { name: 'e.pdf', content: FILES.pdf },
    );
    expect([ours.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(dataOf<StoredDocument>(theirs).id).not.toBe(dataOf<StoredDocument>(ours).id);
    expect(dataOf<StoredDocument>(theirs).file_name).toBe('e.pdf');
    const bad = await upload(
      t.app,
      ada,
      { type: 'diploma', upload_id: 'again' },
      { name: 'b.pdf', content: FILES.pdf },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { upload_id: [expect.any(String)] } });
  });
});
