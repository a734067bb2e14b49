import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { serviceFixture } from '@/test/fixtures';
import { renderComponent } from '@/test/renderComponent';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { AmountSummary } from './AmountSummary';

afterEach(async () => {
  cleanup();
  setViewport(DESKTOP);
  await changeLocale('en-US');
});

const caption = 'Amount due for request no. 8';

describe('the amount due', () => {
  it('is a table of taxable amount, VAT and total from the side navigation up', () => {
    renderComponent(<AmountSummary service={serviceFixture()} isUrgent={false} caption={caption} />);
    const table = screen.getByRole('table', { name: caption });
    expect(within(table).getByRole('columnheader', { name: 'Total' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'To pay' })).toBeTruthy();
  });

  it('on a phone is a card per charge with its total in view, where the table hid the total past its scroll and showed the taxable amount beside "To pay"', () => {
    setViewport(PHONE);
    renderComponent(<AmountSummary service={serviceFixture()} isUrgent={true} caption={caption} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: caption })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Correspondence and verificationTotal€150.00Taxable amount€122.95VAT 22 %€27.05',
      'Urgent processing supplementTotal€100.00Taxable amount€81.97VAT 22 %€18.03',
      'To payTotal€250.00Taxable amount€204.92VAT 22 %€45.08',
    ]);
  });

  it('on a phone in Italian says the same in Italian', async () => {
    await changeLocale('it-IT');
    setViewport(PHONE);
    renderComponent(<AmountSummary service={serviceFixture()} isUrgent={false} caption={caption} />);
    const cards = within(screen.getByRole('list', { name: caption })).getAllByRole('listitem');
    expect(cards.at(-1)?.textContent).toMatch(
      /^Da pagareTotale150,00\s€Imponibile122,95\s€IVA 22 %27,05\s€$/,
    );
  });
});
