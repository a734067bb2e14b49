import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { renderComponent } from '@/test/renderComponent';
import { ShippingSummary } from './ShippingSection';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
});

const shipping = {
  recipient_name: 'Ada Lovelace',
  address: 'Rue de Rivoli 1',
  city: 'Paris',
  zip_code: '75001',
  province: null,
  country: 'FR',
  phone: null,
  submitted_at: '2026-03-10T09:00:00.000Z',
};

describe('the submitted shipping information', () => {
  it("names the country in the user's language, not by its code", async () => {
    renderComponent(<ShippingSummary shipping={shipping} />);
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.queryByText('FR')).toBeNull();

    await act(() => changeLocale('it-IT'));
    expect(screen.getByText('Francia')).toBeTruthy();
  });

  it('shows the courier’s phone for reading, international and in groups, not in E.164', () => {
    renderComponent(<ShippingSummary shipping={{ ...shipping, phone: '+393331234567' }} />);
    expect(screen.getByText('+39 333 123 4567')).toBeTruthy();
    expect(screen.queryByText('+393331234567')).toBeNull();
  });

  it('reads a phone kept without its country code in the shipping country', () => {
    renderComponent(<ShippingSummary shipping={{ ...shipping, country: 'IT', phone: '3331234567' }} />);
    expect(screen.getByText('+39 333 123 4567')).toBeTruthy();
    expect(screen.queryByText('3331234567')).toBeNull();
  });
});
