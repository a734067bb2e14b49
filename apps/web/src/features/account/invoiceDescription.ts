import type { FiscalDocument } from '@lisbon/domain';
import type { TFunction } from 'i18next';

/**
 * What an invoice or receipt was for, in the reader's language (issue 14, decision 061): worded
 * from its subject, not from the English summary stored at issue, which stays the fallback.
 */
export function invoiceDescription(document: Pick<FiscalDocument, 'description' | 'subject'>, t: TFunction) {
  const { subject } = document;
  if (!subject) return document.description;
  switch (subject.kind) {
    case 'request':
      return t(subject.is_urgent ? 'invoices.subject.requestUrgent' : 'invoices.subject.request', {
        id: subject.practice_id,
        service: t(`labels.service.${subject.service}`),
      });
    case 'delivery':
      return t('invoices.subject.delivery', { id: subject.delivery_id });
  }
}
