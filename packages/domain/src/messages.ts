import type { ErrorCode } from './errors';
import { italianElision } from './formats';
import { issueMessage, type IssueLike } from './issue-message';
import { DEFAULT_LOCALE, type Locale } from './locales';
import {
  ERROR_EN,
  PAYMENT_EN,
  type PaymentMessageKey,
  VALIDATION_EN,
  type ValidationMessageKey,
} from './messages-en';
import { ERROR_IT, PAYMENT_IT, VALIDATION_IT } from './messages-it';

/**
 * Validation messages of spec §5 and the API's error messages, in every language (each language's
 * own in messages-en.ts, messages-it.ts). Placeholders use i18next's `{{name}}` so the web merges
 * these into its catalogue unchanged.
 */
export const VALIDATION_MESSAGES: Record<Locale, Record<ValidationMessageKey, string>> = {
  'en-US': VALIDATION_EN,
  'it-IT': VALIDATION_IT,
};

export const PAYMENT_MESSAGES: Record<Locale, Record<PaymentMessageKey, string>> = {
  'en-US': PAYMENT_EN,
  'it-IT': PAYMENT_IT,
};

/** The message of each API error code, as the API sends it in `message`. */
export const ERROR_MESSAGES: Record<Locale, Record<ErrorCode, string>> = {
  'en-US': ERROR_EN,
  'it-IT': ERROR_IT,
};

/** Keys of the answers that acknowledge a request without revealing anything (spec §8 success messages). */
export const NOTICE_KEYS = [
  'registered',
  'activationSent',
  'resetLinkSent',
  'accountActivated',
  'passwordReset',
  'passwordUpdated',
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** The `message` of an acknowledgement; the same whether or not the email belongs to an account. */
export const NOTICE_MESSAGES: Record<Locale, Record<NoticeKey, string>> = {
  'en-US': {
    registered: 'Registration successful. Check your email to activate your account.',
    activationSent: 'If the account exists and is not active yet, we have sent a new activation link.',
    resetLinkSent: 'If the email belongs to an account, we have sent a link to set a new password.',
    accountActivated: 'Account activated. You can now log in.',
    passwordReset: 'Password updated. You can now log in with your new password.',
    passwordUpdated: 'Password updated',
  },
  'it-IT': {
    registered: 'Registrazione completata. Controlla la tua email per attivare il tuo account.',
    activationSent:
      'Se l’account esiste e non è ancora attivo, ti abbiamo inviato un nuovo link di attivazione.',
    resetLinkSent:
      'Se l’email appartiene a un account, ti abbiamo inviato un link per impostare una nuova password.',
    accountActivated: 'Account attivato. Ora puoi accedere.',
    passwordReset: 'Password aggiornata. Ora puoi accedere con la nuova password.',
    passwordUpdated: 'Password aggiornata',
  },
};

export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return italianElision(
    template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    ),
  );
}

export function validationMessage(
  key: ValidationMessageKey,
  locale: Locale = DEFAULT_LOCALE,
  params: Record<string, unknown> = {},
): string {
  return formatMessage(VALIDATION_MESSAGES[locale][key], params);
}

/** Turns a zod issue into the spec's message in the given locale (`issueMessage`'s words). */
export function messageForIssue(issue: IssueLike, locale: Locale = DEFAULT_LOCALE): string {
  const { key, params } = issueMessage(issue);
  return validationMessage(key, locale, params);
}
