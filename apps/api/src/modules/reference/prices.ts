import { splitVat, type Money, type ServiceKind } from '@lisbon/domain';
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

/** Urgent processing costs the service price plus the supplement. */
export const urgentPrice = (prices: ServicePrices, kind: ServiceKind): Money =>
  splitVat(priceCents(prices, kind) + prices.urgentSupplement);
