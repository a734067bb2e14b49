import type { CertificateField, VerifyReason } from './statement-fields';
import { withVerdicts } from './verify-verdicts';

// The statement's labels and the verification's answers in English, apart from the other
// languages' (decision 079): the SPA's catalogue of a language takes only its own.

export const CERTIFICATE_LABELS_EN: Record<CertificateField, string> = {
  holder_name: 'Holder name',
  birth_date: 'Birth date',
  reference_id: 'Reference id',
  request_id: 'Request number',
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
};

/** Why a file is valid or not, after its verdict: the verify page shows the verdict above it. */
export const VERIFY_REASONS_EN: Record<VerifyReason, string> = {
  original:
    'This file is the original statement, exactly as it was published, and its record on the ledger checks.',
  not_original:
    'This file is not the original statement. Any change makes a copy invalid, even re-saving it or printing it to PDF.',
  other_statement: 'This file is a statement, but not the one with this id.',
  // The id in the address, not the file: a holder who mistyped it reads where the right one is.
  unknown_id:
    'There is no statement with this id. The id in the address may be mistyped: it is the end of the address printed on the statement’s PDF under “Check this statement”.',
  not_yet_published: 'The certificate is not yet published. Please try again later.',
  superseded: 'Superseded by an amendment. This statement has been replaced by a new version.',
  revoked: 'This statement has been revoked.',
  ledger_broken:
    'The record of this statement on the ledger does not check. Please contact the issuing body.',
  anchor_broken:
    'The record of this statement on the blockchain does not match the body’s ledger (see the step that failed below). Please contact the issuing body.',
};

/** The verdict and its reason in one sentence (the API's `message`), as “NOT valid: …”. */
export const VERIFY_MESSAGES_EN = /* @__PURE__ */ withVerdicts(VERIFY_REASONS_EN, {
  valid: 'Valid',
  notValid: 'NOT valid',
});
