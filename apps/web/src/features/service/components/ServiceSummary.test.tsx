import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { discoveryFixture } from '@/test/fixtures';
import { renderComponent } from '@/test/renderComponent';
import { ServiceSummary } from './ServiceSummary';

afterEach(cleanup);

describe('the demonstration-prices notice', () => {
  it('is shown with a paid service while the prices are demo values', () => {
    renderComponent(
      <ServiceSummary discovery={discoveryFixture({ are_prices_demo: true })} isRefugee={false} />,
    );
    expect(screen.getByText(/prices shown are demonstration values/)).toBeTruthy();
  });

  it('is not shown with the free refugee service, which has no price', () => {
    renderComponent(<ServiceSummary discovery={discoveryFixture({ are_prices_demo: true })} isRefugee />);
    expect(screen.getByText('Free of charge', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/demonstration values/)).toBeNull();
  });
});

describe('the free refugee alternative', () => {
  it('is offered to a visitor, and not to a logged-in standard applicant (issue 33)', () => {
    renderComponent(<ServiceSummary discovery={discoveryFixture()} isRefugee={false} />);
    expect(screen.getByText(/Register with a refugee account/)).toBeTruthy();
    cleanup();
    renderComponent(<ServiceSummary discovery={discoveryFixture()} isRefugee={false} isLoggedIn />);
    expect(screen.queryByText(/Register with a refugee account/)).toBeNull();
  });
});

describe('the Lisbon Recognition Convention', () => {
  it.each([
    ['en-US', 'France: a country that has signed the Lisbon Recognition Convention.'],
    ['it-IT', 'Francia: un paese firmatario della Convenzione di Lisbona sul riconoscimento.'],
  ] as const)('is named plainly for a country that signed it (%s)', async (locale, sentence) => {
    await changeLocale(locale);
    try {
      const name = locale === 'it-IT' ? 'Francia' : 'France';
      const discovery = discoveryFixture();
      renderComponent(
        <ServiceSummary
          discovery={{ ...discovery, country: { ...discovery.country, name } }}
          isRefugee={false}
        />,
      );
      expect(screen.getByText(sentence)).toBeTruthy();
    } finally {
      await changeLocale('en-US');
    }
  });
});
