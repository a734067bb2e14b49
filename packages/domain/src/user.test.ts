import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerSchema, registerSchemaAt } from './auth';
import { messageForIssue } from './messages';
import { isSameEmail, missingProfileFields, type User } from './user';
import { userUpdateSchema, userUpdateSchemaAt } from './user-details';

const messagesOf = (result: z.core.util.SafeParseResult<unknown>) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), messageForIssue(issue)]),
  );

describe('userUpdateSchema', () => {
  it('refuses a change of email as an unknown field', () => {
    const result = userUpdateSchema.safeParse({ email: 'other@example.org' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('normalises a phone number and a tax ID', () => {
    const result = userUpdateSchema.parse({ phone: '+39 347 123 4567', tax_id: 'rssmra85t10a562s' });
    expect(result).toMatchObject({ phone: '+393471234567', tax_id: 'RSSMRA85T10A562S' });
    // The international prefix written 00, as dialled from Italy, is the + one.
    expect(userUpdateSchema.parse({ phone: '0039 347 123 4567' })).toMatchObject({ phone: '+393471234567' });
  });

  it('reads a phone number without its country code in the country of residence, kept in E.164', () => {
    expect(userUpdateSchema.parse({ phone: '333 1234567', residence_country: 'it' })).toMatchObject({
      phone: '+393331234567',
    });
    expect(userUpdateSchema.parse({ phone: '01 23 45 67 89', residence_country: 'FR' })).toMatchObject({
      phone: '+33123456789',
    });
    // With its country code, a number is read as it is, wherever the account lives.
    expect(userUpdateSchema.parse({ phone: '+44 20 7946 0958', residence_country: 'IT' })).toMatchObject({
      phone: '+442079460958',
    });
    expect(userUpdateSchema.parse({ phone: ' ', residence_country: 'IT' })).toMatchObject({ phone: null });
    const wrong = userUpdateSchema.safeParse({ phone: '12', residence_country: 'IT' });
    expect(messagesOf(wrong)).toEqual({ phone: 'Phone number not valid (add country code)' });
  });

  it('gives the spec messages for a bad phone and a bad tax ID', () => {
    const result = userUpdateSchema.safeParse({
      phone: '347 123 4567',
      residence_country: null,
      tax_id: 'RSSMRA85T10A562T',
    });
    expect(messagesOf(result)).toEqual({
      phone: 'Phone number not valid (add country code)',
      tax_id: 'Invalid Tax ID Number',
    });
  });

  it('takes the 11-digit numeric tax ID as billing does (decision 010), its check digit verified', () => {
    expect(userUpdateSchema.parse({ tax_id: '004 884 100 10' })).toMatchObject({ tax_id: '00488410010' });
    expect(messagesOf(userUpdateSchema.safeParse({ tax_id: '00488410011' }))).toEqual({
      tax_id: 'Invalid Tax ID Number',
    });
  });

  it('asks to confirm an omocodic tax ID, and accepts it once confirmed', () => {
    const unconfirmed = userUpdateSchema.safeParse({ tax_id: 'RSSMRA85T10A56NH' });
    expect(messagesOf(unconfirmed).tax_id).toMatch(/omocodia/);
    expect(
      userUpdateSchema.safeParse({ tax_id: 'RSSMRA85T10A56NH', tax_id_omocodia_confirmed: true }).success,
    ).toBe(true);
  });
});

describe('registerSchema', () => {
  const valid = {
    email: ' Maria.Rossi@Example.org ',
    first_name: 'Maria',
    last_name: 'Rossi',
    birth_date: '1990-04-12',
    accept_terms: true,
  };

  it('lower-cases the email and defaults to the standard category', () => {
    expect(registerSchema.parse(valid)).toMatchObject({
      email: 'maria.rossi@example.org',
      category: 'standard',
    });
  });

  it('requires the terms to be accepted', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, accept_terms: false }))).toEqual({
      accept_terms: 'You must accept the terms and conditions',
    });
  });

  it('refuses minors on the day of the clock it is given (Rome), not the real date', () => {
    let now = new Date('2020-06-01T12:00:00Z');
    const schema = registerSchemaAt(() => now);
    const birthOf = (birth_date: string) => messagesOf(schema.safeParse({ ...valid, birth_date })).birth_date;
    expect(birthOf('2002-06-01')).toBeUndefined();
    expect(birthOf('2002-06-02')).toMatch(/restricted to adults/);
    // 23:30 in London on 1 June is 2 June in Rome: 18 there.
    now = new Date('2020-06-01T22:30:00Z');
    expect(birthOf('2002-06-02')).toBeUndefined();
    // A clock set ahead (a test's, a journey's) decides: 18 on it, though not yet for real.
    now = new Date('2099-01-01T12:00:00Z');
    expect(birthOf('2080-01-01')).toBeUndefined();
    // The registration's shape alone, as a queued one is read, takes any real day.
    expect(registerSchema.safeParse({ ...valid, birth_date: '2080-01-01' }).success).toBe(true);
  });

  it('the account’s details refuse a minor’s birth date on the clock they are given', () => {
    const now = new Date('2020-06-01T12:00:00Z');
    expect(
      messagesOf(userUpdateSchemaAt(() => now).safeParse({ birth_date: '2002-06-02' })).birth_date,
    ).toMatch(/restricted to adults/);
    expect(userUpdateSchemaAt(() => now).safeParse({ birth_date: '2002-06-01' }).success).toBe(true);
  });

  it.each(['Nguyễn Thị', 'Ñúñez-García', "D'Angelo", 'O’Brien', 'J. R. R.', 'محمد', 'Анна', '李'])(
    'accepts the name %s',
    (name) => {
      expect(registerSchema.safeParse({ ...valid, first_name: name, last_name: name }).success).toBe(true);
    },
  );

  it.each(['Visit https://evil.example', 'Maria2', '<b>Maria</b>', '-Maria', 'Win $$$ now!'])(
    'refuses the name %s with the characters names hold',
    (name) => {
      expect(messagesOf(registerSchema.safeParse({ ...valid, first_name: name }))).toEqual({
        first_name: 'Use letters, spaces, apostrophes, hyphens and dots only',
      });
    },
  );

  it('says a malformed email is not valid', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, email: 'maria@' }))).toEqual({
      email: 'Email not valid',
    });
  });
});

describe('isSameEmail', () => {
  it('ignores case and surrounding spaces, nothing else', () => {
    expect(isSameEmail(' Ada@Example.org ', 'ada@example.org')).toBe(true);
    expect(isSameEmail('ada@example.org', 'ada@example.com')).toBe(false);
    expect(isSameEmail('', 'ada@example.org')).toBe(false);
  });
});

describe('missingProfileFields', () => {
  const complete = {
    birth_date: '1990-05-17',
    birth_country: 'GB',
    nationality: 'GB',
    document_number: 'X1234567',
    phone: '+442079460958',
    residence_country: 'IT',
    address: 'Via Roma 1',
    city: 'Roma',
  };
  const user = (details: Partial<User>) => ({ ...complete, ...details }) as unknown as User;

  it('names the empty details in the order of the account page, none once complete', () => {
    expect(missingProfileFields(user({}))).toEqual([]);
    expect(missingProfileFields(user({ city: '', phone: null }))).toEqual(['phone', 'city']);
  });
});
