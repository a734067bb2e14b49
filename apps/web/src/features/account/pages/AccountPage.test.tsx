import { formatDayMonthYear, type User } from '@lisbon/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { currentUserQuery } from '@/shared/session/currentUser';
import { storage, unsavedValues } from '@/shared/storage';
import { practiceSummaryFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { completeProfile, testUser } from '@/test/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function openAccount(user: User = testUser()) {
  storage.set('token', 't'.repeat(43));
  storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return renderApp('/account', { queryClient });
}

const details = () => screen.getByRole('region', { name: 'Complete your account' });
const save = () =>
  userEvent.click(within(details()).getByRole('button', { name: 'Save the account details' }));
const isoDate = (monthsFromNow: number) => {
  const date = new Date();
  date.setMonth(date.getMonth() + monthsFromNow);
  return date.toISOString().slice(0, 10);
};

describe('account page: complete account', () => {
  it('names the details the account still lacks, each a link to its field, and marks them required (first-user review, item 1)', async () => {
    openAccount(testUser({ ...completeProfile, phone: null, residence_country: null, city: '' }));
    const alert = (await screen.findByText('Your account is not complete yet')).closest<HTMLElement>(
      '.mantine-Alert-root',
    );
    if (!alert) throw new Error('no alert');
    const links = within(alert).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Phone number', 'Country of residence', 'City']);
    await userEvent.click(links[2]!);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^City\W*$/ }));
    for (const name of [
      /^Phone number/,
      /^Date of birth/,
      /^Identity document number/,
      /^Address/,
      /^City\W*$/,
    ])
      expect(screen.getByRole('textbox', { name }).hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: /^Zip code/ }).hasAttribute('required')).toBe(false);
  });

  it('names nothing once the account is complete', async () => {
    openAccount(testUser(completeProfile));
    await screen.findByRole('region', { name: 'Complete your account' });
    expect(screen.queryByText('Your account is not complete yet')).toBeNull();
  });

  it('changes the category, and says on it when a request holds it', async () => {
    const held = 'The category cannot be changed while a request of yours is a draft or being evaluated';
    const api = mockApi({
      'PATCH /users/1': {
        status: 422,
        body: { code: 'VALIDATION_FAILED', message: '', errors: { category: [held] } },
      },
    });
    openAccount(testUser({ category: 'refugee' }));
    const category = await screen.findByRole('radiogroup', { name: /^Category/ });
    expect(within(category).getByRole<HTMLInputElement>('radio', { name: /^Refugee/ }).checked).toBe(true);
    await userEvent.click(within(category).getByRole('radio', { name: 'Standard' }));
    await save();
    await waitFor(() =>
      expect(api.callsTo('PATCH /users/1')[0]?.body).toMatchObject({ category: 'standard' }),
    );
    expect(await screen.findByText(held)).toBeTruthy();
  });

  it("refuses a wrong tax ID with 'Invalid Tax ID Number'", async () => {
    const api = mockApi({});
    openAccount();
    await userEvent.type(await screen.findByLabelText(/^Italian tax ID/), 'RSSMRA85T10A562T');
    await save();
    expect(await screen.findByText('Invalid Tax ID Number')).toBeTruthy();
    expect(api.pageCalls().filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('saves the 11-digit numeric tax ID (a provisional code), as billing takes it, and refuses one whose check digit is wrong', async () => {
    const api = mockApi({
      'PATCH /users/1': ({ body }) => ({ body: { data: testUser(body as Partial<User>) } }),
    });
    openAccount();
    const taxId = await screen.findByLabelText(/^Italian tax ID/);
    expect(
      screen.getByText('Only if you have one: 16 characters, or 11 digits for a provisional code.'),
    ).toBeTruthy();
    await userEvent.type(taxId, '00488410011');
    await save();
    expect(await screen.findByText('Invalid Tax ID Number')).toBeTruthy();
    expect(api.pageCalls().filter((call) => call.method !== 'GET')).toHaveLength(0);

    await userEvent.clear(taxId);
    await userEvent.type(taxId, '004 884 100 10');
    await save();
    await waitFor(() => expect(api.callsTo('PATCH /users/1')).toHaveLength(1));
    expect(api.callsTo('PATCH /users/1')[0]?.body).toMatchObject({
      tax_id: '00488410010',
      tax_id_omocodia_confirmed: false,
    });
    expect(await screen.findByText('Account updated')).toBeTruthy();
  });

  it('asks to confirm an omocodic tax ID, then saves the confirmation', async () => {
    const api = mockApi({
      'PATCH /users/1': ({ body }) => ({ body: { data: testUser(body as Partial<User>) } }),
    });
    openAccount();
    await userEvent.type(await screen.findByLabelText(/^Italian tax ID/), 'rssmra85t10a56nh');
    const confirm = screen.getByLabelText('I confirm that this tax ID is mine');
    await save();
    expect(
      await screen.findByText(
        'This tax ID is valid but unusual (omocodia): please confirm that it is yours.',
      ),
    ).toBeTruthy();
    expect(api.pageCalls().filter((call) => call.method !== 'GET')).toHaveLength(0);

    await userEvent.click(confirm);
    await save();
    await waitFor(() => expect(api.callsTo('PATCH /users/1')).toHaveLength(1));
    expect(api.callsTo('PATCH /users/1')[0]?.body).toMatchObject({
      tax_id: 'RSSMRA85T10A56NH',
      tax_id_omocodia_confirmed: true,
      birth_country: null,
    });
    expect(await screen.findByText('Account updated')).toBeTruthy();
  });

  it('warns when the identity document has expired or expires within six months', async () => {
    mockApi({});
    openAccount();
    const expiration = await screen.findByLabelText(/^Document expiration date/);
    fireEvent.change(expiration, { target: { value: formatDayMonthYear(isoDate(-1)) } });
    expect(await screen.findByText(/This document has expired/)).toBeTruthy();
    fireEvent.change(expiration, { target: { value: formatDayMonthYear(isoDate(3)) } });
    expect(await screen.findByText('This document expires within six months.')).toBeTruthy();
    expect(expiration.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(expiration, { target: { value: formatDayMonthYear(isoDate(12)) } });
    await waitFor(() => expect(screen.queryByText(/This document expires/)).toBeNull());
  });

  it('asks for the country code of a phone number and refuses a minor', async () => {
    mockApi({});
    openAccount();
    await userEvent.type(await screen.findByLabelText(/^Phone number/), '06 1234 5678');
    fireEvent.change(screen.getByLabelText(/^Date of birth/), {
      target: { value: formatDayMonthYear(isoDate(-12 * 10)) },
    });
    await save();
    expect(await screen.findByText('Phone number not valid (add country code)')).toBeTruthy();
    expect(
      screen.getByText('Services are restricted to adults: you must be at least 18 years old.'),
    ).toBeTruthy();
  });

  it('reads a national phone number in the country of residence, sends it in E.164 and shows it for reading', async () => {
    const api = mockApi({
      'PATCH /users/1': ({ body }) => ({ body: { data: testUser(body as Partial<User>) } }),
    });
    openAccount(testUser(completeProfile));
    const phone = await screen.findByLabelText<HTMLInputElement>(/^Phone number/);
    // Kept in E.164, shown for reading.
    expect(phone.value).toBe('+44 20 7946 0958');
    const help = document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(help?.textContent).toBe(
      'For example +39 06 1234 5678; without the country code, a number of your country of residence.',
    );
    await userEvent.clear(phone);
    await userEvent.type(phone, '333 1234567');
    await save();
    await waitFor(() => expect(api.callsTo('PATCH /users/1')).toHaveLength(1));
    expect(api.callsTo('PATCH /users/1')[0]?.body).toMatchObject({
      residence_country: 'IT',
      phone: '+393331234567',
    });
    expect(await screen.findByText('Account updated')).toBeTruthy();
    expect(phone.value).toBe('+39 333 123 4567');
  });

  it('is named in Italian as its menu link names it', async () => {
    onTestFinished(() => changeLocale('en-US'));
    await changeLocale('it-IT');
    mockApi({});
    openAccount(testUser(completeProfile));
    // The page's heading, by its Italian name (the first load has one of its own, heard only).
    const heading = await screen.findByRole('heading', { level: 1, name: 'Profilo' });
    const links = screen
      .getAllByRole('link', { hidden: true })
      .filter((link) => link.getAttribute('href') === '/account');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.textContent).toBe('Profilo');
    expect(heading.textContent).toBe('Profilo');
  });

  it('asks the gender in Italian as a public form does: Uomo, Donna, Altro', async () => {
    onTestFinished(() => changeLocale('en-US'));
    await changeLocale('it-IT');
    mockApi({});
    openAccount(testUser(completeProfile));
    const group = await screen.findByRole('radiogroup', { name: /^Genere/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => document.querySelector(`label[for="${radio.id}"]`)?.textContent),
    ).toEqual(['Uomo', 'Donna', 'Altro']);
  });

  it('makes the gender one Tab stop: the choice checked, else the first (WAI-ARIA radio group)', async () => {
    mockApi({});
    openAccount(testUser({ ...completeProfile, gender: null }));
    const group = await screen.findByRole('radiogroup', { name: /^Gender/ });
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.tabIndex);
    // Nothing given yet: Tab reaches "Male" only (Chromium stopped on each choice).
    expect(tabStops()).toEqual([0, -1, -1]);
    await userEvent.click(within(group).getByRole('radio', { name: 'Female' }));
    expect(tabStops()).toEqual([-1, 0, -1]);
  });

  it('says how to write the phone number in Italian', async () => {
    onTestFinished(() => changeLocale('en-US'));
    await changeLocale('it-IT');
    mockApi({});
    openAccount(testUser(completeProfile));
    const phone = await screen.findByLabelText(/^Numero di telefono/);
    const help = document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(help?.textContent).toBe(
      'Per esempio +39 06 1234 5678; senza prefisso internazionale, un numero del tuo Paese di residenza.',
    );
  });

  it('says "account updated" in the language just chosen', async () => {
    onTestFinished(() => changeLocale('en-US'));
    mockApi({
      'PATCH /profile': ({ body }) => ({ body: { data: testUser(body as Partial<User>) } }),
    });
    openAccount();
    const language = await screen.findByLabelText(/^Preferred language/);
    await userEvent.selectOptions(language, 'it-IT');
    expect(await screen.findByText('Account aggiornato')).toBeTruthy();
    expect(screen.queryByText('Account updated')).toBeNull();
  });

  it('shows the email read-only', async () => {
    mockApi({});
    openAccount();
    const email = await screen.findByLabelText(/^Email/, { selector: 'input[readonly]' });
    expect((email as HTMLInputElement).value).toBe('ada@example.org');
  });
});

describe('account page: settings', () => {
  it('keeps the focus on the newsletter switch while it saves, busy, the choice shown', async () => {
    let answer: (answer: { body: unknown }) => void = () => undefined;
    const api = mockApi({
      'PATCH /profile': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    openAccount();
    const newsletter = await screen.findByRole('switch', { name: /^Send me news about the services/ });
    newsletter.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(api.callsTo('PATCH /profile')).toHaveLength(1));
    // Saving: still enabled and focused (disabled, it sent the keyboard back to the page's body).
    expect(newsletter.getAttribute('aria-busy')).toBe('true');
    expect((newsletter as HTMLInputElement).disabled).toBe(false);
    expect((newsletter as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(newsletter);
    // A second press while it saves sends nothing more.
    await userEvent.keyboard(' ');
    expect(api.callsTo('PATCH /profile')).toHaveLength(1);
    expect(api.callsTo('PATCH /profile')[0]?.body).toEqual({ marketing_consent: true });

    answer({ body: { data: testUser({ marketing_consent: true }) } });
    await waitFor(() => expect(newsletter.getAttribute('aria-busy')).toBe('false'));
    expect((newsletter as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(newsletter);
  });

  it("refuses a deletion when the email typed is not the account's", async () => {
    const api = mockApi({});
    openAccount();
    await userEvent.type(
      await screen.findByLabelText(/^To confirm, type the email of your account/),
      'someone@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The email address does not match.')).toBeTruthy();
    expect(api.pageCalls().filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('deletes the account, logs out and goes home', async () => {
    const api = mockApi({
      'GET /practices': { body: { data: [], meta: { page: 1, perPage: 100, total: 0 } } },
      'DELETE /users/1': { status: 204 },
    });
    // An appeal typed in this tab and not sent: the deleted account's words go with it.
    unsavedValues.write('1.appeal.3', { motivation: 'My diploma names me Ada Byron' });
    onTestFinished(() => sessionStorage.clear());
    const { router } = openAccount();
    // Said before anything is typed: the draft and its documents go too (decision 052).
    expect(
      await screen.findByText(
        'Deleting your account erases your personal data, your draft request and the documents you uploaded to it, and logs you out. Invoices are kept for the time the law requires. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.type(
      await screen.findByLabelText(/^To confirm, type the email of your account/),
      ' ADA@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE /users/1')[0]?.body).toEqual({ email: 'ADA@example.org' });
    expect(storage.get('token')).toBeNull();
    expect(unsavedValues.read('1.appeal.3')).toBeNull();
    expect(await screen.findByText('Account deleted')).toBeTruthy();
  });

  it('gives focus back to "Delete my account" when the dialog closes, cancelled or after a failure', async () => {
    mockApi({
      'GET /practices': {
        body: {
          data: [practiceSummaryFixture({ id: 12, status: 'in_evaluation', status_label: 'in evaluation' })],
          meta: { page: 1, perPage: 100, total: 1 },
        },
      },
      'DELETE /users/1': { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } },
    });
    openAccount();
    await userEvent.type(
      await screen.findByLabelText(/^To confirm, type the email of your account/),
      'ada@example.org',
    );
    const button = screen.getByRole('button', { name: 'Delete my account' });
    for (const close of ['Cancel', 'Delete the account and close the requests']) {
      await userEvent.click(button);
      const dialog = await screen.findByRole('dialog', {
        name: 'Delete the account and close your requests in progress?',
      });
      await userEvent.click(within(dialog).getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(button));
    }
  });

  it('before deleting, lists the requests in progress, says they close and fees are not refunded (decision 052)', async () => {
    const api = mockApi({
      'GET /practices': {
        body: {
          data: [
            practiceSummaryFixture({ id: 12, status: 'in_evaluation', status_label: 'in evaluation' }),
            practiceSummaryFixture({
              id: 14,
              status: 'pending_student_reply',
              status_label: 'cimea request',
            }),
            practiceSummaryFixture({ id: 15, status: 'draft', status_label: 'draft' }),
          ],
          meta: { page: 1, perPage: 100, total: 3 },
        },
      },
      'DELETE /users/1': { status: 204 },
    });
    const { router } = openAccount();
    await userEvent.type(
      await screen.findByLabelText(/^To confirm, type the email of your account/),
      'ada@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the account and close your requests in progress?',
    });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Request no. 12 (in evaluation): will be closed',
      'Request no. 14 (request for information): will be closed',
    ]);
    expect(
      within(dialog).getByText(
        'Fees you have paid are not refunded. Invoices and receipts are kept for the time the law requires.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('DELETE /users/1')).toHaveLength(0);

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete the account and close the requests' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE /users/1')[0]?.body).toEqual({ email: 'ada@example.org' });
  });

  it('says why the deletion waits while a statement of a request is being published (409), and keeps the session', async () => {
    const waitMessage =
      'A statement is being published for one of your requests: please try again in a few minutes.';
    const api = mockApi({
      'GET /practices': {
        body: {
          data: [
            practiceSummaryFixture({ id: 12, status: 'ready_for_issue', status_label: 'in evaluation' }),
          ],
          meta: { page: 1, perPage: 100, total: 1 },
        },
      },
      'DELETE /users/1': { status: 409, body: { code: 'ACCOUNT_PUBLICATION_PENDING', message: waitMessage } },
    });
    const { router } = openAccount();
    await userEvent.type(
      await screen.findByLabelText(/^To confirm, type the email of your account/),
      'ada@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the account and close your requests in progress?',
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete the account and close the requests' }),
    );

    // The API's own words, in the section's alert, announced as it appears.
    expect((await screen.findByText(waitMessage)).closest('[role="alert"]')).not.toBeNull();
    expect(api.callsTo('DELETE /users/1')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/account');
    expect(storage.get('token')).not.toBeNull();
  });

  it('turns on two factors: QR code and key, a code, then the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    const api = mockApi({
      'POST /auth/2fa/setup': {
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
      'POST /auth/2fa/enable': {
        body: {
          data: {
            recovery_codes: codes,
            access_token: 'n'.repeat(43),
            expires_at: '2099-01-01T01:00:00.000Z',
            user_id: 1,
            two_factor_required: false,
          },
        },
      },
    });
    openAccount();
    const before = storage.get('token');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    // The current password too: a session alone does not turn two factors on.
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /auth/2fa/enable')).toHaveLength(0);
    const twoFactor = screen.getByRole('region', { name: 'Two-factor authentication' });
    await userEvent.type(within(twoFactor).getByLabelText(/^Current password/), 'Quiet#Harbour42');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    for (const code of codes) expect(screen.getByText(code)).toBeTruthy();
    expect(api.callsTo('POST /auth/2fa/enable')[0]?.body).toEqual({
      code: '123456',
      current_password: 'Quiet#Harbour42',
    });
    // The toasts' container comes with the first toast of the run (providers.tsx): waited for, so
    // the test holds whether or not an earlier one has shown a toast already.
    expect(await screen.findByText('Two-factor authentication enabled')).toBeTruthy();
    // The API ended the session it was called with and answered a new one, kept from now on.
    expect(before).not.toBe('n'.repeat(43));
    expect(storage.get('token')).toBe('n'.repeat(43));
    expect(storage.get('tokenExpiresAt')).toBe('2099-01-01T01:00:00.000Z');
    expect(storage.get('auth')).toEqual({ userId: 1 });
    // The API ended the old session already: nothing more to ask of it.
    expect(api.callsTo('POST /auth/logout')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByText('code-0')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeTruthy();
  });

  it('logs out everywhere once the dialog has the current password, and keeps the new session it answers', async () => {
    const api = mockApi({
      'POST /auth/logout-everywhere': ({ body }) =>
        (body as { current_password: string }).current_password === 'Quiet#Harbour42'
          ? {
              body: {
                data: {
                  access_token: 'e'.repeat(43),
                  expires_at: '2099-01-01T02:00:00.000Z',
                  user_id: 1,
                  two_factor_required: false,
                },
              },
            }
          : {
              status: 422,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid.',
                errors: { current_password: ['The current password is not correct'] },
              },
            },
    });
    openAccount();
    const section = await screen.findByRole('region', { name: 'Log out everywhere' });
    expect(
      within(section).getByText(
        'Ends every session of your account, on every device and browser where you are logged in: a computer that is not yours, a phone you lost. You stay logged in here.',
      ),
    ).toBeTruthy();
    const button = within(section).getByRole('button', { name: 'Log out everywhere' });

    // Cancel ends nothing, and the focus goes back to the button.
    await userEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Log out on every device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await userEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Log out on every device?' });
    const password = within(dialog).getByLabelText(/^Current password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /auth/logout-everywhere')).toHaveLength(0);

    await userEvent.type(password, 'Wrong#Harbour42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    expect(await within(dialog).findByText('The current password is not correct')).toBeTruthy();
    expect(storage.get('token')).toBe('t'.repeat(43));

    await userEvent.clear(password);
    await userEvent.type(password, 'Quiet#Harbour42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    expect(
      await screen.findByText('Every session of your account has ended. You are still logged in here.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /auth/logout-everywhere').at(-1)?.body).toEqual({
      current_password: 'Quiet#Harbour42',
    });
    // The API ended this session too and answered a new one: kept, and the page stays.
    expect(storage.get('token')).toBe('e'.repeat(43));
    expect(storage.get('tokenExpiresAt')).toBe('2099-01-01T02:00:00.000Z');
    expect(api.callsTo('POST /auth/logout')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
  });

  it('names the log-out-everywhere section and its dialog in Italian', async () => {
    onTestFinished(() => changeLocale('en-US'));
    await changeLocale('it-IT');
    mockApi({});
    openAccount();
    const section = await screen.findByRole('region', { name: 'Esci ovunque' });
    await userEvent.click(within(section).getByRole('button', { name: 'Esci ovunque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uscire su tutti i dispositivi?' });
    expect(within(dialog).getByLabelText(/^Password attuale/)).toBeTruthy();
  });

  it("says 'Try again or contact us' when changing the password fails", async () => {
    mockApi({ 'POST /auth/update-password': { status: 500, body: {} } });
    openAccount();
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Old-passw0rd');
    const section = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(section).getByLabelText(/^New password/), 'New-passw0rd');
    await userEvent.type(within(section).getByLabelText(/^Confirm the new password/), 'New-passw0rd');
    await userEvent.click(within(section).getByRole('button', { name: 'Change the password' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'Try again or contact us',
    );
  });

  it('names each show-or-hide button after its password, in English and in Italian', async () => {
    mockApi({});
    openAccount();
    await screen.findByLabelText(/^Current password/);
    const section = screen.getByRole('region', { name: 'Change password' });
    const toggles = () =>
      within(section)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
        .filter((name) => name !== null);
    expect(toggles()).toEqual([
      'Show or hide “Current password”',
      'Show or hide “New password”',
      'Show or hide “Confirm the new password”',
    ]);
    onTestFinished(() => changeLocale('en-US'));
    await changeLocale('it-IT');
    const sezione = await screen.findByRole('region', { name: 'Cambia password' });
    await waitFor(() =>
      expect(
        within(sezione)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label'))
          .filter((name) => name !== null),
      ).toEqual([
        'Mostra o nascondi “Password attuale”',
        'Mostra o nascondi “Nuova password”',
        'Mostra o nascondi “Conferma la nuova password”',
      ]),
    );
  });

  it('moves focus to the alert, the first error, when the current password is wrong', async () => {
    mockApi({
      'POST /auth/update-password': {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          errors: { current_password: ['The current password is not correct'] },
        },
      },
    });
    openAccount();
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Wrong-passw0rd');
    const section = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(section).getByLabelText(/^New password/), 'New-passw0rd');
    await userEvent.type(within(section).getByLabelText(/^Confirm the new password/), 'New-passw0rd');
    await userEvent.click(within(section).getByRole('button', { name: 'Change the password' }));
    const alert = await within(section).findByRole('alert');
    expect(within(section).getByText('The current password is not correct')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});

describe('account page: staff', () => {
  it('lands a staff member sent to #two-factor on that section, without the applicant-only text', async () => {
    // jsdom does not scroll: record on which element the page asks for it.
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    storage.set('token', 't'.repeat(43));
    storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQuery.queryKey, testUser({ role: 'evaluator' }));
    renderApp('/account#two-factor', { queryClient });

    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(section));
    // The focus is on its heading, so a screen reader starts there too.
    expect(document.activeElement).toBe(
      within(section).getByRole('heading', { name: 'Two-factor authentication' }),
    );
    // None of the applicant-only fields of a request's account: birth, identity document, tax ID, address.
    expect(screen.queryByRole('heading', { name: 'Complete your account' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    for (const label of [/^Date of birth/, /^Identity document number/, /tax ID/, /^Address/]) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.getByLabelText(/^Last name/)).toBeTruthy();
    expect(screen.queryByText(/download your receipts and invoices/)).toBeNull();
    expect(screen.queryByText(/prepare your requests/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Receipts and invoices' })).toBeNull();
    // Nor the applicants' newsletter, nor a deletion that speaks of a draft request and invoices.
    expect(screen.queryByRole('region', { name: 'Newsletter' })).toBeNull();
    const deletion = screen.getByRole('region', { name: 'Delete account' });
    expect(within(deletion).queryByText(/draft request|Invoices/)).toBeNull();
    expect(
      within(deletion).getByText(
        'Deleting your account erases your personal data and logs you out. This cannot be undone. Requests in progress assigned to you must first be reassigned by a secretary or an administrator.',
      ),
    ).toBeTruthy();
  });

  it('says, in the API’s words, that requests still assigned to a member of staff hold their deletion back (409), and keeps the session', async () => {
    const assigned =
      'Requests in progress still assigned to you: 2. A secretary or an administrator must first reassign them to another member of staff; then you can delete your account.';
    const api = mockApi({
      // An applicant's list, which staff may not read.
      'GET /practices': {
        status: 403,
        body: { code: 'FORBIDDEN_ACCESS', message: 'You do not have access to this resource.' },
      },
      'DELETE /users/1': { status: 409, body: { code: 'ACCOUNT_REQUESTS_ASSIGNED', message: assigned } },
    });
    const { router } = openAccount(testUser({ role: 'evaluator' }));
    const deletion = await screen.findByRole('region', { name: 'Delete account' });
    await userEvent.type(
      within(deletion).getByLabelText(/^To confirm, type the email of your account/),
      'ada@example.org',
    );
    await userEvent.click(within(deletion).getByRole('button', { name: 'Delete my account' }));

    expect((await within(deletion).findByText(assigned)).closest('[role="alert"]')).not.toBeNull();
    expect(api.callsTo('DELETE /users/1')[0]?.body).toEqual({ email: 'ada@example.org' });
    expect(api.callsTo('GET /practices')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/account');
    expect(storage.get('token')).not.toBeNull();
  });
});

describe('account page: while it loads', () => {
  it('is in the main landmark on the first load, before the profile and the page come', async () => {
    storage.set('token', 't'.repeat(43));
    storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
    let answer: (profile: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /auth/me': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/account');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('main').contains(screen.getByRole('status'))).toBe(true);

    answer({ body: { data: testUser() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('has a heading on the first load, heard only, in both languages', async () => {
    onTestFinished(() => changeLocale('en-US'));
    for (const [locale, name] of [
      ['en-US', 'Loading the page'],
      ['it-IT', 'Caricamento della pagina'],
    ] as const) {
      await changeLocale(locale);
      storage.set('token', 't'.repeat(43));
      storage.set('tokenExpiresAt', '2099-01-01T00:00:00.000Z');
      let answer: (profile: { body: unknown }) => void = () => undefined;
      mockApi({
        'GET /auth/me': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      });
      renderApp('/account');
      const main = await screen.findByRole('main');
      const heading = within(main).getByRole('heading', { level: 1, name });
      expect(heading.className).toBe('visually-hidden');
      expect(within(main).getByRole('status')).toBeTruthy();
      // The answer comes: the page's own heading replaces it, and no call is left waiting.
      answer({ body: { data: testUser({ locale }) } });
      expect(
        await screen.findByRole('heading', { level: 1, name: locale === 'en-US' ? 'Profile' : 'Profilo' }),
      ).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      cleanup();
    }
  });

  it('keeps its heading while the profile comes again', async () => {
    const { queryClient } = openAccount();
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    let answer: (profile: { body: unknown }) => void = () => undefined;
    mockApi({
      'GET /auth/me': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    // Dropped and asked for again (its answer not come yet): the page has no profile to show.
    act(() => {
      void queryClient.resetQueries({ queryKey: currentUserQuery.queryKey });
    });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    // The answer comes: no call is left waiting for the next file of this worker (the profile's
    // call in flight is shared, and a login there would wait on it for ever).
    answer({ body: { data: testUser() } });
    expect(await screen.findByLabelText(/^First name/)).toBeTruthy();
  });
});
