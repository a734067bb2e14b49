// The statement's fields and the verification's answers, in words: no schema here, so the pages
// that only name them (the catalogues) do not build the statement's schemas.
import type { Locale } from './locales';
import type { CertificateField, VerifyReason } from './statement-fields';
import { CERTIFICATE_LABELS_EN, VERIFY_MESSAGES_EN } from './statement-texts-en';
import { CERTIFICATE_LABELS_IT, VERIFY_MESSAGES_IT } from './statement-texts-it';

export * from './statement-fields';

export const CERTIFICATE_LABELS: Record<Locale, Record<CertificateField, string>> = {
  'en-US': CERTIFICATE_LABELS_EN,
  'it-IT': CERTIFICATE_LABELS_IT,
};

/** The plain words of each reason (spec §8: valid, NOT valid, certificate not yet published). */
export const VERIFY_MESSAGES: Record<Locale, Record<VerifyReason, string>> = {
  'en-US': VERIFY_MESSAGES_EN,
  'it-IT': VERIFY_MESSAGES_IT,
};
