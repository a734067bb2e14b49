import type { Locale, ServiceKind } from '@lisbon/domain';

type StatementTexts = {
  title: Record<ServiceKind, string>;
  sections: Record<'holder' | 'qualification' | 'evaluation' | 'record', string>;
  vatNumber: string;
  demo: string;
  verifyHeading: string;
  verifyText: string;
  signedBy: (body: string) => string;
  certificateFingerprint: string;
  page: (page: number, pages: number) => string;
  signatureReason: string;
  /** Decision 026: the statement of appeal and the amended statement. */
  variantTitle: Record<'appeal' | 'amendment', string>;
  variantNote: Record<'appeal' | 'amendment', (originalId: string) => string>;
};

/** The statement's own words, in the applicant's language (the field labels come from the domain). */
export const STATEMENT_TEXTS: Record<Locale, StatementTexts> = {
  'en-US': {
    title: {
      correspondence_verification: 'Statement of correspondence and verification',
      comparability_verification: 'Statement of comparability and verification',
      comparability: 'Statement of comparability',
      refugee_comparability: 'Statement of comparability',
    },
    sections: {
      holder: 'Holder',
      qualification: 'Qualification',
      evaluation: 'Evaluation',
      record: 'Record',
    },
    vatNumber: 'VAT no.',
    demo: 'DEMO: example details of the issuing body. This statement has no legal value.',
    verifyHeading: 'Check this statement',
    verifyText:
      'Scan the code or open the address below and upload this PDF file. Only the original file, as it was published, is valid: a printout, a scan or a re-saved copy is not.',
    signedBy: (body) => `Digitally signed by ${body} (PAdES).`,
    certificateFingerprint: 'Signing certificate SHA-256:',
    page: (page, pages) => `Page ${page} of ${pages}`,
    signatureReason: 'Statement issued by the evaluation body',
    variantTitle: { appeal: 'Statement of appeal', amendment: 'Amended statement' },
    variantNote: {
      appeal: (id) => `Issued on appeal and attached to the statement ${id}.`,
      amendment: (id) => `This amended statement supersedes the statement ${id}, which is no longer valid.`,
    },
  },
  'it-IT': {
    title: {
      correspondence_verification: 'Attestato di corrispondenza e verifica',
      comparability_verification: 'Attestato di comparabilità e verifica',
      comparability: 'Attestato di comparabilità',
      refugee_comparability: 'Attestato di comparabilità',
    },
    sections: {
      holder: 'Titolare',
      qualification: 'Titolo di studio',
      evaluation: 'Valutazione',
      record: 'Registrazione',
    },
    vatNumber: 'P. IVA',
    demo: 'DEMO: dati di esempio dell’ente. Questo attestato non ha valore legale.',
    verifyHeading: 'Verifica questo attestato',
    verifyText:
      'Inquadra il codice o apri l’indirizzo qui sotto e carica questo file PDF. È valido solo il file originale, così come è stato pubblicato: una stampa, una scansione o una copia salvata di nuovo non lo sono.',
    signedBy: (body) => `Firmato digitalmente da ${body} (PAdES).`,
    certificateFingerprint: 'SHA-256 del certificato di firma:',
    page: (page, pages) => `Pagina ${page} di ${pages}`,
    signatureReason: 'Attestato rilasciato dall’ente di valutazione',
    variantTitle: { appeal: 'Attestato di ricorso', amendment: 'Attestato rettificato' },
    variantNote: {
      appeal: (id) => `Rilasciato a seguito di ricorso e allegato all’attestato ${id}.`,
      amendment: (id) => `Questo attestato rettificato sostituisce l’attestato ${id}, che non è più valido.`,
    },
  },
};
