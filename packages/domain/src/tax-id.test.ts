import { describe, expect, it } from 'vitest';
import { checkTaxId, taxIdCheckCharacter } from './tax-id';

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
