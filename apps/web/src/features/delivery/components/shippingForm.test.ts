import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage';
import { testUser } from '@/test/users';
import { initialShipping } from './shippingForm';

afterEach(() => localStorage.clear());

const user = testUser({
  middle_name: 'King',
  address: 'Via Roma 1',
  city: 'Roma',
  zip_code: '00184',
  province: 'RM',
  residence_country: 'IT',
  phone: '+390612345678',
});

describe('initial shipping information', () => {
  it("is the account's full name, address and phone", () => {
    expect(initialShipping(user)).toEqual({
      recipient_name: 'Ada King Lovelace',
      address: 'Via Roma 1',
      city: 'Roma',
      zip_code: '00184',
      province: 'RM',
      country: 'IT',
      // Kept in E.164, written for reading as the account's form shows it.
      phone: '+39 06 1234 5678',
    });
  });

  it('is empty where the account has nothing', () => {
    expect(initialShipping(testUser())).toMatchObject({ address: '', phone: '', country: null });
  });

  it('keeps what was typed in this browser over the account, a field emptied included', () => {
    storage.set('shipping', { recipient_name: 'Lord Byron', phone: '', country: 'GB' });
    expect(initialShipping(user)).toMatchObject({
      recipient_name: 'Lord Byron',
      address: 'Via Roma 1',
      phone: '',
      country: 'GB',
    });
  });
});
