import { priceLines, type ChargeLine, type ServiceKind } from '@lisbon/domain';
import type { ServicePrices } from '../../platform/config';
import { priceCents } from '../reference/prices';

/** Service names as invoices print them: Italian, then English (the web's labels). */
const SERVICE_NAMES: Record<ServiceKind, { it: string; en: string }> = {
  correspondence_verification: { it: 'Corrispondenza e verifica', en: 'Correspondence and verification' },
  comparability_verification: { it: 'Comparabilità e verifica', en: 'Comparability and verification' },
  comparability: { it: 'Solo comparabilità', en: 'Comparability only' },
  refugee_comparability: {
    it: 'Comparabilità gratuita per rifugiati',
    en: 'Free comparability for refugees',
  },
};

/**
 * What a request costs, from the configured prices (VAT included): the service, plus the urgent
 * supplement as its own line. `description` is the gateway's and the documents' one-line summary.
 */
export function chargeForPractice(
  prices: ServicePrices,
  practice: { id: number; service: ServiceKind; isUrgent: boolean },
) {
  const name = SERVICE_NAMES[practice.service];
  const lines: ChargeLine[] = [
    {
      description: `${name.it}, richiesta n. ${practice.id} / ${name.en}, request no. ${practice.id}`,
      amountCents: priceCents(prices, practice.service),
    },
    ...(practice.isUrgent
      ? [
          {
            description: 'Supplemento procedura urgente / Urgent processing supplement',
            amountCents: prices.urgentSupplement,
          },
        ]
      : []),
  ];
  const description = `Request no. ${practice.id}: ${name.en}${practice.isUrgent ? ' (urgent)' : ''}`;
  return { description, ...priceLines(lines) };
}
