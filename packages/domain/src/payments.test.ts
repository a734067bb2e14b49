import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messageForIssue } from './messages';
import { billingInfoSchema, paymentProviderLabel } from './payments';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), messageForIssue(issue)]),
  );

const place = { address: 'Via Roma 1', city: 'Roma', zip_code: '00100', country: 'it' };

describe('billingInfoSchema', () => {
  it('takes an address without a zip code from a country without postal codes, not from Italy', () => {
    const payer = { entity_type: 'individual', first_name: 'Kwame', last_name: 'Mensah', ...place };
    const fromGhana = { ...payer, country: 'GH', zip_code: undefined };
    expect(billingInfoSchema.parse(fromGhana)).toMatchObject({ country: 'GH', zip_code: null });
    expect(billingInfoSchema.parse({ ...fromGhana, zip_code: ' ' })).toMatchObject({ zip_code: null });
    const business = {
      ...fromGhana,
      entity_type: 'legal_entity',
      business_name: 'Accra Ltd',
      vat_number: 'C0001',
    };
    expect(billingInfoSchema.parse(business)).toMatchObject({ entity_type: 'legal_entity', zip_code: null });
    const fromItaly = { ...payer, fiscal_code: 'RSSMRA85T10A562S', zip_code: '' };
    expect(messagesOf(billingInfoSchema.safeParse(fromItaly))).toEqual({
      zip_code: 'This field is required',
    });
  });

  it('accepts an individual from abroad without an Italian fiscal code', () => {
    const result = billingInfoSchema.parse({
      entity_type: 'individual',
      first_name: 'Ana',
      last_name: 'Silva',
      ...place,
      country: 'BR',
    });
    expect(result).toMatchObject({ entity_type: 'individual', country: 'BR' });
  });

  it('requires a valid fiscal code from an individual billed in Italy', () => {
    const base = { entity_type: 'individual', first_name: 'Mario', last_name: 'Rossi', ...place };
    expect(messagesOf(billingInfoSchema.safeParse(base))).toEqual({ fiscal_code: 'This field is required' });
    expect(messagesOf(billingInfoSchema.safeParse({ ...base, fiscal_code: 'RSSMRA85T10A562T' }))).toEqual({
      fiscal_code: 'Invalid Tax ID Number',
    });
    expect(billingInfoSchema.safeParse({ ...base, fiscal_code: 'rssmra85t10a562s' }).success).toBe(true);
  });

  it('accepts the 11-digit numeric fiscal code (a provisional one) when its check digit is right', () => {
    const base = { entity_type: 'individual', first_name: 'Amina', last_name: 'Yusuf', ...place };
    expect(billingInfoSchema.safeParse({ ...base, fiscal_code: '00488410010' }).success).toBe(true);
    expect(messagesOf(billingInfoSchema.safeParse({ ...base, fiscal_code: '00488410011' }))).toEqual({
      fiscal_code: 'Invalid Tax ID Number',
    });
  });

  it('asks an individual to confirm a valid omocodic fiscal code, as the account does (spec §5)', () => {
    const base = { entity_type: 'individual', first_name: 'Mario', last_name: 'Rossi', ...place };
    const omocodic = { ...base, fiscal_code: 'RSSMRA80A01H50MM' };
    expect(messagesOf(billingInfoSchema.safeParse(omocodic))).toEqual({
      fiscal_code: 'This fiscal code is valid but unusual (omocodia): please confirm that it is correct.',
    });
    expect(
      messagesOf(billingInfoSchema.safeParse({ ...omocodic, fiscal_code_omocodia_confirmed: false })),
    ).toEqual({
      fiscal_code: 'This fiscal code is valid but unusual (omocodia): please confirm that it is correct.',
    });
    expect(billingInfoSchema.safeParse({ ...omocodic, fiscal_code_omocodia_confirmed: true }).success).toBe(
      true,
    );
    // A usual code needs no confirmation.
    expect(billingInfoSchema.safeParse({ ...base, fiscal_code: 'RSSMRA80A01H501U' }).success).toBe(true);
  });

  it('checks an Italian legal entity: VAT number, and SDI code or PEC', () => {
    const base = { entity_type: 'legal_entity', business_name: 'Studio Bianchi srl', ...place };
    expect(
      messagesOf(billingInfoSchema.safeParse({ ...base, vat_number: '00488410011', sdi_code: 'M5UXCR1' })),
    ).toEqual({ vat_number: 'Invalid VAT number' });
    expect(messagesOf(billingInfoSchema.safeParse({ ...base, vat_number: '00488410010' }))).toEqual({
      sdi_code: 'Give the unique code (SDI) or a certified email address (PEC)',
    });
    expect(
      billingInfoSchema.parse({ ...base, vat_number: 'IT 00488410010', pec: 'fatture@pec.example.it' }),
    ).toMatchObject({ vat_number: '00488410010' });
  });

  it('accepts a foreign legal entity with its own VAT number format', () => {
    const result = billingInfoSchema.safeParse({
      entity_type: 'legal_entity',
      business_name: 'Agence Dupont',
      vat_number: 'FR40303265045',
      ...place,
      country: 'FR',
    });
    expect(result.success).toBe(true);
  });
});

describe('the payment provider’s name (issue 33: Italian pages said the sandbox in English)', () => {
  it('is said in the page’s language, and a name no longer configured as stored', () => {
    expect(paymentProviderLabel('sandbox', 'it-IT')).toBe('Sandbox (prova, nessun addebito reale)');
    expect(paymentProviderLabel('sandbox')).toBe('Sandbox (test, no real money)');
    expect(paymentProviderLabel('nexi', 'it-IT')).toBe('Nexi XPay');
    expect(paymentProviderLabel('paypal', 'it-IT')).toBe('paypal');
  });
});
