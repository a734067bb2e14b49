import type { VerifyReason } from './statement-fields';

// No runtime import here: the languages' texts build their messages with it, and the public pages'
// first visit takes those texts without the statement's fields (decision 082's budget).

/**
 * Each reason after its verdict, in one sentence ("NOT valid: this file is…"), for a reader that
 * has no verdict of its own to show (the API's `message`, the wallet's check): `original` is the
 * one valid reason and `not_yet_published` no verdict, as VERIFY_RESULT_OF says (a test holds them
 * together).
 */
export function withVerdicts(
  reasons: Record<VerifyReason, string>,
  verdicts: { valid: string; notValid: string },
): Record<VerifyReason, string> {
  const messageOf = (reason: VerifyReason, text: string) => {
    if (reason === 'not_yet_published') return text;
    const verdict = reason === 'original' ? verdicts.valid : verdicts.notValid;
    return `${verdict}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  };
  return Object.fromEntries(
    (Object.entries(reasons) as [VerifyReason, string][]).map(([reason, text]) => [
      reason,
      messageOf(reason, text),
    ]),
  ) as Record<VerifyReason, string>;
}
