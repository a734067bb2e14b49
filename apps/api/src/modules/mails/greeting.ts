import type { ApplicantMail, Locale } from '@lisbon/domain';
import type { MailContent } from '../../platform/mail/message';

type Facts = { firstName: string; practiceId: number; text: string | null; link: string };

/** What the applicant is told about their request, for some kinds of mail, in each interface language. */
export type MailTexts<K extends ApplicantMail> = Record<Locale, Record<K, (facts: Facts) => MailContent>>;
