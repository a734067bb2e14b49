// The statement's fields and the verification's reasons, as names: no schema and no words here, so
// the statement's schemas (statement.ts) and each language's texts can name them without a cycle.

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
] as const;
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
