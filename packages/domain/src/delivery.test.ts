import { describe, expect, it } from 'vitest';
import { RETURN_DELIVERY_FEE } from './constants';
import {
  isDeliveryAddable,
  isDeliveryAwaitingOpening,
  isDeliveryChangePending,
  isSuspendedAt,
  orderableAgainOn,
  shippingInfoSchema,
  suspensionAt,
  suspensionDuring,
  waybillNumber,
} from './delivery';
import { splitVat } from './money';

const WINDOWS = [{ from: '2024-12-24', to: '2025-01-07' }];

describe('return delivery suspension', () => {
  it('holds from the first day to the last, in the body’s time zone', () => {
    // 00:30 on 24 December in Rome is still the 23rd in UTC.
    expect(isSuspendedAt(new Date('2024-12-23T23:30:00Z'), WINDOWS)).toBe(true);
    expect(isSuspendedAt(new Date('2024-12-23T22:59:59Z'), WINDOWS)).toBe(false);
    expect(suspensionAt(new Date('2025-01-07T22:59:59Z'), WINDOWS)).toEqual(WINDOWS[0]);
    expect(isSuspendedAt(new Date('2025-01-07T23:00:00Z'), WINDOWS)).toBe(false);
  });

  it('is met by a checkout that would still be payable when a window begins', () => {
    // 23:45 on 23 December in Rome, a checkout open for 30 minutes: payable on the 24th.
    expect(
      suspensionDuring(new Date('2024-12-23T22:45:00Z'), new Date('2024-12-23T23:15:00Z'), WINDOWS),
    ).toEqual(WINDOWS[0]);
    // 23:15 to 23:45 on the 23rd in Rome: closed before the window.
    expect(
      suspensionDuring(new Date('2024-12-23T22:15:00Z'), new Date('2024-12-23T22:45:00Z'), WINDOWS),
    ).toBeNull();
    // A span that starts inside the window meets it too.
    expect(
      suspensionDuring(new Date('2025-01-07T22:00:00Z'), new Date('2025-01-07T23:30:00Z'), WINDOWS),
    ).toEqual(WINDOWS[0]);
  });

  it('lets the return be ordered again the day after the window, or after the windows that follow on', () => {
    expect(orderableAgainOn({ from: '2024-12-24', to: '2025-01-07' }, WINDOWS)).toBe('2025-01-08');
    const following = [
      ...WINDOWS,
      { from: '2025-01-08', to: '2025-01-10' },
      { from: '2025-01-12', to: '2025-01-12' },
    ];
    expect(orderableAgainOn({ from: '2024-12-24', to: '2025-01-07' }, following)).toBe('2025-01-11');
  });

  it('is never in force without windows', () => {
    expect(isSuspendedAt(new Date('2024-12-30T12:00:00Z'), [])).toBe(false);
  });
});

describe('return delivery fee and rules', () => {
  it('is 30.00 € = 24.59 + 5.41 VAT, the split of the VAT rule', () => {
    expect(RETURN_DELIVERY_FEE).toEqual(splitVat(3000));
  });

  it('lets into the cart only requests opened and not yet shipped', () => {
    expect(isDeliveryAddable({ delivery_opened_at: null, delivery_paid_at: null })).toBe(false);
    expect(isDeliveryAddable({ delivery_opened_at: 'x', delivery_paid_at: null })).toBe(true);
    expect(isDeliveryAddable({ delivery_opened_at: 'x', delivery_id: 3, delivery_paid_at: 'y' })).toBe(false);
  });

  it('opens once and sets delivered once paid', () => {
    expect(isDeliveryChangePending('open_to_delivery', { delivery_opened_at: null })).toBe(true);
    expect(isDeliveryChangePending('open_to_delivery', { delivery_opened_at: 'x' })).toBe(false);
    expect(isDeliveryChangePending('set_delivered', { delivery_paid_at: null })).toBe(false);
    expect(isDeliveryChangePending('set_delivered', { delivery_paid_at: 'x', delivered_at: null })).toBe(
      true,
    );
    expect(isDeliveryChangePending('set_delivered', { delivery_paid_at: 'x', delivered_at: 'y' })).toBe(
      false,
    );
  });

  it('explains a delivery not yet opened once the evaluation is over or while an appeal holds it', () => {
    expect(isDeliveryAwaitingOpening({ status: 'published', delivery_opened_at: null })).toBe(true);
    expect(isDeliveryAwaitingOpening({ status: 'appeal_in_evaluation', delivery_opened_at: null })).toBe(
      true,
    );
    expect(isDeliveryAwaitingOpening({ status: 'published', delivery_opened_at: 'x' })).toBe(false);
    expect(isDeliveryAwaitingOpening({ status: 'in_evaluation', delivery_opened_at: null })).toBe(false);
    expect(isDeliveryAwaitingOpening({ status: 'draft' })).toBe(false);
  });

  it('numbers waybills by the year of payment in Rome', () => {
    expect(waybillNumber(42, new Date('2025-12-31T23:30:00Z'))).toBe('RD-2026-000042');
  });
});

describe('the courier’s phone number in the shipping information', () => {
  const shipping = {
    recipient_name: 'Giulia Rossi',
    address: 'Via Roma 1',
    city: 'Roma',
    zip_code: '00100',
    country: 'it',
  };

  it('takes a national number of the shipping country, with its prefix, in E.164', () => {
    const parsed = shippingInfoSchema.safeParse({ ...shipping, phone: '333 1234567' });
    expect(parsed.success && parsed.data.phone).toBe('+393331234567');
  });

  it('refuses one of another country without its country code, on the phone field', () => {
    const parsed = shippingInfoSchema.safeParse({ ...shipping, country: 'FR', phone: '333 1234567' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: 'phoneInvalid' }),
    ]);
  });

  it('takes no number at all', () => {
    expect(shippingInfoSchema.parse({ ...shipping, phone: null }).phone).toBeNull();
    expect(shippingInfoSchema.parse({ ...shipping, phone: '' }).phone).toBeNull();
    expect(shippingInfoSchema.parse(shipping)).not.toHaveProperty('phone');
  });
});

describe('the zip code in the shipping information', () => {
  const shipping = { recipient_name: 'Ama Owusu', address: 'Ring Road 5', city: 'Accra', country: 'GH' };

  it('is not asked of an address in a country without postal codes', () => {
    expect(shippingInfoSchema.parse(shipping).zip_code).toBeNull();
  });

  it('is required of an address in Italy', () => {
    const parsed = shippingInfoSchema.safeParse({ ...shipping, city: 'Roma', country: 'IT' });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['zip_code'], message: 'required' }),
    ]);
  });
});
