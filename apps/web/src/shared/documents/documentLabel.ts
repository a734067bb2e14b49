import { DOCUMENT_TYPES, isOneOf } from '@lisbon/domain';
import type { TFunction } from 'i18next';

/**
 * How every page names a document: its type ("Diploma supplement"), or, for an additional
 * document, the name the applicant gave it ("Internship letter (additional document)"). A type
 * this build does not know (an older audit entry) is shown as recorded.
 */
export const documentLabel = (
  document: { type: string; additional_type?: string | null },
  t: TFunction,
): string => {
  if (document.type === 'additional' && document.additional_type)
    return t('labels.additionalDocument', { name: document.additional_type });
  return isOneOf(DOCUMENT_TYPES, document.type) ? t(`labels.document.${document.type}`) : document.type;
};
