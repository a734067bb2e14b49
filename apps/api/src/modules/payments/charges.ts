import { type Locale, SERVICE_NAMES, type ServiceKind } from '@lisbon/domain';
import type { ServicePrices } from '../../platform/config';
import { requestFeeLines } from '../reference/prices';

/**
 * What a request costs, from the configured prices (VAT included): the service, plus the urgent
 * supplement as its own line. `description` is the gateway's and the documents' one-line summary.
 */
export function chargeForPractice(
  prices: ServicePrices,
  practice: { id: number; service: ServiceKind; isUrgent: boolean },
) {
  // Invoices print the service's name in Italian, then in English (decision 061).
  const name = { it: SERVICE_NAMES['it-IT'][practice.service], en: SERVICE_NAMES['en-US'][practice.service] };
  return {
    description: requestCheckoutLine('en-US', practice),
    ...requestFeeLines(prices, practice.service, practice.isUrgent, {
      service: `${name.it}, richiesta n. ${practice.id} / ${name.en}, request no. ${practice.id}`,
      urgent: 'Supplemento procedura urgente / Urgent processing supplement',
    }),
  };
}

/** The line the provider's payment page shows the payer, in the payer's language (the stored one stays English). */
const CHECKOUT_LINES: Record<
  Locale,
  { request: (id: number, service: string, isUrgent: boolean) => string; delivery: (id: number) => string }
> = {
  'en-US': {
    request: (id, service, isUrgent) => `Request no. ${id}: ${service}${isUrgent ? ' (urgent)' : ''}`,
    delivery: (id) => `Return delivery of originals, shipment no. ${id}`,
  },
  'it-IT': {
    request: (id, service, isUrgent) => `Richiesta n. ${id}: ${service}${isUrgent ? ' (urgente)' : ''}`,
    delivery: (id) => `Restituzione degli originali, spedizione n. ${id}`,
  },
};

export const requestCheckoutLine = (
  locale: Locale,
  practice: { id: number; service: ServiceKind; isUrgent: boolean },
) => CHECKOUT_LINES[locale].request(practice.id, SERVICE_NAMES[locale][practice.service], practice.isUrgent);

export const deliveryCheckoutLine = (locale: Locale, deliveryId: number) =>
  CHECKOUT_LINES[locale].delivery(deliveryId);
