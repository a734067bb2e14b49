import { VALIDATION_EN, type ValidationMessageKey } from './messages-en';

// Apart from messages.ts, which holds every language's words: the SPA's forms name an issue's
// message here and word it from the catalogue of the language in use (decision 079).

const isValidationKey = (value: string): value is ValidationMessageKey => value in VALIDATION_EN;

/** The parts of a zod 4 issue this mapping reads; zod's own issue type fits it. */
export type IssueLike = {
  code: string;
  message?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
};

/** A validation message of the spec: its key and what fills its placeholders. */
export type ValidationMessage = { key: ValidationMessageKey; params?: Record<string, unknown> };
const message = (key: ValidationMessageKey, params?: Record<string, unknown>): ValidationMessage =>
  params ? { key, params } : { key };

/**
 * Which of the spec's messages a zod issue is, in any language: the SPA looks it up in its
 * catalogue (`validation.<key>`), which holds only the language in use (decision 079). A
 * schema's own refinement passes a message key (for example `passwordsDoNotMatch`) as its message.
 */
export function issueMessage(issue: IssueLike): ValidationMessage {
  if (issue.code === 'custom' && issue.message && isValidationKey(issue.message)) {
    return message(issue.message);
  }
  switch (issue.code) {
    case 'invalid_type':
      return message(issue.input === undefined || issue.input === null ? 'required' : 'invalidValue');
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? message('required') : message('minLength', { min });
      }
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        // An issue does not say whether its field takes decimals, so an inclusive bound is never
        // lowered to the spec's "greater than": min - 1 is false for decimals (-0.5 > -1, yet
        // refused). Integer fields that should read the spec's words give an exclusive bound.
        return issue.inclusive ? message('numberAtLeast', { min }) : message('numberMin', { min });
      }
      return message('required');
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        return message('numberMax', { max });
      }
      return message('maxLength', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return message('emailInvalid');
      if (issue.format === 'date' || issue.format === 'datetime') return message('dateInvalid');
      return message('invalidValue');
    case 'invalid_value':
    case 'invalid_union':
      return message(issue.input === undefined ? 'required' : 'invalidOption');
    case 'unrecognized_keys':
      return message('unknownField');
    default:
      return issue.message && isValidationKey(issue.message)
        ? message(issue.message)
        : message('invalidValue');
  }
}
