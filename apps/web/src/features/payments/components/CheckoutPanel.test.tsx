import { type BillingInfoView, PAYMENT_MESSAGES } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { findAlert } from '@/test/alerts';
import { discoveryFixture, practiceFixture, qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { completeProfile, testUser } from '@/test/users';
import { paymentFixture } from '../test/fixtures';

const assign = vi.fn();

beforeEach(() => {
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  assign.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const draft = practiceFixture({
  wizard_step: 'review',
  is_urgent: true,
  purpose: {
    purpose: 'further_studies',
    italian_institution: 'Sapienza',
    programme_name: null,
    has_visa: false,
    diplomatic_representation: null,
    purpose_other: null,
  },
  qualification: qualificationFixture,
});

const frenchBilling: BillingInfoView = {
  entity_type: 'individual',
  first_name: 'Ada',
  last_name: 'Lovelace',
  fiscal_code: null,
  address: '1 rue de Rivoli',
  city: 'Paris',
  zip_code: '75001',
  province: null,
  country: 'FR',
};

function openReview(
  routes: Parameters<typeof mockApi>[0] = {},
  path = '/service/new/review',
  user = testUser({ ...completeProfile, zip_code: '00100' }),
) {
  const calls = mockApi({
    'GET /practices/draft': { body: { data: draft } },
    'GET /services/discovery': { body: { data: discoveryFixture() } },
    'GET /users/1/billing': { body: { data: null } },
    ...routes,
  });
  return { calls, ...renderApp(path, { queryClient: logIn(user) }) };
}

/** The form comes after the draft, the discovery and the billing information: give a loaded machine time. */
const pay = async () => userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
const fill = async (label: RegExp, text: string) => {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
};

// The whole review step renders behind each test: on a loaded machine it takes more than 5 s, so
// its waits are the shared WAIT_MS and its tests have the project’s timeout (src/test/wait.test.ts).
describe('review step: billing information and payment', () => {
  it('shows the amount with VAT apart and the urgent supplement as its own line', async () => {
    openReview();
    const table = await screen.findByRole('table', { name: 'Amount due for request no. 7' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemTaxable amountVAT 22 %Total',
      'Correspondence and verification€122.95€27.05€150.00',
      'Urgent processing supplement€81.97€18.03€100.00',
      'To pay€204.92€45.08€250.00',
    ]);
    expect(await screen.findByRole('button', { name: 'Pay €250.00' })).toBeTruthy();
  });

  it("switches to a legal entity and refuses its VAT number and a missing SDI code or PEC in the domain's words", async () => {
    const { calls } = openReview();
    expect(await screen.findByLabelText(/^First name/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Legal entity' }));
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    await fill(/^Business name/, 'Acme S.r.l.');
    await fill(/^VAT number/, '12345678901');
    await pay();

    expect(await screen.findByText('Invalid VAT number')).toBeTruthy();
    expect(screen.getByText('Give the unique code (SDI) or a certified email address (PEC)')).toBeTruthy();
    const vat = screen.getByLabelText(/^VAT number/);
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(vat));
    expect(calls.callsTo('POST /practices/7/checkout')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(screen.getByLabelText(/^First name/)).toBeTruthy();
    expect(screen.queryByText('Invalid VAT number')).toBeNull();
  });

  it('takes the keyboard to a billing country in error without opening its list', async () => {
    // The account names the payer but gives no country: the first field in error is the country.
    const { calls } = openReview({}, undefined, testUser());
    await pay();
    const country = await screen.findByRole('combobox', { name: /^Country/ });
    await waitFor(() => expect(document.activeElement).toBe(country));
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(country.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls.callsTo('POST /practices/7/checkout')).toHaveLength(0);
  });

  it('asks an individual billed in Italy for a fiscal code', async () => {
    openReview();
    await pay();
    const fiscalCode = await screen.findByLabelText(/^Fiscal code/);
    expect(fiscalCode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required')).toBeTruthy();
  });

  it('marks the fiscal code required when billed in Italy, not when billed abroad', async () => {
    openReview();
    const fiscalCode = await screen.findByLabelText(/^Fiscal code/);
    expect(fiscalCode.hasAttribute('required')).toBe(true);
    cleanup();
    openReview({ 'GET /users/1/billing': { body: { data: frenchBilling } } });
    const abroad = await screen.findByLabelText(/^Fiscal code/);
    expect(abroad.hasAttribute('required')).toBe(false);
  });

  it('marks the zip code optional, saying why, when billed in Ghana, which has no postal codes; required in Italy', async () => {
    openReview();
    expect(await screen.findByRole('textbox', { name: 'Zip code' })).toHaveProperty('required', true);
    cleanup();
    await changeLocale('it-IT');
    try {
      const ghanaian = { ...frenchBilling, city: 'Accra', zip_code: null, country: 'GH' };
      openReview({ 'GET /users/1/billing': { body: { data: ghanaian } } });
      const zipCode = await screen.findByRole('textbox', { name: 'CAP' });
      expect(zipCode).toHaveProperty('required', false);
      // Not the account's 00100: the address kept has none.
      expect(zipCode).toHaveProperty('value', '');
      expect(screen.getByText('Facoltativo: questo paese non ha codici postali.')).toBeTruthy();
    } finally {
      await changeLocale('en-US');
    }
  });

  it('accepts an 11-digit numeric fiscal code (a provisional one) and pays', async () => {
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_sandbox_0457';
    const { calls } = openReview({
      'POST /practices/7/checkout': {
        body: { data: { payment_id: 6, checkout_url: checkoutUrl, expires_at: '2026-11-21T12:30:00Z' } },
      },
    });
    await screen.findByLabelText(/^Fiscal code/);
    await fill(/^Fiscal code/, '00488410010');
    await pay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(calls.callsTo('POST /practices/7/checkout')[0]?.body).toMatchObject({
      billing: { fiscal_code: '00488410010' },
    });
  });

  it('asks to confirm an omocodic fiscal code before paying, and sends the confirmation', async () => {
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_sandbox_0456';
    const { calls } = openReview({
      'POST /practices/7/checkout': {
        body: { data: { payment_id: 6, checkout_url: checkoutUrl, expires_at: '2026-11-21T12:30:00Z' } },
      },
    });
    await screen.findByLabelText(/^Fiscal code/);
    expect(screen.queryByLabelText('I confirm that this fiscal code is correct')).toBeNull();
    await fill(/^Fiscal code/, 'RSSMRA80A01H50MM');
    const confirm = await screen.findByLabelText('I confirm that this fiscal code is correct');
    await pay();
    expect(
      await screen.findByText(
        'This fiscal code is valid but unusual (omocodia): please confirm that it is correct.',
      ),
    ).toBeTruthy();
    expect(calls.callsTo('POST /practices/7/checkout')).toHaveLength(0);

    await userEvent.click(confirm);
    await pay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(calls.callsTo('POST /practices/7/checkout')[0]?.body).toMatchObject({
      billing: { fiscal_code: 'RSSMRA80A01H50MM', fiscal_code_omocodia_confirmed: true },
    });
  });

  it('starts from the billing information kept on the server, pays, and goes to the checkout page', async () => {
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_sandbox_0123';
    const { calls } = openReview({
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'POST /practices/7/checkout': {
        body: { data: { payment_id: 5, checkout_url: checkoutUrl, expires_at: '2026-11-21T12:30:00Z' } },
      },
    });
    expect(await screen.findByDisplayValue('1 rue de Rivoli')).toBeTruthy();
    await pay();

    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(calls.callsTo('POST /practices/7/checkout')[0]?.body).toEqual({
      billing: { ...frenchBilling, province: null },
    });
    expect(storage.get('billing')).toMatchObject({ entity_type: 'individual', city: 'Paris', country: 'FR' });
  });

  it('says to try again in a few minutes when the payment service is busy, keeping the form', async () => {
    openReview({
      'GET /users/1/billing': { body: { data: frenchBilling } },
      'POST /practices/7/checkout': {
        status: 429,
        body: { code: 'PROVIDER_BUSY', message: PAYMENT_MESSAGES['en-US'].providerBusy },
      },
    });
    await screen.findByDisplayValue('1 rue de Rivoli');
    await pay();
    await findAlert(PAYMENT_MESSAGES['en-US'].providerBusy);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('1 rue de Rivoli')).toBeTruthy();
  });

  it('says it in Italian too', async () => {
    await changeLocale('it-IT');
    try {
      openReview({
        'GET /users/1/billing': { body: { data: frenchBilling } },
        'POST /practices/7/checkout': {
          status: 429,
          body: { code: 'PROVIDER_BUSY', message: PAYMENT_MESSAGES['it-IT'].providerBusy },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: /^Paga 250,00/ }));
      await findAlert(PAYMENT_MESSAGES['it-IT'].providerBusy);
    } finally {
      await changeLocale('en-US');
    }
  });

  it('back from a declined payment, says it failed above the same, prefilled form', async () => {
    storage.set('billing', { ...frenchBilling, city: 'Lyon' });
    openReview(
      { 'GET /payments/5': { body: { data: paymentFixture({ status: 'failed' }) } } },
      '/service/new/review?payment=5',
    );
    expect(await screen.findByDisplayValue('Lyon')).toBeTruthy();
    await findAlert('Payment failed! Try again or contact your bank.');
    expect(screen.getByRole('button', { name: 'Pay €250.00' })).toBeTruthy();
  });

  it('back from a cancelled payment, says the request can be changed again once the payment page closes', async () => {
    // The session still open: about 25 minutes to go.
    const expiresAt = new Date(Date.now() + 25 * 60_000 - 30_000).toISOString();
    openReview(
      { 'GET /payments/5': { body: { data: paymentFixture({ status: 'pending', expires_at: expiresAt }) } } },
      '/service/new/review?payment=5',
    );
    const notice = await screen.findByText(/nothing you entered was lost/);
    expect(notice.textContent).toContain(
      'It can be changed again once its payment page closes, in about 25 min.',
    );
  });

  it('back from a declined payment, moves focus to what it says, however far down the page it is', async () => {
    openReview(
      { 'GET /payments/5': { body: { data: paymentFixture({ status: 'failed' }) } } },
      '/service/new/review?payment=5',
    );
    const alert = await findAlert('Payment failed! Try again or contact your bank.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('back from a cancelled payment, moves focus to what it says too, where the page opened at its heading', async () => {
    const expiresAt = new Date(Date.now() + 25 * 60_000).toISOString();
    openReview(
      { 'GET /payments/5': { body: { data: paymentFixture({ status: 'pending', expires_at: expiresAt }) } } },
      '/service/new/review?payment=5',
    );
    const text = await screen.findByText(/^The payment was not completed\./);
    const notice = text.closest('[role="status"]');
    expect(notice).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});
