import { describe, expect, it } from 'vitest';
import {
  exactNamesOf,
  isExactNameOf,
  normaliseSearchText,
  requestIdOf,
  requestSearchText,
  searchTermsOf,
} from './staff-search';

describe('normaliseSearchText', () => {
  it('drops accents and case and splits on anything but letters and digits', () => {
    expect(normaliseSearchText('Müller-Lüdenscheidt, José')).toBe('muller ludenscheidt jose');
    expect(normaliseSearchText('ADA.Rossi@Example.org')).toBe('ada rossi example org');
    expect(normaliseSearchText('Straße Łódź Øresund Æsir')).toBe('strasse lodz oresund aesir');
    expect(normaliseSearchText('  \u0000;;  ')).toBe('');
  });

  it('keeps letters of other scripts', () => {
    expect(normaliseSearchText('Дмитрий  محمد')).toBe('дмитрии محمد');
  });
});

describe('searchTermsOf', () => {
  it('gives each normalised word of two characters or more once, in order', () => {
    expect(searchTermsOf('Rossi  ADA rossi')).toEqual(['rossi', 'ada']);
    expect(searchTermsOf('ada r')).toEqual(['ada']);
    expect(searchTermsOf('a b')).toEqual([]);
  });
});

describe('requestIdOf', () => {
  it('reads a request number written as staff write it', () => {
    expect(requestIdOf('1234')).toBe(1234);
    expect(requestIdOf('#1234')).toBe(1234);
    expect(requestIdOf('no. 77')).toBe(77);
    expect(requestIdOf('12 34')).toBeNull();
    expect(requestIdOf('0')).toBeNull();
  });
});

describe('requestSearchText', () => {
  it('holds the applicant, the qualification, the institutions and the countries in both languages', () => {
    const text = requestSearchText({
      applicant: {
        first_name: 'Zoë',
        middle_name: null,
        last_name: 'Müller',
        email: 'zoe.mueller@example.org',
        tax_id: 'MLLZOE90A41Z404X',
      },
      qualification_name: 'Laurea in Scienze',
      institutions: ['Università di Bologna', null],
      countries: ['DE', 'IT'],
    });
    expect(text.split(' ')).toEqual(
      expect.arrayContaining([
        'zoe',
        'muller',
        'mueller',
        'example',
        'mllzoe90a41z404x',
        'laurea',
        'universita',
        'bologna',
        'de',
        'germany',
        'germania',
        'it',
        'italy',
        'italia',
      ]),
    );
    expect(new Set(text.split(' ')).size).toBe(text.split(' ').length);
  });
});

describe('isExactNameOf', () => {
  const maria = { first_name: 'María', middle_name: 'Luisa', last_name: "Rossi-D'Amico" };
  it('is the surname or the full name, either order, accents and case ignored', () => {
    for (const query of [
      "rossi d'amico",
      'ROSSI D AMICO',
      'maria rossi d amico',
      'Rossi D’Amico, Maria',
      'Maria Luisa Rossi-D’Amico',
    ]) {
      expect(isExactNameOf(query, maria), query).toBe(true);
    }
  });
  it('is not a part of a name, nor the first name alone', () => {
    for (const query of ['rossi', 'maria', 'maria ross', 'luisa rossi d amico', '']) {
      expect(isExactNameOf(query, maria), query).toBe(false);
    }
  });
});

describe('exactNamesOf', () => {
  it('is every query that names the applicant exactly, each once, none for an erased surname', () => {
    expect(exactNamesOf({ first_name: 'María', middle_name: 'Luisa', last_name: 'Rössi' })).toEqual([
      'rossi',
      'maria rossi',
      'rossi maria',
      'maria luisa rossi',
    ]);
    expect(exactNamesOf({ first_name: 'Ada', last_name: 'Rossi' })).toEqual([
      'rossi',
      'ada rossi',
      'rossi ada',
    ]);
    expect(exactNamesOf({ first_name: '', middle_name: null, last_name: '' })).toEqual([]);
  });
});
