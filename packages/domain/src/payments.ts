import type { Locale } from './locales';
import { z } from 'zod';
import { countryCodeField } from './country-code';
import { listQuerySchema } from './list-query';
import { isZipCodeGiven, zipCodeField, zipCodeRequired } from './postcode';
import { SERVICE_KINDS } from './services';
import { isOmocodiaConfirmedWhenNeeded, isValidFiscalCode } from './tax-id';
import { isItalianVatNumber, isSdiCode, normalizeVatNumber } from './vat-number';

/** Billing information (spec §3): who pays, as an individual or a legal entity. */
export const ENTITY_TYPES = ['individual', 'legal_entity'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
const address = {
  address: text(200),
  city: text(100),
  zip_code: zipCodeField,
  province: z.string().trim().max(100).nullable().optional(),
  country: countryCodeField,
};

/**
 * An individual gives an Italian fiscal code when they have one (required when the billing
 * country is Italy); applicants from abroad often have none. Either form is accepted: the
 * 16-character personal code or the 11-digit numeric one (a provisional code, e.g. an asylum
 * applicant's), each with its check character verified.
 */
const individualSchema = z
  .object({
    entity_type: z.literal('individual'),
    first_name: text(100),
    last_name: text(100),
    fiscal_code: z.string().trim().toUpperCase().max(16).nullable().optional(),
    /** The payer confirms an omocodic fiscal code is correct, as the account asks for its tax ID. */
    fiscal_code_omocodia_confirmed: z.boolean().optional(),
    ...address,
  })
  .refine(isZipCodeGiven, zipCodeRequired)
  .refine((value) => value.country !== 'IT' || Boolean(value.fiscal_code), {
    message: 'required',
    path: ['fiscal_code'],
  })
  .refine((value) => !value.fiscal_code || isValidFiscalCode(value.fiscal_code), {
    message: 'taxIdInvalid',
    path: ['fiscal_code'],
  })
  .refine((value) => isOmocodiaConfirmedWhenNeeded(value.fiscal_code, value.fiscal_code_omocodia_confirmed), {
    message: 'fiscalCodeOmocodiaConfirm',
    path: ['fiscal_code'],
  });

/** A legal entity gives its business name and VAT number; Italian ones also their SDI code (or PEC). */
const legalEntitySchema = z
  .object({
    entity_type: z.literal('legal_entity'),
    business_name: text(200),
    vat_number: text(20),
    fiscal_code: z.string().trim().toUpperCase().max(16).nullable().optional(),
    sdi_code: z.string().trim().toUpperCase().max(7).nullable().optional(),
    pec: z.email().max(254).nullable().optional(),
    ...address,
  })
  .refine(isZipCodeGiven, zipCodeRequired)
  .refine((value) => value.country !== 'IT' || isItalianVatNumber(value.vat_number), {
    message: 'vatNumberInvalid',
    path: ['vat_number'],
  })
  .refine((value) => !value.sdi_code || isSdiCode(value.sdi_code), {
    message: 'sdiCodeInvalid',
    path: ['sdi_code'],
  })
  .refine((value) => value.country !== 'IT' || Boolean(value.sdi_code) || Boolean(value.pec), {
    message: 'sdiOrPecRequired',
    path: ['sdi_code'],
  })
  .transform((value) => ({
    ...value,
    vat_number: value.country === 'IT' ? normalizeVatNumber(value.vat_number) : value.vat_number,
  }));

export const billingInfoSchema = z.discriminatedUnion('entity_type', [individualSchema, legalEntitySchema]);
export type BillingInfo = z.infer<typeof billingInfoSchema>;
export type BillingInfoInput = z.input<typeof billingInfoSchema>;

const nullableText = z.string().nullable().optional();
const storedAddress = {
  address: z.string(),
  city: z.string(),
  /** None for a country without zip codes (`hasPostalCodes`). */
  zip_code: nullableText,
  province: nullableText,
  country: z.string(),
};

/** Billing information as the API answers it: already checked, so no refinements and no transforms. */
export const billingInfoViewSchema = z
  .discriminatedUnion('entity_type', [
    z.object({
      entity_type: z.literal('individual'),
      first_name: z.string(),
      last_name: z.string(),
      fiscal_code: nullableText,
      fiscal_code_omocodia_confirmed: z.boolean().optional(),
      ...storedAddress,
    }),
    z.object({
      entity_type: z.literal('legal_entity'),
      business_name: z.string(),
      vat_number: z.string(),
      fiscal_code: nullableText,
      sdi_code: nullableText,
      pec: nullableText,
      ...storedAddress,
    }),
  ])
  .meta({ id: 'BillingInfo' });
export type BillingInfoView = z.infer<typeof billingInfoViewSchema>;

/** An amount in euro cents, VAT included, with its split. */
export const moneySchema = z.object({
  net: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type Money = z.infer<typeof moneySchema>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What is paid for: a request (practice) or a return delivery of originals. */
export const PAYMENT_PURPOSES = ['practice', 'delivery'] as const;

/** The adapters of the payment port (decision 067), chosen by PAYMENT_PROVIDER. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'nexi'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** How an invoice, a receipt and the staff workspace name who took the money, in each language. */
export const PAYMENT_PROVIDER_LABELS: Record<Locale, Record<PaymentProviderName, string>> = {
  'en-US': { sandbox: 'Sandbox (test, no real money)', stripe: 'Stripe', nexi: 'Nexi XPay' },
  'it-IT': { sandbox: 'Sandbox (prova, nessun addebito reale)', stripe: 'Stripe', nexi: 'Nexi XPay' },
};

/** A stored provider name as printed; a name no longer configured is printed as stored. */
export const paymentProviderLabel = (provider: string, locale: Locale = 'en-US'): string =>
  // Any stored name is looked up; one no longer configured finds nothing.
  (PAYMENT_PROVIDER_LABELS[locale] as Record<string, string>)[provider] ?? provider;

export const paymentSchema = z
  .object({
    id: z.number().int(),
    purpose: z.enum(PAYMENT_PURPOSES),
    practice_id: z.number().int().nullable(),
    delivery_id: z.number().int().nullable(),
    amount: moneySchema,
    status: z.enum(PAYMENT_STATUSES),
    provider: z.string(),
    /** The provider's own id of the money movement (Stripe PaymentIntent, Nexi operation); null until paid. */
    transaction_reference: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    /**
     * A pending payment: when its payment page closes, and with it the lock on its request's draft
     * (409 PAYMENT_OPEN, decision 020); null once settled, or before its page opened.
     */
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/** POST /practices/{id}/checkout: billing information (also stored on the account) → a hosted checkout. */
export const checkoutRequestSchema = z.object({ billing: billingInfoSchema });

/**
 * Where the provider sends the browser back, on the portal (the SPA routes of the request wizard);
 * the payment id follows as `?payment=<id>`. The portal decides from the provider, never from these.
 */
export const PAYMENT_RETURN_PATHS = {
  success: '/service/new/thank-you',
  cancel: '/service/new/review',
} as const;

export const checkoutSessionSchema = z
  .object({
    payment_id: z.number().int(),
    /** The provider's hosted payment page; the browser goes there. */
    checkout_url: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSessionView = z.infer<typeof checkoutSessionSchema>;

/** What a settled payment issues: an invoice and a receipt, each numbered in its own sequence. */
export const PAYMENT_DOCUMENT_KINDS = ['invoice', 'receipt'] as const;
/** A refund issues a credit note (nota di credito), in a third sequence of its own (decision 068). */
export const FISCAL_DOCUMENT_KINDS = [...PAYMENT_DOCUMENT_KINDS, 'credit_note'] as const;
export type FiscalDocumentKind = (typeof FISCAL_DOCUMENT_KINDS)[number];

/**
 * What an invoice or receipt was paid for, as facts rather than words: a request's service (and
 * its urgency), or a return-delivery shipment. The reader's language words it (decision 061).
 */
export const fiscalSubjectSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('request'),
      practice_id: z.number().int(),
      service: z.enum(SERVICE_KINDS),
      is_urgent: z.boolean(),
    }),
    z.object({ kind: z.literal('delivery'), delivery_id: z.number().int() }),
  ])
  .meta({ id: 'FiscalDocumentSubject' });
export type FiscalSubject = z.infer<typeof fiscalSubjectSchema>;

export const fiscalDocumentSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(FISCAL_DOCUMENT_KINDS),
    /** One unbroken sequence per year and kind, e.g. "2026/000042". */
    number: z.string(),
    issued_at: z.string(),
    payment_id: z.number().int(),
    amount: moneySchema,
    /** The one-line summary as issued, in English; `subject` says it in any language. */
    description: z.string(),
    /** Null only when the payment's request is no longer there to tell. */
    subject: fiscalSubjectSchema.nullable(),
    /** Who took the money (`sandbox`, `stripe`, `nexi`), as stored when it was issued. */
    provider: z.string(),
    /** The provider's own id of the money movement (or of the refund, on a credit note). */
    transaction_reference: z.string(),
    /** On a credit note: the number of the invoice it corrects. */
    corrects_number: z.string().nullable(),
  })
  .meta({ id: 'FiscalDocument' });
export type FiscalDocument = z.infer<typeof fiscalDocumentSchema>;

/** GET /invoices: the applicant's invoices and receipts, newest first unless sorted otherwise. */
export const INVOICE_SORT_FIELDS = ['id', 'created_at', 'sequence'] as const;
export const invoicesQuerySchema = listQuerySchema(INVOICE_SORT_FIELDS).extend({
  kind: z.enum(FISCAL_DOCUMENT_KINDS).optional(),
});
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

/**
 * Why a payment is given back (decision 068): the two cases staff may refund, and a payment that
 * succeeded for a request it could no longer submit (deleted, no longer a draft, or incomplete),
 * which the settlement refunds by itself (decision 020).
 */
export const REFUND_REASONS = ['closed_before_evaluation', 'delivery_cancelled', 'not_submitted'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** pending: asked of the provider; succeeded: the money went back and the credit note is issued. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundSchema = z
  .object({
    id: z.number().int(),
    reason: z.enum(REFUND_REASONS),
    /** Always the whole payment. */
    amount: moneySchema,
    status: z.enum(REFUND_STATUSES),
    requested_at: z.string(),
    refunded_at: z.string().nullable(),
    credit_note_number: z.string().nullable(),
    /**
     * A `failed` refund staff gave back by hand in the provider's dashboard (decision 068): when
     * they said so. The portal issued no credit note for it (the accountant does).
     */
    given_back_at: z.string().nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** A refund as stored (its amounts in three columns), as the API answers it. */
export type RefundRecord = {
  id: number;
  reason: string;
  amount_net: number;
  amount_vat: number;
  amount_total: number;
  status: string;
  requested_at: string;
  refunded_at: string | null;
  credit_note_number: string | null;
  given_back_at: string | null;
};

/** The refund of a stored record: one reading for the staff's payments and the applicant's request. */
export const refundOf = (row: RefundRecord): Refund =>
  refundSchema.parse({
    id: row.id,
    reason: row.reason,
    amount: { net: row.amount_net, vat: row.amount_vat, total: row.amount_total },
    status: row.status,
    requested_at: row.requested_at,
    refunded_at: row.refunded_at,
    credit_note_number: row.credit_note_number,
    given_back_at: row.given_back_at,
  });

/** A refund as staff see it: with, for one the provider refused, what it said (as the dashboard shows it). */
export const staffRefundSchema = refundSchema
  .extend({
    /** A `failed` refund: what the provider (or the portal) said; null for any other. */
    failure_reason: z.string().nullable(),
  })
  .meta({ id: 'StaffRefund' });
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/** A succeeded payment as the staff workspace shows it: who took it, its reference, its refund. */
export const staffPaymentSchema = z
  .object({
    id: z.number().int(),
    purpose: z.enum(PAYMENT_PURPOSES),
    delivery_id: z.number().int().nullable(),
    amount: moneySchema,
    provider: z.string(),
    transaction_reference: z.string().nullable(),
    paid_at: z.string().nullable(),
    refund: staffRefundSchema.nullable(),
  })
  .meta({ id: 'StaffPayment' });
export type StaffPayment = z.infer<typeof staffPaymentSchema>;
