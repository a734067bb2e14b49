import type { UserCategory } from './abilities';
import { REFUGEE_REQUEST_LIMIT } from './constants';
import type { Locale } from './locales';

/**
 * Whether an account may create no more requests (spec §1, §12: 'Limit reached'): a refugee
 * account submits at most REFUGEE_REQUEST_LIMIT of them; a draft does not count, and a standard
 * account has no limit. The API refuses a new request by it; the service page says so up front.
 */
export function isRequestLimitReached(category: UserCategory, submittedRequests: number): boolean {
  return category === 'refugee' && submittedRequests >= REFUGEE_REQUEST_LIMIT;
}

/** Levels of education system covered (spec §1). */
export const EDUCATION_LEVELS = ['higher', 'upper_secondary'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** The services of spec §1; `refugee_comparability` is the free one for refugees. */
export const SERVICE_KINDS = [
  'correspondence_verification',
  'comparability_verification',
  'comparability',
  'refugee_comparability',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The services' names in each language: the portal's labels, and the lines of invoices and receipts. */
export const SERVICE_NAMES: Record<Locale, Record<ServiceKind, string>> = {
  'en-US': {
    correspondence_verification: 'Correspondence and verification',
    comparability_verification: 'Comparability and verification',
    comparability: 'Comparability only',
    refugee_comparability: 'Free comparability for refugees',
  },
  'it-IT': {
    correspondence_verification: 'Corrispondenza e verifica',
    comparability_verification: 'Comparabilità e verifica',
    comparability: 'Solo comparabilità',
    refugee_comparability: 'Comparabilità gratuita per rifugiati',
  },
};

/**
 * The country of the evaluation body that runs the portal (an ENIC-NARIC centre evaluates foreign
 * qualifications): never a country of education system to choose (decision 113).
 */
export const OPERATOR_COUNTRY = 'IT';

/** Whether a country may be chosen as the country of education system: any but the operator's own. */
export const isForeignEducationSystem = (code: string): boolean =>
  code.trim().toUpperCase() !== OPERATOR_COUNTRY;

/** What the portal knows of a country of education system (data an administrator can correct). */
export type CountryFacts = {
  code: string;
  /** Party to the Lisbon Recognition Convention (Council of Europe treaty ETS 165). */
  isLisbonState: boolean;
  levels: readonly EducationLevel[];
  /** False for countries where no service is available at all. */
  isServiceAvailable: boolean;
  /** False where qualifications cannot be verified with the awarding institutions. */
  isVerificationPossible: boolean;
};

export type ServiceOffer = {
  kind: ServiceKind;
  includesVerification: boolean;
  isFree: boolean;
  isUrgentAvailable: boolean;
};

/** Ordinary and urgent processing times, in working days. */
export const ORDINARY_WORKING_DAYS = 60;
export const URGENT_WORKING_DAYS = 30;

const OFFERS: Record<ServiceKind, ServiceOffer> = {
  correspondence_verification: {
    kind: 'correspondence_verification',
    includesVerification: true,
    isFree: false,
    isUrgentAvailable: true,
  },
  comparability_verification: {
    kind: 'comparability_verification',
    includesVerification: true,
    isFree: false,
    isUrgentAvailable: true,
  },
  comparability: {
    kind: 'comparability',
    includesVerification: false,
    isFree: false,
    isUrgentAvailable: true,
  },
  refugee_comparability: {
    kind: 'refugee_comparability',
    includesVerification: false,
    isFree: true,
    isUrgentAvailable: false,
  },
};

export const serviceOffer = (kind: ServiceKind): ServiceOffer => OFFERS[kind];

/**
 * The service rule: (country, level, applicant category) → the service that applies, or null when
 * none is available. Refugees get only the free comparability service, never verification.
 */
export function serviceFor(input: {
  country: CountryFacts;
  level: EducationLevel;
  category: UserCategory;
}): ServiceOffer | null {
  const { country, level, category } = input;
  if (!country.isServiceAvailable || !country.levels.includes(level)) return null;
  if (category === 'refugee') return OFFERS.refugee_comparability;
  if (country.isLisbonState) return OFFERS.correspondence_verification;
  if (!country.isVerificationPossible) return OFFERS.comparability;
  return OFFERS.comparability_verification;
}

/** Purposes of a request (spec §3). */
export const PURPOSES = [
  'further_studies',
  'nostrification',
  'public_competition',
  'public_administration_career',
  'visa_non_study',
  'other',
] as const;
export type Purpose = (typeof PURPOSES)[number];

/** Document types (spec §3). */
export const DOCUMENT_TYPES = [
  'identity_document',
  'consent_form',
  'diploma',
  'grade_12_certificate',
  'transcript_of_records',
  'final_examination',
  'diploma_supplement',
  'translation',
  'refugee_status_certificate',
  'marriage_certificate',
  'student_card',
  'apostille',
  'additional',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The documents a refugee's request must carry whoever the applicant is: the proof of the status
 * the free service is "subject to", the identity document and the consent form (decision 119).
 */
export const ALWAYS_REQUIRED_DOCUMENTS: readonly DocumentType[] = [
  'identity_document',
  'consent_form',
  'refugee_status_certificate',
];

/**
 * Whether the applicant may declare a missing document of the request unobtainable (Lisbon
 * Recognition Convention, Article VII): on the refugee service only, and only a document of their
 * studies, never one of `ALWAYS_REQUIRED_DOCUMENTS`. The evaluator assesses from what is there.
 */
export const isDeclarableUnobtainable = (service: ServiceKind, type: DocumentType): boolean =>
  service === 'refugee_comparability' && !ALWAYS_REQUIRED_DOCUMENTS.includes(type);

/** The required documents still stopping a request: missing and not declared unobtainable. */
export const blockingDocuments = (
  missing: readonly DocumentType[],
  declared: readonly { type: DocumentType }[],
): DocumentType[] => missing.filter((type) => !declared.some((declaration) => declaration.type === type));

/** The most characters of the explanation that may go with a document declared unobtainable. */
export const UNOBTAINABLE_EXPLANATION_MAX = 500;

/** The document types' names in each language (spec §3 "Document"): the portal's labels, and the mails that ask for them. */
export const DOCUMENT_TYPE_NAMES: Record<Locale, Record<DocumentType, string>> = {
  'en-US': {
    identity_document: 'ID card or passport',
    consent_form: 'Consent form',
    diploma: 'Diploma or provisional certificate',
    grade_12_certificate: '12th grade certificate',
    transcript_of_records: 'Transcript of records',
    final_examination: 'Final or national examination',
    diploma_supplement: 'Diploma supplement',
    translation: 'Translation',
    refugee_status_certificate: 'Refugee status certificate',
    marriage_certificate: 'Marriage certificate',
    student_card: 'Student card',
    apostille: 'Apostille or legalisation',
    additional: 'Additional document',
  },
  'it-IT': {
    identity_document: 'Carta d’identità o passaporto',
    consent_form: 'Modulo di consenso',
    diploma: 'Diploma o certificato provvisorio',
    grade_12_certificate: 'Certificato del dodicesimo anno',
    transcript_of_records: 'Certificato degli esami (transcript of records)',
    final_examination: 'Esame finale o nazionale',
    diploma_supplement: 'Supplemento al diploma',
    translation: 'Traduzione',
    refugee_status_certificate: 'Certificato dello status di rifugiato',
    marriage_certificate: 'Certificato di matrimonio',
    student_card: 'Tessera dello studente',
    apostille: 'Apostille o legalizzazione',
    additional: 'Documento aggiuntivo',
  },
};
