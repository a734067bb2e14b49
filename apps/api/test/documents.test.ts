import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { auditOf, practiceIn } from './staff';
import {
  apiCall,
  completeDraft,
  dataOf,
  FILES,
  REFUGEE_DOCUMENTS,
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
let cleo: Applicant;
let draftId: number;
const MEGABYTE = 1024 * 1024;

const t = useTestApp({ clock, env: { UPLOAD_MAX_BYTES: String(MEGABYTE) } });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org', category: 'refugee' });
  eve = await t.applicant({ email: 'eve@example.org' });
  cleo = await t.applicant({ email: 'cleo@example.org', category: 'refugee' });
  draftId = dataOf<{ id: number }>(
    await call('POST', '/practices', ada, { country: 'BR', level: 'higher' }),
  ).id;
});

// In order under --sequence.shuffle too: one document, downloaded, then replaced, then deleted.
describe('download, replace and delete', { shuffle: false }, () => {
  let document: StoredDocument;
  beforeAll(async () => {
    document = dataOf<StoredDocument>(
      await upload(
        t.app,
        ada,
        { type: 'student_card', practice_id: draftId },
        { name: 'Carta dello studente.pdf', content: FILES.pdf },
      ),
    );
  });

  it('downloads the owner’s file as an attachment that the browser must not sniff', async () => {
    const response = await call('GET', `/documents/${document.id}/download`, ada);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="Carta dello studente.pdf"; filename*=UTF-8''Carta%20dello%20studente.pdf`,
    });
    expect(response.rawPayload.equals(FILES.pdf)).toBe(true);
  });

  it('keeps another applicant’s document unreachable: 404 to download, replace or delete', async () => {
    expect((await call('GET', `/documents/${document.id}/download`, eve)).statusCode).toBe(404);
    expect((await call('DELETE', `/documents/${document.id}`, eve)).statusCode).toBe(404);
    const replace = await upload(
      t.app,
      eve,
      {},
      { name: 'x.png', content: FILES.png },
      { method: 'PUT', url: `/documents/${document.id}` },
    );
    expect(replace.statusCode).toBe(404);
    expect((await call('GET', `/documents/${document.id}/download`)).statusCode).toBe(401);
  });

  it('replaces the file and removes the old one', async () => {
    const oldPath = await storedPathOf(t.database, document.id);
    const response = await upload(
      t.app,
      ada,
      {},
      { name: 'card.png', content: FILES.png },
      { method: 'PUT', url: `/documents/${document.id}` },
    );
    expect(dataOf(response)).toMatchObject({
      id: document.id,
      file_name: 'card.png',
      content_type: 'image/png',
    });
    expect(storedFiles(t.database)).not.toContain(oldPath);
  });

  it('deletes the row, then the file', async () => {
    const path = await storedPathOf(t.database, document.id);
    expect((await call('DELETE', `/documents/${document.id}`, ada)).statusCode).toBe(204);
    expect((await call('GET', `/documents/${document.id}/download`, ada)).statusCode).toBe(404);
    expect(storedFiles(t.database)).not.toContain(path);
  });

  it('refuses to change the documents of a submitted request (409)', async () => {
    const id = await completeDraft(t.app, cleo, { country: 'SO', documents: REFUGEE_DOCUMENTS });
    expect((await call('POST', `/practices/${id}/submit`, cleo)).statusCode).toBe(200);
    const [first] = dataOf<{ documents: StoredDocument[] }>(
      await call('GET', `/practices/${id}`, cleo),
    ).documents;
    expect((await call('DELETE', `/documents/${first?.id}`, cleo)).json()).toMatchObject({
      code: 'PRACTICE_NOT_EDITABLE',
    });
    const replace = await upload(
      t.app,
      cleo,
      {},
      { name: 'x.png', content: FILES.png },
      { method: 'PUT', url: `/documents/${first?.id}` },
    );
    expect(replace.statusCode).toBe(409);
    const added = await upload(
      t.app,
      cleo,
      { type: 'translation', practice_id: id },
      { name: 'x.pdf', content: FILES.pdf },
    );
    expect(added.statusCode).toBe(409);
    expect(
      dataOf<{ practices: { is_editable: boolean }[] }>(await call('GET', '/documents', cleo)).practices,
    ).toEqual([expect.objectContaining({ is_editable: false, missing_documents: [] })]);
  });
});

describe("the audit trail of a submitted request's documents", () => {
  it('records a replacement and a deletion while the applicant is asked, naming the file that was there; a draft’s are not', async () => {
    const dora = await t.applicant({ email: 'dora@example.org' });
    const id = await practiceIn(t.database, { userId: dora.id, status: 'pending_student_reply' });
    const added = dataOf<StoredDocument>(
      await upload(
        t.app,
        dora,
        { type: 'diploma', practice_id: id },
        { name: 'diploma-scan.pdf', content: FILES.pdf },
      ),
    );
    const replaced = await upload(
      t.app,
      dora,
      {},
      { name: 'diploma-better.png', content: FILES.png },
      { method: 'PUT', url: `/documents/${added.id}` },
    );
    expect(replaced.statusCode).toBe(200);
    expect((await call('DELETE', `/documents/${added.id}`, dora)).statusCode).toBe(204);

    const entries = (await auditOf(t.database, id)).filter((entry) => entry.action?.startsWith('document_'));
    expect(
      entries.map((entry) => [entry.action, entry.from_status, entry.to_status, entry.by_user_id]),
    ).toEqual([
      ['document_replaced', 'pending_student_reply', 'pending_student_reply', dora.id],
      ['document_deleted', 'pending_student_reply', 'pending_student_reply', dora.id],
    ]);
    expect(JSON.parse(entries[0]?.details ?? '{}')).toMatchObject({
      document_id: added.id,
      type: 'diploma',
      file_name: 'diploma-scan.pdf',
      sha256: added.sha256,
      new_file_name: 'diploma-better.png',
    });
    expect(JSON.parse(entries[1]?.details ?? '{}')).toMatchObject({
      document_id: added.id,
      file_name: 'diploma-better.png',
    });
    // The draft's replacement and deletion above are the applicant's own business: nothing recorded.
    expect(
      (await auditOf(t.database, draftId)).filter((entry) => entry.action?.startsWith('document_')),
    ).toEqual([]);
  });
});

describe('GET /documents', () => {
  it('groups the owner’s documents per request with the missing required ones, and lists unattached ones', async () => {
    await upload(t.app, ada, { type: 'consent_form' }, { name: 'consent.pdf', content: FILES.pdf });
    const overview = dataOf<{
      practices: {
        practice_id: number;
        is_editable: boolean;
        missing_documents: string[];
        documents: unknown[];
      }[];
      unattached: { type: string; practice_id: null }[];
    }>(await call('GET', '/documents', ada));
    expect(overview.practices).toEqual([
      expect.objectContaining({
        practice_id: draftId,
        is_editable: true,
        missing_documents: [
          'identity_document',
          'diploma',
          'transcript_of_records',
          'consent_form',
          'refugee_status_certificate',
        ],
      }),
    ]);
    expect(overview.unattached).toEqual([
      expect.objectContaining({ type: 'consent_form', practice_id: null }),
    ]);

    const one = dataOf<{ practices: unknown[]; unattached: unknown[] }>(
      await call('GET', `/documents?practice_id=${draftId}`, ada),
    );
    expect(one.practices).toHaveLength(1);
    expect(one.unattached).toEqual([]);
    expect((await call('GET', `/documents?practice_id=${draftId}`, eve)).statusCode).toBe(404);
    expect(dataOf(await call('GET', '/documents', eve))).toEqual({
      practices: [],
      unattached: [],
      unattached_kept_hours: 24,
    });
  });
});
