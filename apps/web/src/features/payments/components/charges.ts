import { type Money, priceLines, type ServiceDescription } from '@lisbon/domain';

/** What a request costs in all, VAT included: the urgent price when urgent (service + supplement). */
export const amountDue = (service: ServiceDescription, isUrgent: boolean): Money =>
  isUrgent && service.urgent_price ? service.urgent_price : service.price;

/**
 * The lines of that amount: the service and, when urgent, the urgent supplement (the urgent price
 * less the ordinary one, as the API charges it), priced by the domain's rule as the invoice is.
 */
export function chargeLines(
  service: ServiceDescription,
  isUrgent: boolean,
  names: { service: string; urgent: string },
) {
  const supplement = amountDue(service, isUrgent).total - service.price.total;
  return priceLines([
    { description: names.service, amountCents: service.price.total },
    ...(supplement > 0 ? [{ description: names.urgent, amountCents: supplement }] : []),
  ]);
}
