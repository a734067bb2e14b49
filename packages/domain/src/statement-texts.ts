// The statement's fields and the verification's answers, in words: no schema here, so the pages
// that only name them (the catalogues, decision 075) do not build the statement's schemas.
import type { Locale } from './locales';
import type { Certificate } from './statement';

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
