import { feeLines, feeTotal, splitVat, type Money, type ServiceKind } from '@lisbon/domain';
import type { ServicePrices } from '../../platform/config';

/** A service's price in cents, VAT included; the refugee comparability service is free. */
export function priceCents(prices: ServicePrices, kind: ServiceKind): number {
  switch (kind) {
    case 'correspondence_verification':
      return prices.correspondenceVerification;
    case 'comparability_verification':
      return prices.comparabilityVerification;
    case 'comparability':
      return prices.comparability;
    case 'refugee_comparability':
      return 0;
  }
}

export const servicePrice = (prices: ServicePrices, kind: ServiceKind): Money =>
  splitVat(priceCents(prices, kind));

/** A request's fee lines from the configured prices, by the domain's rule (`feeLines`). */
const feeOf = (prices: ServicePrices, kind: ServiceKind) => ({
  serviceCents: priceCents(prices, kind),
  urgentSupplementCents: prices.urgentSupplement,
});

export const requestFeeLines = (
  prices: ServicePrices,
  kind: ServiceKind,
  isUrgent: boolean,
  descriptions: { service: string; urgent: string },
) => feeLines(feeOf(prices, kind), isUrgent, descriptions);

/** Urgent processing costs the service price plus the supplement. */
export const urgentPrice = (prices: ServicePrices, kind: ServiceKind): Money =>
  feeTotal(feeOf(prices, kind), true);

/** What urgent processing adds to the price. */
export const urgentSupplement = (prices: ServicePrices): Money => splitVat(prices.urgentSupplement);
