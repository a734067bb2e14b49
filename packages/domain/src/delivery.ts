import { z } from 'zod';
import { RETURN_DELIVERY_FEE } from './constants';
import { countryCodeField } from './country-code';
import { moneySchema, billingInfoSchema } from './payments';
import { isZipCodeGiven, zipCodeField, zipCodeRequired } from './postcode';
import { ARCHIVE_STATUSES, isArchived, PRACTICE_STATUSES, type PracticeStatus } from './statuses';
import { isValidPhoneIn, toE164In } from './phone';
import { calendarDayOf } from './wall-clock';
import { addCalendarDays, type Closure } from './working-days';

/**
 * Return delivery of paper originals (spec §2 `/delivery`, §3 Delivery): staff open a request to
 * delivery once they hold its originals; the applicant puts such requests in a cart, gives the
 * shipping information once, pays the fee per shipment and downloads the waybill; staff set the
 * shipment delivered.
 */

/**
 * The statuses in which staff may open a request to delivery: the evaluation is over, so the
 * originals the body holds are no longer needed (decision 028).
 */
export const DELIVERY_OPENABLE_STATUSES = ARCHIVE_STATUSES;

/**
 * Whether a request's return delivery is still to be opened and worth explaining: its evaluation is
 * over (or an appeal or amendment of it is open, which holds the delivery) and staff have not opened
 * it yet, since they do so once they hold the paper originals.
 */
export const isDeliveryAwaitingOpening = (practice: {
  status: PracticeStatus;
  delivery_opened_at?: string | null;
}): boolean =>
  !practice.delivery_opened_at && (isArchived(practice.status) || practice.status.startsWith('appeal_'));

/** Any submitted request: a shipment paid for is delivered whatever the request does meanwhile. */
export const DELIVERY_SETTABLE_STATUSES = PRACTICE_STATUSES.filter((status) => status !== 'draft');

/** The fee of one shipment, however many requests it carries (spec §9). */
export const deliveryFee = () => ({ ...RETURN_DELIVERY_FEE });

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * Shipping information (spec §3: recipient name and address); once submitted it cannot be changed.
 * The courier's phone number is checked like the account's ('Phone number not valid (add country
 * code)'), except that a national number of the shipping country is accepted too and takes that
 * country's prefix; it is kept in E.164.
 */
export const shippingInfoSchema = z
  .object({
    recipient_name: text(200),
    address: text(200),
    city: text(100),
    zip_code: zipCodeField,
    province: z.string().trim().max(100).nullable().optional(),
    country: countryCodeField,
    phone: z.string().trim().max(40).nullable().optional(),
  })
  .refine(isZipCodeGiven, zipCodeRequired)
  .refine((value) => !value.phone || isValidPhoneIn(value.phone, value.country), {
    message: 'phoneInvalid',
    path: ['phone'],
  })
  .transform((value) => {
    if (value.phone === undefined) return value;
    // A blank number is no number.
    return { ...value, phone: value.phone ? (toE164In(value.phone, value.country) ?? value.phone) : null };
  });
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

export const shippingInfoViewSchema = z
  .object({
    recipient_name: z.string(),
    address: z.string(),
    city: z.string(),
    /** None for a country without zip codes (`hasPostalCodes`). */
    zip_code: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
    submitted_at: z.string(),
  })
  .meta({ id: 'ShippingInfo' });
export type ShippingInfoView = z.infer<typeof shippingInfoViewSchema>;

/** `cancelled`: paid, then cancelled by staff before delivery, its fee refunded (decision 068). */
export const DELIVERY_STATUSES = ['open', 'paid', 'delivered', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    shipping: shippingInfoViewSchema.nullable(),
    practice_ids: z.array(z.number().int()),
    amount: moneySchema,
    paid_at: z.string().nullable(),
    payment_id: z.number().int().nullable(),
    waybill_number: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

/** A request as the delivery page lists it. */
export const deliverablePracticeSchema = z
  .object({
    id: z.number().int(),
    qualification_name: z.string().nullable(),
    status: z.enum(PRACTICE_STATUSES),
    delivery_opened_at: z.string(),
    delivery_paid_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'DeliverablePractice' });
export type DeliverablePractice = z.infer<typeof deliverablePracticeSchema>;

export const suspensionSchema = z
  .object({
    /** Both ends included, calendar days of the body's time zone. */
    from: z.iso.date(),
    to: z.iso.date(),
    /**
     * The first day the return can be ordered again (`orderableAgainOn`): the day the page, the
     * 409 DELIVERY_SUSPENDED and the 'open to delivery' mail all name (decision 028).
     */
    orderable_on: z.iso.date(),
  })
  .meta({ id: 'DeliverySuspension' });

/** GET /delivery: everything the page shows. */
export const deliveryOverviewSchema = z
  .object({
    /** Requests open to delivery not yet in a paid shipment: what may go in the cart. */
    deliverable: z.array(deliverablePracticeSchema),
    /** The shipment being prepared (shipping information given, not yet paid), if any. */
    current: deliverySchema.nullable(),
    /** Paid shipments, newest first. */
    shipments: z.array(deliverySchema),
    fee: moneySchema,
    /** The suspension in force now, if any: the cart cannot be paid before its `orderable_on`. */
    suspension: suspensionSchema.nullable(),
  })
  .meta({ id: 'DeliveryOverview' });
export type DeliveryOverview = z.infer<typeof deliveryOverviewSchema>;

/** POST /delivery/checkout: the cart and who pays → a hosted checkout for the fee. */
export const deliveryCheckoutRequestSchema = z.object({
  practice_ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'practiceListedTwice' }),
  billing: billingInfoSchema,
});
export type DeliveryCheckoutRequest = z.infer<typeof deliveryCheckoutRequestSchema>;

/** Where the provider sends the browser back after paying a delivery (`?payment=<id>` follows). */
export const DELIVERY_RETURN_PATH = '/delivery';
/**
 * What the provider's Cancel adds to the return address (`&cancelled=1`): a payment still pending
 * then was left unpaid, where one back from paying may still be awaiting its confirmation.
 */
export const DELIVERY_CANCELLED_PARAM = 'cancelled';

/**
 * The suspension window in force at instant `at`, if any: windows are calendar days, both ends
 * included, in the body's time zone, so the last day ends at midnight in Rome, not in UTC.
 */
export function suspensionAt(at: Date, windows: readonly Closure[]): Closure | null {
  return suspensionDuring(at, at, windows);
}

/**
 * The suspension window met by a span of time, if any: the lifetime of a checkout opened at `from`
 * and payable until `until`. A cart is refused when its payment could land inside a window, so a
 * checkout opened minutes before a window begins cannot be paid in it.
 */
export function suspensionDuring(from: Date, until: Date, windows: readonly Closure[]): Closure | null {
  return windowMeeting(calendarDayOf(from), calendarDayOf(until), windows);
}

/** The window that meets the calendar days `first` to `last` (both included), if any. */
const windowMeeting = (first: string, last: string, windows: readonly Closure[]): Closure | null =>
  windows.find((window) => window.from <= last && first <= window.to) ?? null;

/**
 * The first calendar day a return delivery can be ordered again after `suspension`: the day after
 * its last, or after the last of the windows that follow on from it without a day between.
 */
export function orderableAgainOn(suspension: Closure, windows: readonly Closure[]): string {
  let day = addCalendarDays(suspension.to, 1);
  for (let next = windowMeeting(day, day, windows); next; next = windowMeeting(day, day, windows)) {
    day = addCalendarDays(next.to, 1);
  }
  return day;
}

/** Whether return delivery is suspended at instant `at` (spec §9). */
export const isSuspendedAt = (at: Date, windows: readonly Closure[]): boolean =>
  suspensionAt(at, windows) !== null;

/** The waybill's number of a shipment: stable and readable, derived from its id and its year. */
export const waybillNumber = (deliveryId: number, paidAt: Date): string =>
  `RD-${calendarDayOf(paidAt).slice(0, 4)}-${String(deliveryId).padStart(6, '0')}`;

/** A request the applicant may put in the cart: opened to delivery and not yet in a paid shipment. */
export const isDeliveryAddable = (practice: {
  delivery_opened_at: string | null;
  delivery_id?: number | null;
  delivery_paid_at: string | null;
}): boolean =>
  practice.delivery_opened_at !== null && !practice.delivery_id && practice.delivery_paid_at === null;

/**
 * Whether a delivery change still applies to a request, besides its status and the actor's
 * ability: it is opened once, and set delivered once its shipment is paid.
 */
export function isDeliveryChangePending(
  change: 'open_to_delivery' | 'set_delivered',
  practice: {
    delivery_opened_at?: string | null;
    delivery_paid_at?: string | null;
    delivered_at?: string | null;
  },
): boolean {
  if (change === 'open_to_delivery') return !practice.delivery_opened_at;
  return Boolean(practice.delivery_paid_at) && !practice.delivered_at;
}
