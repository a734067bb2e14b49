import { feeLines, type Money, type ServiceDescription } from '@lisbon/domain';

/** What a request costs in all, VAT included: the urgent price when urgent (service + supplement). */
export const amountDue = (service: ServiceDescription, isUrgent: boolean): Money =>
  isUrgent && service.urgent_price ? service.urgent_price : service.price;

/**
 * The lines of that amount: the service and, when urgent, the urgent supplement the API answers,
 * by the domain's rule (`feeLines`), as the checkout and the invoice charge them.
 */
export const chargeLines = (
  service: ServiceDescription,
  isUrgent: boolean,
  names: { service: string; urgent: string },
) =>
  feeLines(
    { serviceCents: service.price.total, urgentSupplementCents: service.urgent_supplement?.total ?? 0 },
    isUrgent,
    names,
  );
