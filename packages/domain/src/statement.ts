import { z } from 'zod';
import { anchorCheckSchema, anchorViewSchema } from './anchor';
import { hasAppeal } from './appeal';
import { LOCALES, type Locale } from './locales';
import type { PracticeStatus } from './statuses';

/**
 * The statement (certificate of spec §3), its ledger entries and its public verification
 * (DESIGN.md "Statement and verification"). One definition, read by the API and the web alike.
 */

/** The certificate fields of spec §3, as printed in the statement and hashed into its issue entry. */
export const certificateSchema = z
  .object({
    /** The statement's own id: the one `/verify/{id}` carries. */
    reference_id: z.string(),
    holder_name: z.string(),
    birth_date: z.string().nullable(),
    classification: z.string().nullable(),
    awarding_institution: z.string().nullable(),
    award_year: z.number().int().nullable(),
    institution_status: z.string().nullable(),
    /** ISO 3166-1 alpha-2 codes; the statement prints their names in its language. */
    country_of_studies: z.string().nullable(),
    country_of_education_system: z.string(),
    teaching_institution: z.string().nullable(),
    qualification_type: z.string().nullable(),
    major: z.string().nullable(),
    qualification_name: z.string().nullable(),
    workload: z.string().nullable(),
    duration: z.string().nullable(),
    deqar_id: z.string().nullable(),
    whed_id: z.string().nullable(),
    access_requirements: z.string().nullable(),
    access_to_further_studies: z.string().nullable(),
    evaluation_notes: z.string().nullable(),
    request_id: z.number().int(),
    certificate_authority: z.string(),
    publish_date: z.string(),
    /** The applicant's language, which the statement is written in. */
    locale: z.enum(LOCALES),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

/** The statement's sections, each field once: the display's order and the print's come from them. */
const HOLDER_FIELDS = ['holder_name', 'birth_date'] as const;
const QUALIFICATION_FIELDS = [
  'qualification_name',
  'qualification_type',
  'classification',
  'major',
  'awarding_institution',
  'award_year',
  'institution_status',
  'teaching_institution',
  'country_of_studies',
  'country_of_education_system',
  'workload',
  'duration',
  'deqar_id',
  'whed_id',
] as const;
const EVALUATION_FIELDS = ['access_requirements', 'access_to_further_studies', 'evaluation_notes'] as const;
const RECORD_FIELDS = ['reference_id', 'request_id', 'certificate_authority', 'publish_date'] as const;

/** The order in which the certificate display lists the fields: the holder and the record's ids first. */
export const CERTIFICATE_FIELDS = [
  ...HOLDER_FIELDS,
  'reference_id',
  'request_id',
  ...QUALIFICATION_FIELDS,
  ...EVALUATION_FIELDS,
  'certificate_authority',
  'publish_date',
] as const satisfies readonly (keyof Certificate)[];
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number] | 'transaction_hash';

/**
 * How the signed statement groups the fields under its headings, in print order: every field of
 * the certificate once, and the transaction hash it was issued with.
 */
export const CERTIFICATE_SECTIONS: readonly {
  title: 'holder' | 'qualification' | 'evaluation' | 'record';
  fields: readonly CertificateField[];
}[] = [
  { title: 'holder', fields: HOLDER_FIELDS },
  { title: 'qualification', fields: QUALIFICATION_FIELDS },
  { title: 'evaluation', fields: EVALUATION_FIELDS },
  { title: 'record', fields: [...RECORD_FIELDS, 'transaction_hash'] },
];

export const CERTIFICATE_LABELS: Record<Locale, Record<CertificateField, string>> = {
  'en-US': {
    holder_name: 'Holder name',
    birth_date: 'Birth date',
    reference_id: 'Reference id',
    request_id: 'Request id',
    qualification_name: 'Qualification name',
    qualification_type: 'Qualification type',
    classification: 'Classification or level',
    major: 'Major',
    awarding_institution: 'Awarding institution',
    award_year: 'Year of award',
    institution_status: 'Institution status',
    teaching_institution: 'Teaching institution',
    country_of_studies: 'Country of studies',
    country_of_education_system: 'Country of education system',
    workload: 'Workload',
    duration: 'Duration',
    deqar_id: 'DEQAR id',
    whed_id: 'WHED id',
    access_requirements: 'Access requirements',
    access_to_further_studies: 'Access to further studies',
    evaluation_notes: 'Evaluation notes',
    certificate_authority: 'Certificate authority',
    publish_date: 'Publish date',
    transaction_hash: 'Transaction hash',
  },
  'it-IT': {
    holder_name: 'Nome del titolare',
    birth_date: 'Data di nascita',
    reference_id: 'Codice di riferimento',
    request_id: 'Numero della pratica',
    qualification_name: 'Denominazione del titolo',
    qualification_type: 'Tipo di titolo',
    classification: 'Classificazione o livello',
    major: 'Indirizzo di studio',
    awarding_institution: 'Istituzione che rilascia il titolo',
    award_year: 'Anno di conseguimento',
    institution_status: 'Status dell’istituzione',
    teaching_institution: 'Istituzione che ha impartito la formazione',
    country_of_studies: 'Paese degli studi',
    country_of_education_system: 'Paese del sistema di istruzione',
    workload: 'Carico di lavoro',
    duration: 'Durata',
    deqar_id: 'Codice DEQAR',
    whed_id: 'Codice WHED',
    access_requirements: 'Requisiti di accesso',
    access_to_further_studies: 'Accesso a ulteriori studi',
    evaluation_notes: 'Note di valutazione',
    certificate_authority: 'Ente certificatore',
    publish_date: 'Data di pubblicazione',
    transaction_hash: 'Hash della transazione',
  },
};

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** GET /practices/{id}/statement: pending while the publish job runs, then the statement. */
export const statementSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('pending'), requested_at: z.string() }),
    z.object({
      status: z.literal('published'),
      certificate_id: z.string(),
      certificate: certificateSchema,
      /**
       * The chain transaction that anchors the statement once that anchor is final (`0x…`,
       * decision 065); until then, and without anchoring, the issue entry's hash.
       */
      transaction_hash: z.string().regex(/^(0x)?[0-9a-f]{64}$/),
      /** The issue entry's hash: printed in the statement, the id of its ledger record. */
      ledger_hash: sha256Hex,
      published_at: z.string(),
      verify_url: z.string(),
      pdf: z.object({ size: z.number().int(), sha256: sha256Hex }),
      /** The statement's record on the blockchain: off, pending, or anchored. */
      anchor: anchorViewSchema,
    }),
  ])
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;
export type PublishedStatement = Extract<Statement, { status: 'published' }>;

/** A request may have a statement once it is ready for issue (publication pending) and ever after. */
export const mayHaveStatement = (status: PracticeStatus): boolean =>
  status === 'ready_for_issue' || status === 'published' || hasAppeal(status);

/** The largest file the public verification accepts (the statement itself is far smaller). */
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;

export const VERIFY_RESULTS = ['valid', 'not_valid', 'not_published', 'unknown'] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];

export const VERIFY_REASONS = [
  'original',
  'not_original',
  'other_statement',
  'unknown_id',
  'not_yet_published',
  'superseded',
  'revoked',
  'ledger_broken',
  'anchor_broken',
] as const;
export type VerifyReason = (typeof VERIFY_REASONS)[number];

/** The result each reason gives: only `original` is valid. */
export const VERIFY_RESULT_OF: Record<VerifyReason, VerifyResult> = {
  original: 'valid',
  not_original: 'not_valid',
  other_statement: 'not_valid',
  unknown_id: 'unknown',
  not_yet_published: 'not_published',
  superseded: 'not_valid',
  revoked: 'not_valid',
  ledger_broken: 'not_valid',
  anchor_broken: 'not_valid',
};

/** The plain words of each reason (spec §8: valid, NOT valid, certificate not yet published). */
export const VERIFY_MESSAGES: Record<Locale, Record<VerifyReason, string>> = {
  'en-US': {
    original:
      'Valid: this file is the original statement, exactly as it was published, and its record on the ledger checks.',
    not_original:
      'NOT valid: this file is not the original statement. Any change makes a copy invalid, even re-saving it or printing it to PDF.',
    other_statement: 'NOT valid: this file is a statement, but not the one with this id.',
    unknown_id: 'NOT valid: there is no statement with this id.',
    not_yet_published: 'The certificate is not yet published. Please try again later.',
    superseded: 'NOT valid: superseded by an amendment. This statement has been replaced by a new version.',
    revoked: 'NOT valid: this statement has been revoked.',
    ledger_broken:
      'NOT valid: the record of this statement on the ledger does not check. Please contact the issuing body.',
    anchor_broken:
      'NOT valid: the record of this statement on the blockchain does not match the body’s ledger (see the step that failed below). Please contact the issuing body.',
  },
  'it-IT': {
    original:
      'Valido: questo file è l’attestato originale, esattamente come è stato pubblicato, e la sua registrazione sul registro è verificata.',
    not_original:
      'NON valido: questo file non è l’attestato originale. Qualsiasi modifica rende una copia non valida, anche salvarla di nuovo o stamparla in PDF.',
    other_statement: 'NON valido: questo file è un attestato, ma non quello con questo codice.',
    unknown_id: 'NON valido: non esiste alcun attestato con questo codice.',
    not_yet_published: 'L’attestato non è ancora pubblicato. Riprova più tardi.',
    superseded:
      'NON valido: sostituito da una rettifica. Questo attestato è stato sostituito da una nuova versione.',
    revoked: 'NON valido: questo attestato è stato revocato.',
    ledger_broken:
      'NON valido: la registrazione di questo attestato sul registro non risulta integra. Contatta l’ente che lo ha rilasciato.',
    anchor_broken:
      'NON valido: la registrazione di questo attestato sulla blockchain non corrisponde al registro dell’ente (vedi qui sotto il passaggio non riuscito). Contatta l’ente che lo ha rilasciato.',
  },
};

/**
 * POST /verify/{id} and POST /verify (the file alone): the answer of the public verification, in
 * the caller's language. Without an id, `certificate_id` is the statement the file was found to
 * be, or null when it is none.
 */
export const verificationSchema = z
  .object({
    certificate_id: z.string().nullable(),
    result: z.enum(VERIFY_RESULTS),
    reason: z.enum(VERIFY_REASONS),
    message: z.string(),
    /** Only when valid: nothing personal but the holder's masked name. */
    details: z
      .object({
        qualification_name: z.string().nullable(),
        published_at: z.string(),
        transaction_hash: sha256Hex,
        holder_name: z.string(),
        certificate_authority: z.string(),
      })
      .nullable(),
    /** The statement's record on the blockchain (decision 066); null when no statement was found to check. */
    anchor: anchorViewSchema.nullable(),
    /**
     * Each step of the check with its outcome and why (file, seal entry, Merkle path, chain
     * transaction); empty when no statement was found to check against.
     */
    checks: z.array(anchorCheckSchema),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

export const CERTIFICATE_STATES = ['published', 'pending', 'superseded', 'revoked', 'unknown'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** GET /verify/{id}: what the id is, without personal data, and what the upload accepts. */
export const certificateStatusSchema = z
  .object({
    certificate_id: z.string(),
    state: z.enum(CERTIFICATE_STATES),
    published_at: z.string().nullable(),
    certificate_authority: z.string(),
    max_upload_bytes: z.number().int(),
  })
  .meta({ id: 'CertificateStatus' });
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

export const LEDGER_KINDS = ['issue', 'seal', 'supersede', 'revoke'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The `prev_hash` of the ledger's first entry: the chain starts from nothing. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/** GET /ledger/{txHash}: one entry as stored (no personal data: ids and hashes only). */
export const ledgerEntrySchema = z
  .object({
    seq: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    certificate_id: z.string(),
    payload_hash: sha256Hex,
    /** The entry this one refers to: a seal names its issue entry. */
    ref_hash: sha256Hex.nullable(),
    prev_hash: sha256Hex,
    created_at: z.string(),
    signature: z.string(),
    hash: sha256Hex,
    /** The entry's own hash and signature check (the whole chain: `npm run cli -- ledger:verify`). */
    is_intact: z.boolean(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;

export const txHashParamsSchema = z.object({ txHash: sha256Hex });

/** `:id` of a certificate: any short text (an unknown one is answered as unknown, not as invalid). */
export const certificateIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** "Maria Rossi" → "M**** R****": the holder is recognisable to who already knows them, to nobody else. */
export const maskName = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [first = '', ...rest] = [...word];
      return `${first}${'*'.repeat(Math.max(rest.length, 3))}`;
    })
    .join(' ');
