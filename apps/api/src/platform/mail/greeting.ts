import type { Locale } from '@lisbon/domain';

/** How every mail to a person opens, in their language: by first name when the account has one. */
export function greeting(locale: Locale, firstName: string): string {
  if (locale === 'it-IT') return firstName ? `Gentile ${firstName},` : 'Gentile utente,';
  return firstName ? `Hello ${firstName},` : 'Hello,';
}
