import { type PracticeStatus, serviceOffer, type ServiceKind } from '@lisbon/domain';
import type { TFunction } from 'i18next';
import type { Fact } from './Facts';

/**
 * When the request was paid, as the applicant's and the staff's request pages show it; for a free
 * service (the refugees') its price instead: "Paid on: Not given" would read as a payment owed.
 * A draft not paid for yet reads "Not yet", as its "Submitted on" does.
 */
export function paymentFact(
  practice: { service: ServiceKind; paid_at: string | null; status: PracticeStatus },
  t: TFunction,
  date: (value: string | null) => string | null,
): Fact {
  return serviceOffer(practice.service).isFree
    ? [t('practiceFacts.price'), t('practiceFacts.free')]
    : [
        t('practiceFacts.paidAt'),
        date(practice.paid_at) ?? (practice.status === 'draft' ? t('practiceFacts.notYet') : null),
      ];
}
