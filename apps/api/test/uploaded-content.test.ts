import { deflateSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
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
import {
  jpegMagicThenHtml,
  jpegOf,
  pdfHtmlPolyglot,
  pdfInflatingTo,
  pdfOf,
  pdfOpeningFitted,
  pdfWithOpenActionScript,
  pdfWithScriptInObjectStream,
  plainPdf,
  pngOf,
  streamObject,
} from './samples';
import {
  ascii85,
  asciiHex,
  pdfBombBehind,
  pdfBombWith,
  pdfWithLink,
  pdfWithScriptBehind,
  pdfWithScriptPastFakeEndstream,
  pdfWithScriptStream,
  pdfZipPolyglot,
  pdfWithScriptReadAfterTwoBytes,
  rawDeflate,
  zlibWithBadChecksum,
  zlibWithDamagedHeader,
} from './pdf-attacks';
import { practiceIn, type StaffMember } from './staff';

/** Issue #15 item 9, decision 058: what an upload may hold, and how documents are sent back. */

let call: ReturnType<typeof apiCall>;
const clock = new ManualClock('2025-03-03T09:00:00Z');
let ada: Applicant;
let draftId: number;
const MEGABYTE = 1024 * 1024;
// Built once: 200 MB of zeros deflated into about 200 KB.
const bomb = pdfInflatingTo(200 * MEGABYTE);

const t = useTestApp({ clock, env: { UPLOAD_MAX_BYTES: String(MEGABYTE) } });
beforeAll(async () => {
  call = apiCall(t.app);
  ada = await t.applicant({ email: 'ada@example.org' });
  draftId = dataOf<{ id: number }>(
    await call('POST', '/practices', ada, { country: 'BR', level: 'higher' }),
  ).id;
});
// Each test in a minute of its own: one user's uploads here pass the twenty a minute of the upload budget (decision 098).
beforeEach(() => clock.advance({ minutes: 1 }));

const documentRows = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

const send = (name: string, content: Buffer) =>
  upload(t.app, ada, { type: 'diploma', practice_id: draftId }, { name, content });

describe('uploads refused for what they hold, with nothing stored', () => {
  it.each([
    [
      'a PDF whose /OpenAction runs JavaScript',
      'diploma.pdf',
      pdfWithOpenActionScript(),
      '“diploma.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose script is escaped and compressed in an object stream',
      'transcript.pdf',
      pdfWithScriptInObjectStream(),
      '“transcript.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF/HTML polyglot',
      'page.pdf',
      pdfHtmlPolyglot(),
      '“page.pdf” holds web-page code (HTML or a script) besides the document: save or scan the document again, and upload that',
    ],
    [
      'JPEG magic bytes followed by HTML',
      'photo.jpg',
      jpegMagicThenHtml(),
      '“photo.jpg” holds web-page code (HTML or a script) besides the document: save or scan the document again, and upload that',
    ],
    [
      'a real JPEG with a script in its comment',
      'scan.jpeg',
      jpegOf({ comment: '<script>alert(document.cookie)</script>' }),
      '“scan.jpeg” holds web-page code (HTML or a script) besides the document: save or scan the document again, and upload that',
    ],
    [
      'a PDF whose stream inflates to 200 MB',
      'bomb.pdf',
      bomb,
      '“bomb.pdf” expands to more than 128 MB when opened: save it again with compression (a smaller size or resolution), and upload that',
    ],
    // Issue #32, decision 083: behind any filter chain.
    [
      'a PDF whose script sits in an /ASCIIHexDecode object stream',
      'hex.pdf',
      pdfWithScriptBehind('/ASCIIHexDecode', asciiHex),
      '“hex.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose script sits in an [/ASCII85Decode /FlateDecode] object stream',
      'a85.pdf',
      pdfWithScriptBehind('[/ASCII85Decode /FlateDecode]', (data) => ascii85(deflateSync(data))),
      '“a85.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose stream inflates to 200 MB behind [/ASCIIHexDecode /FlateDecode]',
      'chain.pdf',
      pdfBombBehind('[/ASCIIHexDecode /FlateDecode]', asciiHex(deflateSync(Buffer.alloc(200 * MEGABYTE)))),
      '“chain.pdf” expands to more than 128 MB when opened: save it again with compression (a smaller size or resolution), and upload that',
    ],
    // Issue #32, the second probe: the dictionary read as readers read it, the data to its /Length.
    [
      'a PDF whose script sits in Flate data holding a false endstream',
      'fake-end.pdf',
      pdfWithScriptPastFakeEndstream(),
      '“fake-end.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose stream inflates to 200 MB behind a chain after a comment',
      'comment.pdf',
      pdfBombWith(
        '/Filter %x\n[/ASCIIHexDecode /FlateDecode]',
        asciiHex(deflateSync(Buffer.alloc(200 * MEGABYTE))),
      ),
      '“comment.pdf” expands to more than 128 MB when opened: save it again with compression (a smaller size or resolution), and upload that',
    ],
    [
      'a PDF whose object stream names its filter by reference',
      'by-ref.pdf',
      pdfWithScriptStream((first) => `/Type /ObjStm /N 3 /First ${first} /Filter 6 0 R`, asciiHex, [
        '/ASCIIHexDecode',
      ]),
      '“by-ref.pdf” is not a readable PDF file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'a PDF+ZIP polyglot',
      'zip.pdf',
      pdfZipPolyglot(plainPdf()),
      '“zip.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    // Decision 083, amended 2026-12-03: where a link leads.
    [
      'a PDF whose link runs JavaScript',
      'link.pdf',
      pdfWithLink('(JavaScript:alert\\(document.cookie\\))'),
      '“link.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose link opens a file on the reader’s computer',
      'file-link.pdf',
      pdfWithLink('<66696c653a2f2f2f433a2f57696e646f77732f63616c632e657865>'),
      '“file-link.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    // Decision 083, amended 2026-12-05: FlateDecode data as lenient readers inflate it.
    [
      'a PDF whose script sits in an object stream of raw deflate (no zlib header)',
      'raw.pdf',
      pdfWithScriptBehind('/FlateDecode', rawDeflate),
      '“raw.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose script sits in zlib data with a damaged header',
      'header.pdf',
      pdfWithScriptBehind('/FlateDecode', zlibWithDamagedHeader),
      '“header.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose script is read after the first two bytes of data that also reads cleanly from the first',
      'two-ways.pdf',
      pdfWithScriptReadAfterTwoBytes(),
      '“two-ways.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose script sits in zlib data with a wrong checksum',
      'checksum.pdf',
      pdfWithScriptBehind('/FlateDecode', zlibWithBadChecksum),
      '“checksum.pdf” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
    ],
    [
      'a PDF whose FlateDecode stream no reading inflates',
      'unreadable.pdf',
      pdfOf(['<< /Type /Catalog >>', streamObject('/Filter /FlateDecode', Buffer.from([7, 255, 255, 255]))]),
      '“unreadable.pdf” is not a readable PDF file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'an encrypted PDF',
      'locked.pdf',
      pdfOf(['<< /Type /Catalog >>'], { trailer: '/Encrypt 2 0 R ' }),
      '“locked.pdf” is password-protected or encrypted, so its content cannot be checked: upload a copy without protection',
    ],
    [
      'a PDF cut short (no %%EOF)',
      'half.pdf',
      plainPdf().subarray(0, 200),
      '“half.pdf” is not a readable PDF file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'a JPEG cut short (no EOI)',
      'half.jpg',
      jpegOf().subarray(0, 120),
      '“half.jpg” is not a readable JPEG file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'a PNG with a broken checksum',
      'broken.png',
      Buffer.from(pngOf().map((byte, index) => (index === 30 ? byte ^ 0xff : byte))),
      '“broken.png” is not a readable PNG file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'a PNG with another file after IEND',
      'zip.png',
      pngOf({ trailer: Buffer.from('PK\x03\x04 hidden archive', 'latin1') }),
      '“zip.png” is not a readable PNG file, or it is cut short: save or export it again, and upload that',
    ],
    [
      'a PNG of 400 million pixels',
      'huge.png',
      pngOf({ width: 20_000, height: 20_000 }),
      '“huge.png” has more than 100 million pixels: save it at a lower resolution, and upload that',
    ],
  ])('refuses %s: 422 on `file`, naming it', async (_case, name, content, message) => {
    const [files, rows] = [storedFiles(t.database).length, await documentRows()];
    const response = await send(name, content);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: { file: [message] },
    });
    expect(storedFiles(t.database)).toHaveLength(files);
    expect(await documentRows()).toBe(rows);
  });

  it('words the refusal in Italian for an Italian browser', async () => {
    const body = multipart(
      { type: 'diploma', practice_id: draftId },
      { name: 'diploma.pdf', content: pdfWithOpenActionScript() },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { ...bearer(ada.token), ...body.headers, 'accept-language': 'it-IT,it;q=0.9' },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        file: [
          '“diploma.pdf” contiene script, file incorporati o altri contenuti attivi, che non sono accettati: stampalo in un nuovo PDF o scansiona la copia cartacea, e carica quella',
        ],
      },
    });
  });

  it('refuses two files in one upload with the field’s error, in either language, and stores neither', async () => {
    const boundary = '----lisbon-two-files';
    const first = multipart(
      { type: 'diploma', practice_id: draftId },
      { name: 'a.pdf', content: plainPdf('A') },
      boundary,
    );
    const second = multipart({}, { name: 'b.png', content: pngOf() }, boundary).payload;
    // The first body without its closing boundary, then the second's file part and its close.
    const payload = Buffer.concat([first.payload.subarray(0, -`--${boundary}--\r\n`.length), second]);
    const [rows, files] = [await documentRows(), storedFiles(t.database).length];
    for (const [language, message] of [
      ['en-US', 'Upload one file at a time'],
      ['it-IT', 'Carica un file alla volta'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/documents',
        headers: { ...bearer(ada.token), ...first.headers, 'accept-language': language },
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { file: [message] } });
    }
    expect(await documentRows()).toBe(rows);
    expect(storedFiles(t.database)).toHaveLength(files);
  });

  it('refuses a replacement for what it holds, and keeps the file it would replace', async () => {
    const original = plainPdf('Original');
    const { id } = dataOf<StoredDocument>(await send('diploma.pdf', original));
    const files = storedFiles(t.database).length;
    const replaced = await upload(
      t.app,
      ada,
      {},
      { name: 'diploma.pdf', content: pdfHtmlPolyglot() },
      {
        method: 'PUT',
        url: `/documents/${id}`,
      },
    );
    expect(replaced.statusCode).toBe(422);
    expect(storedFiles(t.database)).toHaveLength(files);
    const download = await call('GET', `/documents/${id}/download`, ada);
    expect(download.rawPayload.equals(original)).toBe(true);
  });
});

describe('uploads accepted as they are', () => {
  it.each([
    ['a one-page PDF with compressed content', 'diploma.pdf', plainPdf(), 'application/pdf'],
    [
      'a PDF whose content is raw deflate without a zlib header',
      'raw-content.pdf',
      pdfOf([
        '<< /Type /Catalog >>',
        streamObject('/Filter /FlateDecode', rawDeflate(Buffer.from('BT (Diploma) Tj ET'))),
      ]),
      'application/pdf',
    ],
    [
      'a PDF with an empty FlateDecode stream written `stream\\r\\n\\r\\nendstream`, its /Length by reference',
      'empty-stream.pdf',
      pdfOf([
        '<< /Type /Catalog >>',
        '<< /Type /Page /MediaBox [0 0 595 842] /Contents 3 0 R >>',
        '<< /Filter /FlateDecode /Length 4 0 R >>\nstream\r\n\r\nendstream',
        '0',
      ]),
      'application/pdf',
    ],
    [
      'a PDF that opens fitted to the window (/OpenAction without a script)',
      'fitted.pdf',
      pdfOpeningFitted(),
      'application/pdf',
    ],
    ['a PDF whose streams expand to 100 MB', 'scan.pdf', pdfInflatingTo(100 * MEGABYTE), 'application/pdf'],
    ['a baseline JPEG', 'photo.jpg', jpegOf({ width: 640, height: 480 }), 'image/jpeg'],
    [
      'a JPEG with more after EOI (a phone’s motion photo)',
      'motion.jpg',
      Buffer.concat([jpegOf(), Buffer.from('\0\0\0\x18ftypmp42')]),
      'image/jpeg',
    ],
    ['a PNG', 'scan.png', pngOf({ width: 1000, height: 1400 }), 'image/png'],
    [
      'a PDF with links to the university’s site and its registrar’s mail',
      'linked.pdf',
      pdfWithLink(
        '(https://www.example.edu/diplomas/2019) /Next << /S /URI /URI (mailto:registrar@example.edu) >>',
      ),
      'application/pdf',
    ],
  ])('accepts %s', async (_case, name, content, contentType) => {
    const response = await send(name, content);
    expect(response.statusCode).toBe(201);
    expect(dataOf<StoredDocument>(response)).toMatchObject({ file_name: name, content_type: contentType });
  });
});

describe('documents are sent so that no browser runs them', () => {
  let staff: StaffMember;
  let practiceId: number;
  let documentId: number;
  const sent = plainPdf('Sent back');

  beforeAll(async () => {
    staff = await t.staff('evaluator', { email: 'eva@example.org' });
    practiceId = await practiceIn(t.database, {
      userId: ada.id,
      status: 'pending_student_reply',
      assigneeId: staff.id,
    });
    documentId = dataOf<StoredDocument>(
      await upload(
        t.app,
        ada,
        { type: 'diploma', practice_id: practiceId },
        { name: 'Diploma finale.pdf', content: sent },
      ),
    ).id;
  });

  it.each([
    ['the applicant’s download', () => call('GET', `/documents/${documentId}/download`, ada)],
    [
      'the staff download',
      () => call('GET', `/staff/practices/${practiceId}/documents/${documentId}/download`, staff),
    ],
  ])(
    '%s: an attachment of its checked type, not sniffed, in a sandbox with nothing allowed',
    async (_who, fetch) => {
      const response = await fetch();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Diploma finale.pdf"; filename*=UTF-8''Diploma%20finale.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.equals(sent)).toBe(true);
    },
  );
});
