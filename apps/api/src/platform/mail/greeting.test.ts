import { describe, expect, it } from 'vitest';
import { digestContent } from '../../modules/staff/deadline-digest.mail';
import { greeting } from './greeting';

describe('greeting', () => {
  it('opens by first name in each language, and without one politely', () => {
    expect(greeting('en-US', 'Ada')).toBe('Hello Ada,');
    expect(greeting('en-US', '')).toBe('Hello,');
    expect(greeting('it-IT', 'Ada')).toBe('Gentile Ada,');
    expect(greeting('it-IT', '')).toBe('Gentile utente,');
  });

  it('is the one every mail uses: the deadline digest no longer opens with its own words', () => {
    const facts = {
      firstName: '',
      scope: 'office',
      late: 1,
      atRisk: 0,
      atRiskDays: 3,
      lines: [],
      link: 'x',
    } as const;
    expect(digestContent('it-IT', facts).greeting).toBe('Gentile utente,');
    expect(digestContent('en-US', facts).greeting).toBe('Hello,');
  });
});
