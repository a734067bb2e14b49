import type { ApplicantMail, Locale } from '@lisbon/domain';
import type { MailContent } from '../../platform/mail/message';

type Facts = { firstName: string; practiceId: number; text: string | null; link: string };

/** What the applicant is told about their request, for some kinds of mail, in each interface language. */
export type MailTexts<K extends ApplicantMail> = Record<Locale, Record<K, (facts: Facts) => MailContent>>;

export const hello = (locale: Locale, name: string) =>
  locale === 'it-IT' ? (name ? `Gentile ${name},` : 'Gentile utente,') : name ? `Hello ${name},` : 'Hello,';
