import { describe, expect, it } from 'vitest';
import { checkTaxId, isNumericFiscalCode, isValidFiscalCode, taxIdCheckCharacter } from './tax-id';

// Vectors cross-checked with the codice-fiscale-js reference implementation.
describe('checkTaxId', () => {
  it('accepts valid codes, male and female', () => {
    expect(checkTaxId('RSSMRA85T10A562S')).toEqual({
      valid: true,
      normalized: 'RSSMRA85T10A562S',
      isOmocodic: false,
    });
    expect(checkTaxId('MRTMTT91D08F205J')).toMatchObject({ valid: true, isOmocodic: false });
    expect(checkTaxId('BNCLRA80A41H501D')).toMatchObject({ valid: true, isOmocodic: false });
  });

  it('accepts omocodic codes and flags them for confirmation', () => {
    expect(checkTaxId('RSSMRA85T10A56NH')).toMatchObject({ valid: true, isOmocodic: true });
    expect(checkTaxId('RSSMRAU5T10A562P')).toMatchObject({ valid: true, isOmocodic: true });
  });

  it('refuses a wrong check character', () => {
    expect(checkTaxId('RSSMRA85T10A562T').valid).toBe(false);
    expect(checkTaxId('BNCLRA80A41H501Y').valid).toBe(false);
  });

  it('refuses a month letter that is not a month', () => {
    const first15 = 'RSSMRA85Z10A562';
    expect(checkTaxId(first15 + taxIdCheckCharacter(first15)).valid).toBe(false);
  });

  it('refuses an impossible day even with a right check character', () => {
    const first15 = 'RSSMRA85T35A562';
    expect(checkTaxId(first15 + taxIdCheckCharacter(first15)).valid).toBe(false);
  });

  it('accepts lowercase input and spaces, normalised to upper case', () => {
    expect(checkTaxId(' rssmra85t10a562s ')).toMatchObject({ valid: true, normalized: 'RSSMRA85T10A562S' });
  });

  it('refuses the wrong length and characters', () => {
    expect(checkTaxId('RSSMRA85T10A562').valid).toBe(false);
    expect(checkTaxId('RSSMRA85T10A562SS').valid).toBe(false);
    expect(checkTaxId('RSSMRA85T10A5!2S').valid).toBe(false);
    expect(checkTaxId('').valid).toBe(false);
  });
});

describe('isNumericFiscalCode', () => {
  it('accepts the 11-digit numeric form with a right check digit (a provisional code)', () => {
    expect(isNumericFiscalCode('00488410010')).toBe(true);
    expect(isNumericFiscalCode('004 884 100 10')).toBe(true);
    expect(isValidFiscalCode('00488410010')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, zeros or a VAT prefix', () => {
    expect(isNumericFiscalCode('00488410011')).toBe(false);
    expect(isNumericFiscalCode('0048841001')).toBe(false);
    expect(isNumericFiscalCode('00000000000')).toBe(false);
    expect(isNumericFiscalCode('IT00488410010')).toBe(false);
    expect(isValidFiscalCode('00488410011')).toBe(false);
  });

  it('leaves the 16-character form to checkTaxId', () => {
    expect(isValidFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85T10A562T')).toBe(false);
  });
});
