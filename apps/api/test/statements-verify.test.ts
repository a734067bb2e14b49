import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { VERIFY_MAX_BYTES } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { useTestApp, testConfig, type Publication } from './helper';
import { execForTest } from './processes';
import { dataOf, multipart, type Applicant } from './requests';
import { type StaffMember } from './staff';
import { publishMove, readyForIssue, sha256Of, statementOf, verifyUpload } from './statements';

const clock = new ManualClock('2026-02-10T10:00:00Z');
let admin: StaffMember;
let owner: Applicant;
let first: Publication;
let second: Publication;

const t = useTestApp({ clock });
beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
  first = await t.publishedRequest(owner);
  second = await t.publishedRequest(owner);
  // Two publications: key generation and two RSA signatures in JavaScript (node-forge) take a while.
}, 60_000);

const verdict = async (id: string, content: Buffer, language?: string) =>
  dataOf<{ result: string; reason: string; message: string; details: Record<string, unknown> | null }>(
    await verifyUpload(t.app, id, content, language ? { language } : {}),
  );

describe('verifying a statement', () => {
  it('calls the original valid and shows the qualification, date, transaction hash and a masked name', async () => {
    const { statement, pdf } = first;
    expect(await verdict(statement.certificate_id, pdf)).toEqual({
      certificate_id: statement.certificate_id,
      result: 'valid',
      reason: 'original',
      message: expect.stringMatching(/^Valid: this file is the original statement/),
      details: {
        qualification_name: 'Bacharel em Ciências Biológicas',
        published_at: statement.published_at,
        transaction_hash: statement.transaction_hash,
        holder_name: 'M**** L*******',
        certificate_authority: 'Demo Evaluation Centre (DEMO)',
      },
      // No chain configured: the record is on the body's own ledger only, and the answer says so.
      anchor: { state: 'off' },
      checks: [
        { step: 'file', outcome: 'passed', reason: 'file_matches', values: { hash: sha256Of(pdf) } },
        expect.objectContaining({ step: 'entry', outcome: 'passed', reason: 'entry_intact' }),
        { step: 'path', outcome: 'skipped', reason: 'anchoring_off', values: {} },
        { step: 'transaction', outcome: 'skipped', reason: 'anchoring_off', values: {} },
      ],
    });
    expect((await verdict(statement.certificate_id, pdf, 'it-IT,it;q=0.9')).message).toMatch(/^Valido:/);
  });

  it('says, without a chain, that the statement’s record is on the body’s ledger only, and has no receipt', async () => {
    const statement = dataOf<{ anchor: unknown; transaction_hash: string; ledger_hash: string }>(
      await statementOf(t.app, owner, first.statement.certificate.request_id),
    );
    expect(statement.anchor).toEqual({ state: 'off' });
    expect(statement.transaction_hash).toBe(statement.ledger_hash);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/verify/${first.statement.certificate_id}/receipt`,
    });
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json()).toMatchObject({ code: 'NOT_ANCHORED' });
  });

  it('calls any changed byte NOT valid: not the original', async () => {
    const flipped = Buffer.from(first.pdf);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0x01;
    expect(await verdict(first.statement.certificate_id, flipped)).toMatchObject({
      result: 'not_valid',
      reason: 'not_original',
      details: null,
      // Which step failed and why; nothing after it is claimed.
      checks: [
        {
          step: 'file',
          outcome: 'failed',
          reason: 'file_differs',
          values: { actual: sha256Of(flipped), expected: sha256Of(first.pdf) },
        },
        { step: 'entry', outcome: 'skipped', reason: 'earlier_step_failed' },
        { step: 'path', outcome: 'skipped', reason: 'earlier_step_failed' },
        { step: 'transaction', outcome: 'skipped', reason: 'earlier_step_failed' },
      ],
    });
  });

  it('calls a re-saved copy NOT valid, even though it shows the same thing', async () => {
    const resaved = Buffer.from(await (await PDFDocument.load(first.pdf)).save());
    expect(resaved.equals(first.pdf)).toBe(false);
    expect(await verdict(first.statement.certificate_id, resaved)).toMatchObject({
      result: 'not_valid',
      reason: 'not_original',
    });
  });

  it('calls another statement’s original NOT valid under this id', async () => {
    expect(await verdict(first.statement.certificate_id, second.pdf)).toMatchObject({
      result: 'not_valid',
      reason: 'other_statement',
    });
  });

  it('says an unknown id is unknown and a pending one is not yet published', async () => {
    expect(await verdict('no-such-certificate', first.pdf)).toMatchObject({
      result: 'unknown',
      reason: 'unknown_id',
    });
    const practiceId = await readyForIssue(t.database, owner);
    expect((await publishMove(t.app, admin, practiceId)).statusCode).toBe(200);
    const { id } = await t.database.db
      .selectFrom('statements')
      .select('id')
      .where('practice_id', '=', practiceId)
      .executeTakeFirstOrThrow();
    expect(await verdict(id, first.pdf)).toMatchObject({
      result: 'not_published',
      reason: 'not_yet_published',
      message: 'The certificate is not yet published. Please try again later.',
    });
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/verify/${id}` });
    expect(dataOf(status)).toMatchObject({ state: 'pending', published_at: null });
    await t.worker.drainOnce();
  });

  it('tells what an id is without a file, and nothing personal', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/verify/${first.statement.certificate_id}`,
    });
    expect(dataOf(response)).toEqual({
      certificate_id: first.statement.certificate_id,
      state: 'published',
      published_at: first.statement.published_at,
      certificate_authority: 'Demo Evaluation Centre (DEMO)',
      max_upload_bytes: VERIFY_MAX_BYTES,
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/verify/whatever' });
    expect(dataOf(unknown)).toMatchObject({ state: 'unknown', published_at: null });
  });

  it('calls the original NOT valid while any ledger entry is tampered with', async () => {
    const [entry] = await t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('seq', '=', 3)
      .execute();
    if (!entry) throw new Error('no third entry');
    await t.database.db
      .updateTable('ledger_entries')
      .set({ signature: Buffer.alloc(64, 1).toString('base64') })
      .where('seq', '=', 3)
      .execute();
    try {
      expect(await verdict(first.statement.certificate_id, first.pdf)).toMatchObject({
        result: 'not_valid',
        reason: 'ledger_broken',
      });
    } finally {
      await t.database.db
        .updateTable('ledger_entries')
        .set({ signature: entry.signature })
        .where('seq', '=', 3)
        .execute();
    }
    expect(await verdict(first.statement.certificate_id, first.pdf)).toMatchObject({ result: 'valid' });
  });

  it('calls a superseded statement NOT valid, with that reason', async () => {
    const ledger = createContext({ config: testConfig(t.database), db: t.database.db, clock }).ledger;
    await ledger.append({
      kind: 'supersede',
      certificateId: second.statement.certificate_id,
      payloadHash: first.statement.pdf.sha256,
    });
    expect(await verdict(second.statement.certificate_id, second.pdf)).toMatchObject({
      result: 'not_valid',
      reason: 'superseded',
    });
    // By its file alone too (issue 14).
    expect(dataOf(await verifyUpload(t.app, null, second.pdf))).toMatchObject({
      certificate_id: second.statement.certificate_id,
      result: 'not_valid',
      reason: 'superseded',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/verify/${second.statement.certificate_id}`,
    });
    expect(dataOf(status)).toMatchObject({ state: 'superseded' });
  });

  it('carries a PAdES signature that OpenSSL verifies on the signed byte ranges', async () => {
    const text = first.pdf.toString('latin1');
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
    const [start, length, next, rest] = (range?.slice(1) ?? []).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const signed = Buffer.concat([
      first.pdf.subarray(start, start + length),
      first.pdf.subarray(next, next + rest),
    ]);
    // `<hex>` between the two ranges, zero-padded: keep the DER object's own length.
    const der = Buffer.from(first.pdf.subarray(start + length + 1, next - 1).toString('latin1'), 'hex');
    const lengthBytes = (der[1] ?? 0) & 0x7f;
    const size =
      2 + lengthBytes + der.subarray(2, 2 + lengthBytes).reduce((sum, byte) => sum * 256 + byte, 0);
    const signature = join(t.database.tempDir, 'signature.der');
    const content = join(t.database.tempDir, 'signed-content.bin');
    writeFileSync(signature, der.subarray(0, size));
    writeFileSync(content, signed);
    const { stderr } = await execForTest('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-noverify',
      '-inform',
      'DER',
      '-in',
      signature,
      '-content',
      content,
      '-out',
      '/dev/null',
    ]);
    expect(stderr).toContain('Verification successful');
    // The signature covers the whole file but its own hole.
    expect(start).toBe(0);
    expect(next + rest).toBe(first.pdf.length);
  });
});

describe('verifying a statement by its file alone, no id (issue 14)', () => {
  const byFile = async (content: Buffer, language?: string) =>
    dataOf<Record<string, unknown>>(await verifyUpload(t.app, null, content, language ? { language } : {}));

  it('finds the statement the original is, and calls it valid with the same answer as under its id', async () => {
    const { statement, pdf } = first;
    const answer = await byFile(pdf);
    expect(answer).toEqual(await verdict(statement.certificate_id, pdf));
    expect(answer).toMatchObject({
      certificate_id: statement.certificate_id,
      result: 'valid',
      reason: 'original',
    });
    // The checks of POST /verify/{id} hold, for the second statement too, superseded or not yet
    // (the test that supersedes it runs before or after this one, shuffled).
    expect(await byFile(second.pdf)).toEqual(await verdict(second.statement.certificate_id, second.pdf));
    expect((await byFile(pdf, 'it-IT')).message).toMatch(/^Valido:/);
  });

  it('calls a tampered file NOT valid: no statement is its original', async () => {
    const flipped = Buffer.from(first.pdf);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0x01;
    expect(await byFile(flipped)).toEqual({
      certificate_id: null,
      result: 'not_valid',
      reason: 'not_original',
      message: expect.stringMatching(/^NOT valid: this file is not the original statement/),
      details: null,
      anchor: null,
      checks: [],
    });
  });

  it('calls an unknown file NOT valid, in the caller’s language', async () => {
    expect(await byFile(Buffer.from('%PDF-1.7 not a statement'), 'it-IT,it;q=0.9')).toMatchObject({
      certificate_id: null,
      result: 'not_valid',
      reason: 'not_original',
      message: expect.stringMatching(/^NON valido:/),
    });
  });

  it('needs a file and shares the per-address limit of the upload under an id', async () => {
    const empty = multipart({ note: 'no file here' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: empty.headers,
      payload: empty.payload,
      remoteAddress: '198.18.1.1',
    });
    expect(noFile.statusCode).toBe(422);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      answers.push((await verifyUpload(t.app, 'any', first.pdf, { remoteAddress: '198.18.1.2' })).statusCode);
      answers.push((await verifyUpload(t.app, null, first.pdf, { remoteAddress: '198.18.1.2' })).statusCode);
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await verifyUpload(t.app, null, first.pdf, { remoteAddress: '198.18.1.2' })).statusCode).toBe(
      429,
    );
  });
});

describe('the verification upload', () => {
  it('states its size limit and refuses a larger file', async () => {
    const large = Buffer.alloc(VERIFY_MAX_BYTES + 1, 0x20);
    const response = await verifyUpload(t.app, first.statement.certificate_id, large);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringContaining('10 MB'),
    });
  });

  it('needs a multipart body with a file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/verify/${first.statement.certificate_id}`,
      payload: { file: 'nope' },
    });
    expect(json.statusCode).toBe(415);
    const empty = multipart({ note: 'no file here' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/v1/verify/${first.statement.certificate_id}`,
      headers: empty.headers,
      payload: empty.payload,
      remoteAddress: '198.18.0.1',
    });
    expect(noFile.statusCode).toBe(422);
  });

  it('takes one file, named file: a second file part, or a file under another name, is refused on the field', async () => {
    const boundary = 'lisbon-verify-two-files';
    const filePart = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="s.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        first.pdf,
        Buffer.from('\r\n'),
      ]);
    const send = (parts: Buffer[], remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/verify/${first.statement.certificate_id}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        remoteAddress,
      });
    const twice = await send([filePart('file'), filePart('file')], '198.18.0.3');
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ errors: { file: ['Upload one file at a time'] } });
    const elsewhere = await send([filePart('type')], '198.18.0.4');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({ errors: { file: [expect.any(String)] } });
    expect((await send([filePart('file')], '198.18.0.5')).statusCode).toBe(200);
  });

  it('is rate-limited per address', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      answers.push(
        (await verifyUpload(t.app, 'any', Buffer.from('%PDF-1.7'), { remoteAddress: '198.18.0.9' }))
          .statusCode,
      );
    }
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect(
      (await verifyUpload(t.app, 'any', Buffer.from('%PDF-1.7'), { remoteAddress: '198.18.0.10' }))
        .statusCode,
    ).toBe(200);
  });

  it('takes its limit per address from VERIFY_CHECKS_PER_ADDRESS', async () => {
    const app = await t.instance({
      env: { VERIFY_CHECKS_PER_ADDRESS: '2', RATE_LIMIT_REFUSAL_DELAY_MS: '0' },
    });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      answers.push(
        (await verifyUpload(app, 'any', Buffer.from('%PDF-1.7'), { remoteAddress: '198.18.0.11' }))
          .statusCode,
      );
    expect(answers).toEqual([200, 200, 429]);
  });
});
