import type { FiscalDocument } from '@lisbon/domain';
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n } from '@/shared/i18n';
import { saveBlob } from '@/shared/ui/saveBlob';
import { findAlert } from '@/test/alerts';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { renderComponent } from '@/test/renderComponent';
import { logIn } from '@/test/session';
import { ReceiptsSection } from '../components/ReceiptsSection';
import { invoiceDescription } from '../invoiceDescription';
import { waitOptions } from '@/test/wait';

vi.mock('@/shared/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

afterEach(async () => {
  await changeLocale('en-US');
  notifications.clean();
  cleanup();
  vi.mocked(saveBlob).mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const invoice: FiscalDocument = {
  id: 11,
  kind: 'invoice',
  number: '2026/000001',
  issued_at: '2026-11-21T12:01:00.000Z',
  payment_id: 5,
  amount: { net: 20492, vat: 4508, total: 25000 },
  description: 'Request no. 7: Correspondence and verification (urgent)',
  subject: { kind: 'request', practice_id: 7, service: 'correspondence_verification', is_urgent: true },
  provider: 'sandbox',
  transaction_reference: 'cs_test_5',
  corrects_number: null,
};
const receipt: FiscalDocument = { ...invoice, id: 12, kind: 'receipt' };

const listOf = (documents: FiscalDocument[]) => ({
  body: { data: documents, meta: { page: 1, perPage: 20, total: documents.length } },
});

/** The account page's section on its own: the page around it is tested in AccountPage.test.tsx. */
function openReceipts() {
  logIn();
  renderComponent(
    <MemoryRouter>
      <ReceiptsSection />
    </MemoryRouter>,
  );
}

describe('receipts and invoices', () => {
  it('says there are no receipts or invoices yet when there are none', async () => {
    mockApi({ 'GET /invoices': listOf([]) });
    openReceipts();
    const section = screen.getByRole('region', { name: 'Receipts and invoices' });
    expect(await within(section).findByText('You have no receipts or invoices yet.')).toBeTruthy();
  });

  it('lists each with its number, type, date and amount, linked to its page', async () => {
    mockApi({ 'GET /invoices': listOf([invoice, receipt]) });
    openReceipts();
    const table = await screen.findByRole('table', { name: /^Receipts and invoices: page 1 of 1/ });
    const rows = within(table).getAllByRole('row').slice(1);
    // The kind twice: under the number (a phone's) and in its own column (wider screens'); the
    // stylesheet shows one.
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026/000001InvoiceInvoiceNovember 21, 2026€250.00',
      '2026/000001ReceiptReceiptNovember 21, 2026€250.00',
    ]);
    expect(within(table).getByRole('link', { name: 'Invoice 2026/000001' }).getAttribute('href')).toBe(
      '/account/invoices/11',
    );
  });
});

describe('an invoice', () => {
  it('shows its amount with the VAT breakdown and downloads its PDF', async () => {
    const api = mockApi({ 'GET /invoices/11': { body: { data: invoice } }, 'GET /invoices/11/pdf': {} });
    renderApp('/account/invoices/11', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice 2026/000001' })).toBeTruthy();
    const amount = screen.getByRole('table', { name: 'Amount with VAT breakdown' });
    expect(
      within(amount)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Taxable amount€204.92', 'VAT 22 %€45.08', 'Total€250.00']);
    // The payment's internal id (5, counting failed attempts) is not a number the payer knows (issue 33).
    expect(screen.queryByText('#5')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(
      () => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'invoice-2026-000001.pdf'),
      waitOptions,
    );
    expect(api.callsTo('GET /invoices/11/pdf')).toHaveLength(1);
  });

  it("says what it was for in the reader's language, not in the English stored at issue (issue 14)", async () => {
    mockApi({ 'GET /invoices/11': { body: { data: invoice } } });
    renderApp('/account/invoices/11', { queryClient: logIn() });
    const description = async () =>
      (await screen.findByText('Description')).nextElementSibling?.textContent ?? '';
    expect(await description()).toBe('Request no. 7: Correspondence and verification (urgent)');
    await act(() => changeLocale('it-IT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fattura 2026/000001' })).toBeTruthy();
    expect((await screen.findByText('Descrizione')).nextElementSibling?.textContent).toBe(
      'Richiesta n. 7: Corrispondenza e verifica (urgente)',
    );
  });

  it('words a return-delivery shipment, and falls back to the stored summary when there is no subject', async () => {
    await changeLocale('it-IT');
    const t = i18n.getFixedT('it-IT');
    expect(
      invoiceDescription(
        { description: 'Return delivery no. 4', subject: { kind: 'delivery', delivery_id: 4 } },
        t,
      ),
    ).toBe('Restituzione degli originali, spedizione n. 4');
    expect(invoiceDescription({ description: 'Request no. 9: Comparability only', subject: null }, t)).toBe(
      'Request no. 9: Comparability only',
    );
  });

  it('says to try another browser when the PDF cannot be downloaded', async () => {
    mockApi({
      'GET /invoices/11': { body: { data: invoice } },
      'GET /invoices/11/pdf': { status: 500, body: { code: 'api_error', message: 'api_error' } },
    });
    renderApp('/account/invoices/11', { queryClient: logIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await findAlert('An error occurred while exporting your document. Try again on another browser.');
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("answers 'Page not found' for another user's invoice (404)", async () => {
    mockApi({ 'GET /invoices/12': { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } } });
    renderApp('/account/invoices/12', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
  });
});
