import { z } from 'zod/mini';
import { anchorCheckSchema, anchorViewSchema } from './anchor';
import { LOCALES } from './locales';
import { hasAppeal, type PracticeStatus } from './statuses';
import { CERTIFICATE_FIELDS, VERIFY_REASONS, VERIFY_RESULTS } from './statement-fields';

export {
  CERTIFICATE_FIELDS,
  CERTIFICATE_LABELS,
  CERTIFICATE_SECTIONS,
  type CertificateField,
  VERIFY_MESSAGES,
  VERIFY_REASONS,
  VERIFY_RESULT_OF,
  VERIFY_RESULTS,
  type VerifyReason,
  type VerifyResult,
} from './statement-texts';

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
    birth_date: z.nullable(z.string()),
    classification: z.nullable(z.string()),
    awarding_institution: z.nullable(z.string()),
    award_year: z.nullable(z.number().check(z.int())),
    institution_status: z.nullable(z.string()),
    /** ISO 3166-1 alpha-2 codes; the statement prints their names in its language. */
    country_of_studies: z.nullable(z.string()),
    country_of_education_system: z.string(),
    teaching_institution: z.nullable(z.string()),
    qualification_type: z.nullable(z.string()),
    major: z.nullable(z.string()),
    qualification_name: z.nullable(z.string()),
    workload: z.nullable(z.string()),
    duration: z.nullable(z.string()),
    deqar_id: z.nullable(z.string()),
    whed_id: z.nullable(z.string()),
    access_requirements: z.nullable(z.string()),
    access_to_further_studies: z.nullable(z.string()),
    evaluation_notes: z.nullable(z.string()),
    request_id: z.number().check(z.int()),
    certificate_authority: z.string(),
    publish_date: z.string(),
    /** The applicant's language, which the statement is written in. */
    locale: z.enum(LOCALES),
  })
  .register(z.globalRegistry, { id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

/** Every field the display and the print name is one of the certificate's (checked by the compiler). */
const displayedFields: readonly (keyof Certificate)[] = CERTIFICATE_FIELDS;
void displayedFields;

const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/));

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
      transaction_hash: z.string().check(z.regex(/^(0x)?[0-9a-f]{64}$/)),
      /** The issue entry's hash: printed in the statement, the id of its ledger record. */
      ledger_hash: sha256Hex,
      published_at: z.string(),
      verify_url: z.string(),
      pdf: z.object({ size: z.number().check(z.int()), sha256: sha256Hex }),
      /** The statement's record on the blockchain: off, pending, or anchored. */
      anchor: anchorViewSchema,
    }),
    /** Withdrawn by the body (`lisbon statement:withdraw`, decision 097): no longer valid, its PDF no longer given. */
    z.object({ status: z.literal('withdrawn'), certificate_id: z.string(), withdrawn_at: z.string() }),
  ])
  .register(z.globalRegistry, { id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;
export type PublishedStatement = Extract<Statement, { status: 'published' }>;

/** A request may have a statement once it is ready for issue (publication pending) and ever after. */
export const mayHaveStatement = (status: PracticeStatus): boolean =>
  status === 'ready_for_issue' || status === 'published' || hasAppeal(status);

/**
 * POST /verify/{id} and POST /verify (the file alone): the answer of the public verification, in
 * the caller's language. Without an id, `certificate_id` is the statement the file was found to
 * be, or null when it is none.
 */
export const verificationSchema = z
  .object({
    certificate_id: z.nullable(z.string()),
    result: z.enum(VERIFY_RESULTS),
    reason: z.enum(VERIFY_REASONS),
    message: z.string(),
    /** Only when valid: nothing personal but the holder's masked name. */
    details: z.nullable(
      z.object({
        qualification_name: z.nullable(z.string()),
        published_at: z.string(),
        transaction_hash: sha256Hex,
        holder_name: z.string(),
        certificate_authority: z.string(),
      }),
    ),
    /** The statement's record on the blockchain (decision 066); null when no statement was found to check. */
    anchor: z.nullable(anchorViewSchema),
    /**
     * Each step of the check with its outcome and why (file, seal entry, Merkle path, chain
     * transaction); empty when no statement was found to check against.
     */
    checks: z.array(anchorCheckSchema),
  })
  .register(z.globalRegistry, { id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

export const LEDGER_KINDS = ['issue', 'seal', 'supersede', 'revoke'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The `prev_hash` of the ledger's first entry: the chain starts from nothing. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/** GET /ledger/{txHash}: one entry as stored (no personal data: ids and hashes only). */
export const ledgerEntrySchema = z
  .object({
    seq: z.number().check(z.int()),
    kind: z.enum(LEDGER_KINDS),
    certificate_id: z.string(),
    payload_hash: sha256Hex,
    /** The entry this one refers to: a seal names its issue entry. */
    ref_hash: z.nullable(sha256Hex),
    prev_hash: sha256Hex,
    created_at: z.string(),
    signature: z.string(),
    hash: sha256Hex,
    /** The entry's own hash and signature check (the whole chain: `npm run cli -- ledger:verify`). */
    is_intact: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'LedgerEntry' });
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;

export const txHashParamsSchema = z.object({ txHash: sha256Hex });

/** `:id` of a certificate: any short text (an unknown one is answered as unknown, not as invalid). */
export const certificateIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

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
