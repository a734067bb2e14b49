import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordWithConfirmationSchema } from './password';
import { messageForIssue } from './messages';

describe('passwordProblems', () => {
  it('accepts a password meeting every requirement', () => {
    expect(passwordProblems('Lisbon#2026')).toEqual([]);
  });

  it('names each missing requirement', () => {
    expect(passwordProblems('Ab1!')).toEqual(['minLength']);
    expect(passwordProblems('lisbon#2026')).toEqual(['uppercase']);
    expect(passwordProblems('LISBON#2026')).toEqual(['lowercase']);
    expect(passwordProblems('Lisbon#Lisbon')).toEqual(['digit']);
    expect(passwordProblems('Lisbon2026x')).toEqual(['special']);
  });

  it('counts Italian letters as upper and lower case', () => {
    expect(passwordProblems('ÈRAàbcd1!')).toEqual([]);
  });

  it('accepts 128 characters and refuses 129', () => {
    const base = 'Aa1!';
    expect(passwordProblems(base + 'x'.repeat(124))).toEqual([]);
    expect(passwordProblems(base + 'x'.repeat(125))).toEqual(['maxLength']);
  });

  it('does not count a space or a letter as a special character', () => {
    expect(passwordProblems('Lisbon 2026')).toEqual(['special']);
  });
});

describe('passwordWithConfirmationSchema', () => {
  it('reports a mismatch on the confirmation with the spec message', () => {
    const result = passwordWithConfirmationSchema.safeParse({
      password: 'Lisbon#2026',
      password_confirmation: 'Lisbon#2027',
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['password_confirmation']);
    expect(issue && messageForIssue(issue)).toBe('The passwords do not match');
  });

  it('reports a weak password with the rule message', () => {
    const result = passwordWithConfirmationSchema.safeParse({
      password: 'weak',
      password_confirmation: 'weak',
    });
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['password']);
    expect(issue && messageForIssue(issue)).toMatch(/at least 8 characters/);
  });
});
