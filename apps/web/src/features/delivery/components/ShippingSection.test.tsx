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
});
