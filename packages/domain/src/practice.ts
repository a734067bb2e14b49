import { z } from 'zod';
import { countryCodeField, storedCountryCode } from './country-code';
import { decimalInteger } from './decimal-integer';
import { isAfterToday, isoDateSchema } from './dates';
import { APPEAL_TYPES, PRACTICE_STATUSES, STATUS_LABELS } from './statuses';
import {
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  isForeignEducationSystem,
  PURPOSES,
  SERVICE_KINDS,
  UNOBTAINABLE_EXPLANATION_MAX,
} from './services';
import { SORT_FIELDS, WIZARD_STEPS } from './constants';
import { listQuerySchema } from './list-query';
import { refundSchema } from './payments';

export const DELIVERY_MODES = ['in_presence', 'blended', 'distance_learning'] as const;
export const STUDIES_TYPES = ['full_time', 'part_time'] as const;
export const DIPLOMA_TYPES = ['final', 'provisional'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const country = countryCodeField;
type CountryCode = typeof countryCodeField | typeof storedCountryCode;

/** Step 1, purpose (spec §3): Italian institution and programme, visa and diplomatic representation. */
export const purposeStepSchema = z
  .object({
    purpose: z.enum(PURPOSES),
    italian_institution: optionalText(200),
    programme_name: optionalText(200),
    has_visa: z.boolean().default(false),
    diplomatic_representation: optionalText(200),
    purpose_other: optionalText(500),
  })
  .refine((value) => value.purpose !== 'further_studies' || Boolean(value.italian_institution), {
    message: 'required',
    path: ['italian_institution'],
  })
  .refine((value) => !value.has_visa || Boolean(value.diplomatic_representation), {
    message: 'required',
    path: ['diplomatic_representation'],
  })
  .refine((value) => value.purpose !== 'other' || Boolean(value.purpose_other), {
    message: 'required',
    path: ['purpose_other'],
  });
export type PurposeStep = z.infer<typeof purposeStepSchema>;

/**
 * Step 2, the qualification to assess (spec §3 "Qualification details"), its countries checked by
 * `country`: a country the portal knows as it is written, two characters as a saved one is read.
 */
const qualificationStep = (country: CountryCode) =>
  z
    .object({
      qualification_name: text(200),
      institution_name: text(200),
      institution_country: country,
      institution_city: text(100),
      /** Derived by the API from the two countries (`isInstitutionCountryDifferent`); a value sent is not kept. */
      is_institution_country_different: z.boolean().default(false),
      is_teaching_institution_different: z.boolean().default(false),
      teaching_institution_name: optionalText(200),
      teaching_institution_country: country.nullable().optional(),
      teaching_institution_city: optionalText(100),
      is_awarding_body_different: z.boolean().default(false),
      awarding_body_name: optionalText(200),
      awarding_body_country: country.nullable().optional(),
      delivery_mode: z.enum(DELIVERY_MODES),
      study_program_name: text(200),
      study_program_locale: text(60),
      /** Credits may be halves or finer (7.5 ECTS): at most two decimals. */
      credits: z.number().min(0).max(1000).multipleOf(0.01).nullable().optional(),
      studies_type: z.enum(STUDIES_TYPES),
      enrolled_at: isoDateSchema,
      graduated_at: isoDateSchema,
      issued_at: isoDateSchema,
      diploma_type: z.enum(DIPLOMA_TYPES),
      is_awarding_institution_accredited: z.boolean().default(false),
      is_teaching_institution_accredited: z.boolean().default(false),
      /** Name as on the diploma, only when it differs from the account's. */
      diploma_first_name: optionalText(100),
      diploma_middle_name: optionalText(100),
      diploma_last_name: optionalText(100),
    })
    .refine((v) => !v.is_teaching_institution_different || Boolean(v.teaching_institution_name), {
      message: 'required',
      path: ['teaching_institution_name'],
    })
    .refine((v) => !v.is_teaching_institution_different || Boolean(v.teaching_institution_country), {
      message: 'required',
      path: ['teaching_institution_country'],
    })
    .refine((v) => !v.is_awarding_body_different || Boolean(v.awarding_body_name), {
      message: 'required',
      path: ['awarding_body_name'],
    })
    .refine((v) => !v.is_awarding_body_different || Boolean(v.awarding_body_country), {
      message: 'required',
      path: ['awarding_body_country'],
    })
    // Date order of spec §5: graduation after enrolment; award on or after graduation. Neither in the
    // future needs a clock: `qualificationStepSchemaAt`.
    .refine((v) => v.graduated_at > v.enrolled_at, { message: 'dateAfterEnrolment', path: ['graduated_at'] })
    .refine((v) => v.issued_at >= v.graduated_at, {
      message: 'dateSameOrAfterGraduation',
      path: ['issued_at'],
    });

/** The qualification step as it is written: each country one the portal knows. */
export const qualificationStepSchema = qualificationStep(country);
export type QualificationStep = z.infer<typeof qualificationStepSchema>;

/**
 * A qualification step as saved, read back: its countries two characters, whatever an earlier
 * release let be written ('ZZ'), so that a draft saved then is still read (`storedCountryCode`).
 */
export const savedQualificationStepSchema = qualificationStep(storedCountryCode);

/**
 * The qualification step with neither the graduation nor the award later than the body's day
 * (Rome) at `now()` (spec §5; the enrolment comes before both): the API's clock on PATCH
 * /practices/{id}/qualification (a `ManualClock` in its tests, the journeys' moved clock), the
 * browser's date in the wizard's form, which only checks ahead of the API. A step already saved is
 * read with `savedQualificationStepSchema`, whatever the date.
 */
export const qualificationStepSchemaAt = (now: () => Date) =>
  qualificationStepSchema
    .refine((v) => !isAfterToday(v.graduated_at, now()), {
      message: 'dateNotInFuture',
      path: ['graduated_at'],
    })
    .refine((v) => !isAfterToday(v.issued_at, now()), { message: 'dateNotInFuture', path: ['issued_at'] });

/** Whether the institution stands in another country than the request's education system (spec §3): no box to tick. */
export const isInstitutionCountryDifferent = ({
  institutionCountry,
  educationCountry,
}: {
  institutionCountry: string | null | undefined;
  educationCountry: string;
}): boolean => Boolean(institutionCountry) && institutionCountry !== educationCountry;

/** The qualification step with its flag derived from the countries, whatever was sent or stored. */
export const withInstitutionCountryFlag = (
  step: QualificationStep,
  educationCountry: string,
): QualificationStep => ({
  ...step,
  is_institution_country_different: isInstitutionCountryDifferent({
    institutionCountry: step.institution_country,
    educationCountry,
  }),
});

/** POST /practices: start a draft for a country and level; `replace_draft` confirms dropping the current one. */
export const createPracticeSchema = z.object({
  // Never the operator's own country: its qualifications are not foreign (decision 113).
  country: country.refine(isForeignEducationSystem, { message: 'invalidOption' }),
  level: z.enum(EDUCATION_LEVELS),
  is_urgent: z.boolean().default(false),
  replace_draft: z.boolean().default(false),
});
export type CreatePractice = z.infer<typeof createPracticeSchema>;

/**
 * A draft whose country of education system is the operator's own, started before that country
 * stopped being offered (decision 113): it is never paid or submitted, only deleted. The API
 * refuses its review, checkout and submit with 422 `educationSystemNotForeign` on `country`; the
 * applicant's pages say so instead of offering them.
 */
export const isDraftOfOperatorCountry = (practice: { status: string; country: string }): boolean =>
  practice.status === 'draft' && !isForeignEducationSystem(practice.country);

export const documentSchema = z
  .object({
    id: z.number().int(),
    practice_id: z.number().int().nullable(),
    type: z.enum(DOCUMENT_TYPES),
    additional_type: z.string().nullable(),
    file_name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Document' });
export type PracticeDocument = z.infer<typeof documentSchema>;

/** Multipart fields that travel with an uploaded file. */
export const documentUploadFieldsSchema = z
  .object({
    type: z.enum(DOCUMENT_TYPES),
    additional_type: optionalText(100),
    practice_id: decimalInteger(z.number().int().positive()).optional(),
    /**
     * The client's id of this upload (a UUID it makes): sent again with the same upload, after an
     * answer lost to a dropped connection or a restart, it answers the document stored the first
     * time instead of a second copy (decision 101).
     */
    upload_id: z.uuid().optional(),
  })
  .refine((value) => value.type !== 'additional' || Boolean(value.additional_type), {
    message: 'required',
    path: ['additional_type'],
  });

export const historyEntrySchema = z.object({
  from_status: z.enum(PRACTICE_STATUSES).nullable(),
  to_status: z.enum(PRACTICE_STATUSES),
  at: z.string(),
  /** The reason staff gave the applicant for this move (a closure, an appeal refused or rejected); never an internal note. */
  reason: z.string().optional(),
});

/** What is expected of the applicant while the request waits for their reply ('cimea request'). */
export const pendingQuestionSchema = z
  .object({
    message: z.string(),
    requested_documents: z.array(z.enum(DOCUMENT_TYPES)),
    asked_at: z.string(),
  })
  .meta({ id: 'PendingQuestion' });
export type PendingQuestion = z.infer<typeof pendingQuestionSchema>;

/**
 * A required document of a refugee's request that the applicant declared they cannot obtain (left
 * behind in the country they left, say): it no longer stops the submission (decision 119).
 */
export const unobtainableDocumentSchema = z
  .object({
    type: z.enum(DOCUMENT_TYPES),
    /** The applicant's own words on why, if they gave any. */
    explanation: z.string().nullable(),
    declared_at: z.string(),
  })
  .meta({ id: 'UnobtainableDocument' });
export type UnobtainableDocument = z.infer<typeof unobtainableDocumentSchema>;

/** PUT /practices/{id}/unobtainable-documents/{type}: the declaration, with an optional short explanation. */
export const unobtainableDeclarationSchema = z.object({
  explanation: z.string().trim().max(UNOBTAINABLE_EXPLANATION_MAX).optional(),
});
export type UnobtainableDeclaration = z.infer<typeof unobtainableDeclarationSchema>;

export const unobtainableDocumentParamsSchema = z.object({
  id: decimalInteger(z.number().int().positive()),
  type: z.enum(DOCUMENT_TYPES),
});

export const practiceSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(PRACTICE_STATUSES),
    status_label: z.enum(STATUS_LABELS),
    /**
     * What the applicant asked for after publication, appeal or amendment; null when neither: an
     * amendment's statuses are named for it (`statusWordingOf`). The API always sends it; optional
     * for an answer of an instance from before it.
     */
    appeal_type: z.enum(APPEAL_TYPES).nullable().optional(),
    service: z.enum(SERVICE_KINDS),
    country: z.string(),
    level: z.enum(EDUCATION_LEVELS),
    is_urgent: z.boolean(),
    wizard_step: z.enum(WIZARD_STEPS),
    purpose: purposeStepSchema.nullable(),
    qualification: savedQualificationStepSchema.nullable(),
    documents: z.array(documentSchema),
    missing_documents: z.array(z.enum(DOCUMENT_TYPES)),
    /**
     * The missing documents the applicant declared unobtainable (a refugee's request only): they do
     * not stop the submission. The API always sends it; optional for an answer of an instance from before it.
     */
    unobtainable_documents: z.array(unobtainableDocumentSchema).optional(),
    history: z.array(historyEntrySchema),
    created_at: z.string(),
    requested_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    /** When the statement was released: the appeal window runs seven days from it (null before). */
    published_at: z.string().nullable().optional(),
    /**
     * Whether an appeal or amendment may be asked for now, on the server's calendar (the device's
     * clock may differ). The API always sends it; optional like `pending_question`.
     */
    is_appeal_window_open: z.boolean().optional(),
    /** When the statement was withdrawn (decision 097); null while it is in force or before it is published. */
    statement_withdrawn_at: z.string().nullable().optional(),
    expected_deadline: z.string().nullable(),
    days_to_go: z.number().int().nullable(),
    /**
     * The staff question the applicant is asked to reply to; null unless the request waits for them.
     * The API always sends it; optional only so that clients built before it keep compiling.
     */
    pending_question: pendingQuestionSchema.nullable().optional(),
    /** Return delivery of the originals: opened by staff, paid, delivered (optional like `pending_question`). */
    delivery_opened_at: z.string().nullable().optional(),
    delivery_paid_at: z.string().nullable().optional(),
    delivered_at: z.string().nullable().optional(),
    /**
     * The refund of the request's payment (a request closed before its evaluation started), with
     * its credit note once the provider confirms; null when none (optional like `pending_question`).
     */
    payment_refund: refundSchema.nullable().optional(),
  })
  .meta({ id: 'Practice' });
export type Practice = z.infer<typeof practiceSchema>;

/** GET /practices: the sort options of spec §9. */
export const practicesQuerySchema = listQuerySchema(SORT_FIELDS).extend({
  view: z.enum(['current', 'archive']).optional(),
});
export type PracticesQuery = z.infer<typeof practicesQuerySchema>;

export const practiceSummarySchema = practiceSchema.pick({
  id: true,
  status: true,
  status_label: true,
  appeal_type: true,
  service: true,
  country: true,
  level: true,
  is_urgent: true,
  created_at: true,
  requested_at: true,
  expected_deadline: true,
  days_to_go: true,
});
export type PracticeSummary = z.infer<typeof practiceSummarySchema>;

/** GET /documents: the owner's documents, or one request's with `practice_id`. */
export const documentsQuerySchema = z.object({
  practice_id: decimalInteger(z.number().int().positive()).optional(),
});

/** One request's documents on /documents, with the required ones still missing for its country and level. */
export const practiceDocumentsSchema = z
  .object({
    practice_id: z.number().int(),
    status: z.enum(PRACTICE_STATUSES),
    status_label: z.enum(STATUS_LABELS),
    /** Appeal or amendment asked for after publication, null when neither (as the request's own). */
    appeal_type: z.enum(APPEAL_TYPES).nullable().optional(),
    country: z.string(),
    level: z.enum(EDUCATION_LEVELS),
    /** Documents can be added, replaced or deleted (a draft with no checkout open, or awaiting the applicant's reply). */
    is_editable: z.boolean(),
    /**
     * While a checkout of the draft is open: when its payment page closes at the latest, and the
     * documents can be changed again (409 PAYMENT_OPEN until then, decision 020); null otherwise.
     */
    payment_open_until: z.string().nullable(),
    /**
     * The seconds left until `payment_open_until`, counted on the server's clock when it answered:
     * what the page shows as minutes left, whatever the browser's clock says; null with it. The API
     * always sends it; optional for an answer of an instance from before it.
     */
    payment_open_seconds_left: z.number().int().nonnegative().nullable().optional(),
    /**
     * When the statement was released (null before): the documents filed until then are its evidence,
     * never replaced or deleted, an appeal's reply included (`isStatementEvidence`, decision 026).
     * The API always sends it; optional like the request's own `published_at`.
     */
    published_at: z.string().nullable().optional(),
    /**
     * When the statement was withdrawn (null: it was not): with `published_at`, whether the appeal
     * window is open, in which a document added since the release may be replaced
     * (`isDocumentChangeable`). The API always sends it; optional like `published_at`.
     */
    statement_withdrawn_at: z.string().nullable().optional(),
    required_documents: z.array(z.enum(DOCUMENT_TYPES)),
    missing_documents: z.array(z.enum(DOCUMENT_TYPES)),
    /** Of `missing_documents`, those declared unobtainable (optional like the request's own). */
    unobtainable_documents: z.array(unobtainableDocumentSchema).optional(),
    documents: z.array(documentSchema),
  })
  .meta({ id: 'PracticeDocuments' });
export type PracticeDocuments = z.infer<typeof practiceDocumentsSchema>;

export const documentsOverviewSchema = z
  .object({
    practices: z.array(practiceDocumentsSchema),
    /** Documents attached to no request (a signed consent form uploaded from /consent, say). */
    unattached: z.array(documentSchema),
    /** Hours a document attached to no request is kept after its upload; then it is deleted (decision 058). */
    unattached_kept_hours: z.number().int(),
  })
  .meta({ id: 'DocumentsOverview' });
export type DocumentsOverview = z.infer<typeof documentsOverviewSchema>;
