import { feeLines, feeTotal, serviceFee, type Money, type ServiceDescription } from '@lisbon/domain';

/** What a request costs in all, VAT included, by the domain's rule (`feeTotal`). */
export const amountDue = (service: ServiceDescription, isUrgent: boolean): Money =>
  feeTotal(serviceFee(service), isUrgent);

/**
 * The lines of that amount: the service and, when urgent, the urgent supplement the API answers,
 * by the domain's rule (`feeLines`), as the checkout and the invoice charge them.
 */
export const chargeLines = (
  service: ServiceDescription,
  isUrgent: boolean,
  names: { service: string; urgent: string },
) => feeLines(serviceFee(service), isUrgent, names);
