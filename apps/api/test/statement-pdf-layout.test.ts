import { LOCALES, type Certificate } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSESSMENT } from '../src/demo/statement';
import { renderStatement, type StatementContent } from '../src/modules/statements/pdf';
import { ContentCheck } from '../src/modules/documents/content-check';
import { A4 } from '../src/platform/pdf/layout';
import { pdfText, pdfTextBoxes } from './pdf';

/** Every field filled in as the demo's evaluator fills it, with the demo body's details. */
const content = (locale: Certificate['locale'], variant: StatementContent['variant']): StatementContent => ({
  certificate: {
    reference_id: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10',
    holder_name: 'Maria Giovanna Rossi Bianchi',
    birth_date: '1996-04-12',
    ...DEMO_ASSESSMENT,
    country_of_education_system: 'FR',
    request_id: 1234,
    certificate_authority: 'Demo Evaluation Centre (DEMO)',
    publish_date: '2026-03-02T10:00:00.000Z',
    locale,
  },
  transactionHash: 'a'.repeat(64),
  service: 'comparability_verification',
  verifyUrl: 'https://portal.example.org/verify/c1b9e7a3-7b5f-4a54-8e4c-5c8d2f3a0b21',
  body: {
    name: 'Demo Evaluation Centre (DEMO)',
    address: 'Via dell’Esempio 1, 00100 Roma RM, Italia (DEMO)',
    vatNumber: '12345678903',
  },
  isDemoBody: true,
  signer: { subject: 'CN=Demo Evaluation Centre (DEMO)', fingerprint: 'ab'.repeat(32) },
  variant,
});

describe('the statement PDF', () => {
  it.each(LOCALES)('fits a statement of appeal on one page in %s', async (locale) => {
    const pdf = await renderStatement(
      content(locale, { kind: 'appeal', originalId: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10' }),
    );
    expect(pdf.getPageCount()).toBe(1);
  });

  it.each(LOCALES)('fits an amended statement and an original on one page in %s', async (locale) => {
    const amended = await renderStatement(
      content(locale, { kind: 'amendment', originalId: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10' }),
    );
    expect(amended.getPageCount()).toBe(1);
    expect((await renderStatement(content(locale, undefined))).getPageCount()).toBe(1);
  });
});

describe('the statement PDF with long names', () => {
  const ORIGINAL = 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10';
  const long = (locale: Certificate['locale'], changes: Partial<Certificate>): StatementContent => {
    const base = content(locale, { kind: 'appeal', originalId: ORIGINAL });
    return {
      ...base,
      certificate: {
        ...base.certificate,
        holder_name: 'Maria Benedetta Niccolò Ðorđević D’Alessandro de’ Medici Sanseverino Caracciolo',
        awarding_institution:
          'Università degli Studi di Napoli Federico II, Dipartimento di Ingegneria Elettrica e delle Tecnologie dell’Informazione',
        qualification_name:
          'Laurea magistrale in Ingegneria delle Telecomunicazioni e dell’Elettronica per l’Automazione industriale',
        teaching_institution:
          'Scuola Politecnica e delle Scienze di Base dell’Università degli Studi di Napoli Federico II, sede di San Giovanni a Teduccio',
        ...changes,
      },
    };
  };
  const bytesOf = async (statement: StatementContent) => (await renderStatement(statement)).save();

  it.each(LOCALES)(
    'keeps a statement of appeal whose text fits on one page in %s, every line inside it',
    async (locale) => {
      const bytes = await bytesOf(long(locale, {}));
      const pages = await pdfTextBoxes(bytes);
      expect(pages).toHaveLength(1);
      for (const item of pages[0]?.items ?? [])
        expect(item.x + item.width).toBeLessThanOrEqual(A4[0] - 50 + 0.01);
      const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
      expect(text).toContain('Niccolò Ðorđević D’Alessandro');
      expect(text).toContain('Tecnologie dell’Informazione');
    },
  );

  it('carries the verification block whole to a second page when the text does not fit on one', async () => {
    const notes = Array.from(
      { length: 4 },
      () => 'Il titolo è comparabile a una laurea italiana di primo livello.',
    ).join('\n');
    const pages = await pdfTextBoxes(await bytesOf(long('it-IT', { evaluation_notes: notes })));
    expect(pages).toHaveLength(2);
    const texts = pages.map((page) => page.items.map((item) => item.text).join(' '));
    expect(texts[0]).not.toContain('Verifica questo attestato');
    expect(texts[1]).toContain('Verifica questo attestato');
    expect(texts[1]).toContain('SHA-256 del certificato di firma');
  });
});

describe('the statement PDF as an upload', () => {
  const LIMITS = { pdfMaxInflatedBytes: 50 * 1024 * 1024, imageMaxPixels: 100_000_000 };
  /** The upload check fed as the network feeds it: in chunks of `size` bytes. */
  async function findingOf(bytes: Uint8Array, size: number) {
    const check = new ContentCheck('statement.pdf', LIMITS);
    for (let offset = 0; offset < bytes.length; offset += size)
      await check.write(Buffer.from(bytes.subarray(offset, offset + size)));
    return check.finish();
  }
  const VARIANTS: StatementContent['variant'][] = [
    undefined,
    { kind: 'appeal', originalId: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10' },
    { kind: 'amendment', originalId: 'c0a8f6d2-6a4e-4f43-9d3b-4b7c1e2f9a10' },
  ];

  // An applicant may upload a statement of ours (an earlier one, for an appeal): the check that
  // refuses active content and unreadable streams must read our own files as readable.
  it.each(LOCALES)(
    'passes the upload check in %s, each variant, with and without object streams',
    async (locale) => {
      for (const variant of VARIANTS) {
        const pdf = await renderStatement(content(locale, variant));
        for (const bytes of [await pdf.save(), await pdf.save({ useObjectStreams: false })])
          for (const size of [7, 1000, 65_536])
            expect(
              await findingOf(bytes, size),
              `${variant?.kind ?? 'original'}, chunks of ${size}`,
            ).toBeNull();
      }
    },
  );
});
