import type { BillingInfoView } from '@lisbon/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage';
import { testUser } from '@/test/users';
import { billingToInput, initialBilling, startsAsShipping } from './billingForm';

const OMOCODIC = 'RSSMRA80A01H50MM';
const confirmedOnAccount = testUser({ tax_id: OMOCODIC, tax_id_omocodia_confirmed: true });
const server: BillingInfoView = {
  entity_type: 'individual',
  first_name: 'Ada',
  last_name: 'Lovelace',
  fiscal_code: 'BNCLRA80A41H501X',
  address: 'Via Roma 1',
  city: 'Roma',
  zip_code: '00100',
  province: null,
  country: 'IT',
};

afterEach(() => localStorage.clear());

describe('the omocodia confirmation of the billing fiscal code', () => {
  it('carries over the account’s confirmation for the account’s own tax ID', () => {
    const values = initialBilling(confirmedOnAccount, null);
    expect(values).toMatchObject({ fiscal_code: OMOCODIC, fiscal_code_omocodia_confirmed: true });
    expect(billingToInput(values)).toMatchObject({ fiscal_code_omocodia_confirmed: true });
  });

  it('does not carry it over to another code, kept on the server or in this browser', () => {
    expect(initialBilling(confirmedOnAccount, server).fiscal_code_omocodia_confirmed).toBe(false);
    // Typed in this browser before the form kept the confirmation: another code, unconfirmed.
    storage.set('billing', { ...server, fiscal_code: 'VRDGPP80A01H50MZ' });
    expect(initialBilling(confirmedOnAccount, null).fiscal_code_omocodia_confirmed).toBe(false);
  });

  it('is sent only for an individual’s omocodic code', () => {
    const values = { ...initialBilling(confirmedOnAccount, null), fiscal_code: 'RSSMRA80A01H501U' };
    expect(billingToInput(values)).not.toHaveProperty('fiscal_code_omocodia_confirmed');
    expect(billingToInput({ ...values, entity_type: 'legal_entity' })).not.toHaveProperty(
      'fiscal_code_omocodia_confirmed',
    );
  });
});

describe('"Billing address same as shipping"', () => {
  const shipping = {
    address: 'Rue de Rivoli 1',
    city: 'Paris',
    zip_code: '75001',
    province: '',
    country: 'FR',
  };

  it('starts ticked when no billing was given before, whatever the account’s address', () => {
    const values = initialBilling(confirmedOnAccount, null);
    expect(startsAsShipping({ ...values, address: 'Via Roma 1', city: 'Roma' }, null, shipping)).toBe(true);
  });

  it('starts unticked when another billing address was given, on the server or in this browser', () => {
    expect(startsAsShipping(initialBilling(confirmedOnAccount, server), server, shipping)).toBe(false);
    storage.set('billing', { ...server, ...shipping });
    expect(startsAsShipping(initialBilling(confirmedOnAccount, null), null, shipping)).toBe(true);
    storage.set('billing', { ...server, address: 'Rue de la Paix 2', city: 'Paris' });
    expect(startsAsShipping(initialBilling(confirmedOnAccount, null), null, shipping)).toBe(false);
  });
});
