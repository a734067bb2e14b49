import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  NOTICE_MESSAGES,
  PAYMENT_MESSAGES,
  VALIDATION_MESSAGES,
  formatMessage,
  messageForIssue,
} from './messages';
import { italianElision } from './formats';
import { issueMessage } from './issue-message';
import { assessmentSchema } from './assessment';
import { listQuerySchema } from './list-query';
import type { Locale } from './locales';
import { PAYMENT_MESSAGE_KEYS, SPA_ERRORS_EN, VALIDATION_EN } from './messages-en';
import { SPA_ERRORS_IT, VALIDATION_IT } from './messages-it';

const firstIssue = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected the input to be refused');
  const [issue] = result.error.issues;
  if (!issue) throw new Error('expected an issue');
  return issue;
};

describe('messageForIssue', () => {
  it('says a missing field is required, in the spec words', () => {
    const issue = firstIssue(z.object({ name: z.string() }), {});
    expect(messageForIssue(issue)).toBe('This field is required');
    expect(messageForIssue(issue, 'it-IT')).toBe('Questo campo è obbligatorio');
  });

  it('treats an empty required string as required', () => {
    expect(messageForIssue(firstIssue(z.string().min(1), ''))).toBe('This field is required');
  });

  it('gives the minimum and maximum length with their numbers', () => {
    expect(messageForIssue(firstIssue(z.string().min(8), 'abc'))).toBe('Minimum length 8 characters');
    expect(messageForIssue(firstIssue(z.string().max(3), 'abcd'))).toBe('Maximum length 3 characters');
  });

  it('gives the number bounds as the spec words them', () => {
    expect(messageForIssue(firstIssue(z.number().gt(5), 5))).toBe('Must be greater than 5');
    expect(messageForIssue(firstIssue(z.number().int().positive(), 0))).toBe('Must be greater than 0');
    expect(messageForIssue(firstIssue(z.number().max(10), 11))).toBe('Must be less or equal than 10');
  });

  it('words an inclusive minimum so that it holds for decimals too', () => {
    const issue = firstIssue(z.number().min(0).multipleOf(0.01), -0.5);
    expect(messageForIssue(issue)).toBe('Must be greater than or equal to 0');
    expect(messageForIssue(issue, 'it-IT')).toBe('Deve essere maggiore o uguale a 0');
    expect(issueMessage(issue)).toEqual({ key: 'numberAtLeast', params: { min: 0 } });
  });

  it('keeps the spec words for the integer bounds of lists, searches and the award year', () => {
    const list = listQuerySchema(['id'] as const);
    expect(messageForIssue(firstIssue(list, { page: 0 }))).toBe('Must be greater than 0');
    expect(messageForIssue(firstIssue(list, { perPage: 0 }))).toBe('Must be greater than 0');
    expect(messageForIssue(firstIssue(assessmentSchema, { award_year: 1899 }))).toBe(
      'Must be greater than 1899',
    );
    expect(assessmentSchema.safeParse({ award_year: 1900 }).success).toBe(true);
  });

  it('names an invalid email and an invalid date', () => {
    expect(messageForIssue(firstIssue(z.email(), 'nope'))).toBe('Email not valid');
    expect(messageForIssue(firstIssue(z.iso.date(), '31/02/2024'))).toBe('Date not valid');
  });

  it('translates a refinement that carries a message key', () => {
    const schema = z
      .object({ password: z.string(), confirmation: z.string() })
      .refine((value) => value.password === value.confirmation, { message: 'passwordsDoNotMatch' });
    const issue = firstIssue(schema, { password: 'a', confirmation: 'b' });
    expect(messageForIssue(issue)).toBe('The passwords do not match');
    expect(messageForIssue(issue, 'it-IT')).toBe('Le password non coincidono');
  });

  it('refuses a value outside an enum with a choice message, not a crash', () => {
    expect(messageForIssue(firstIssue(z.enum(['a', 'b']), 'c'))).toBe('Choose one of the options offered');
  });
});

describe('issueMessage', () => {
  it('names the message and its numbers, which each language words: the SPA looks them up in its catalogue', () => {
    const issue = firstIssue(z.string().min(5), 'abc');
    expect(issueMessage(issue)).toEqual({ key: 'minLength', params: { min: 5 } });
    expect(formatMessage(VALIDATION_IT.minLength, { min: 5 })).toBe(messageForIssue(issue, 'it-IT'));
    expect(formatMessage(VALIDATION_EN.minLength, { min: 5 })).toBe(messageForIssue(issue, 'en-US'));
  });

  it('gives a refinement its own key, without numbers', () => {
    const schema = z.string().refine(() => false, { message: 'passwordsDoNotMatch' });
    expect(issueMessage(firstIssue(schema, 'x'))).toEqual({ key: 'passwordsDoNotMatch' });
  });
});

describe('catalogues', () => {
  // Every group of messages the domain words in each language: the SPA's and the API's.
  const groups = {
    validation: VALIDATION_MESSAGES,
    errors: ERROR_MESSAGES,
    payments: PAYMENT_MESSAGES,
    notices: NOTICE_MESSAGES,
    spaErrors: { 'en-US': SPA_ERRORS_EN, 'it-IT': SPA_ERRORS_IT },
  } satisfies Record<string, Record<Locale, Record<string, string>>>;

  it('have the same keys and no empty value in both languages, in every group', () => {
    for (const [group, catalogue] of Object.entries(groups)) {
      const en: Record<string, string> = catalogue['en-US'];
      const it: Record<string, string> = catalogue['it-IT'];
      expect(Object.keys(it).sort(), group).toEqual(Object.keys(en).sort());
      for (const value of [...Object.values(en), ...Object.values(it)]) expect(value.trim()).not.toBe('');
    }
    expect(Object.keys(PAYMENT_MESSAGES['en-US']).sort()).toEqual([...PAYMENT_MESSAGE_KEYS].sort());
  });

  it('keeps the placeholders of each English message in its Italian one, in every group', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [group, catalogue] of Object.entries(groups)) {
      const en: Record<string, string> = catalogue['en-US'];
      const it: Record<string, string> = catalogue['it-IT'];
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(it[key] ?? ''), `${group}.${key}`).toEqual(placeholders(text));
      }
    }
  });
});

describe('formatMessage', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'two' })).toBe('1 and two and {{c}}');
  });
});

describe('Italian elision before a day said with a vowel', () => {
  it('elides the article of 1, 8 and 11, in any template, and leaves the rest alone', () => {
    expect(italianElision('fino al 8 dicembre 2026 alle ore 10:32')).toBe(
      'fino all’8 dicembre 2026 alle ore 10:32',
    );
    expect(italianElision('pubblicato il 11 marzo 2026, dal 1 aprile al 18 aprile')).toBe(
      'pubblicato l’11 marzo 2026, dall’1 aprile al 18 aprile',
    );
    expect(italianElision('Il 1 gennaio')).toBe('L’1 gennaio');
    expect(italianElision('il 1 documento, al 8%, until 8 December')).toBe(
      'il 1 documento, al 8%, until 8 December',
    );
    expect(formatMessage('La restituzione è sospesa fino al {{until}}.', { until: '11 dicembre 2026' })).toBe(
      'La restituzione è sospesa fino all’11 dicembre 2026.',
    );
  });
});
