import { SERVICE_NAMES, type ServiceKind } from '@lisbon/domain';
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
  const description = `Request no. ${practice.id}: ${name.en}${practice.isUrgent ? ' (urgent)' : ''}`;
  return {
    description,
    ...requestFeeLines(prices, practice.service, practice.isUrgent, {
      service: `${name.it}, richiesta n. ${practice.id} / ${name.en}, request no. ${practice.id}`,
      urgent: 'Supplemento procedura urgente / Urgent processing supplement',
    }),
  };
}
