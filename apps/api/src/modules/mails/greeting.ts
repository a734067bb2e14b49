import type { AppealType, ApplicantMail, DocumentType, Locale } from '@lisbon/domain';
import type { MailContent } from '../../platform/mail/message';

type Facts = {
  firstName: string;
  practiceId: number;
  text: string | null;
  link: string;
  /** The portal's contact page (PUBLIC_URL + /contact), for the mails that say to write to the body. */
  contactUrl: string;
  /** The document types a question asks for: the mail names them. */
  documents: readonly DocumentType[];
  /** What the applicant asked for after publication, null when neither: an appeal's mails name it. */
  appealType: AppealType | null;
};

/** What the applicant is told about their request, for some kinds of mail, in each interface language. */
export type MailTexts<K extends ApplicantMail> = Record<Locale, Record<K, (facts: Facts) => MailContent>>;
