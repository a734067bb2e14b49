import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

const TOKEN = 'k'.repeat(43);
const LINK_WORKS = { 'POST /auth/check-token': { status: 204 } };
const LINK_DEAD = {
  'POST /auth/check-token': { status: 404, body: { code: 'TOKEN_NOT_FOUND', message: 'Token not found' } },
};

const LINK_USED = {
  'POST /auth/check-token': {
    status: 409,
    body: {
      code: 'ACCOUNT_ALREADY_ACTIVE',
      message: 'This account is already active: log in with its email and password.',
    },
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checklistItem = (name: RegExp) => {
  const list = screen.getByRole('list', { name: 'The password needs' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => name.test(item.textContent ?? ''));
};

describe('account activation', () => {
  it('shows the password rule as a live checklist, with the special characters', async () => {
    mockApi(LINK_WORKS);
    renderApp(`/auth/activate/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'abc1');

    expect(checklistItem(/at least 8 characters/)?.textContent).toContain('(not met yet)');
    expect(checklistItem(/a lowercase letter/)?.textContent).toContain('(met)');
    expect(checklistItem(/a digit/)?.textContent).toContain('(met)');
    expect(checklistItem(/an uppercase letter/)?.textContent).toContain('(not met yet)');
    expect(screen.getByText(/Special characters:/).textContent).toContain('! " # $ %');

    await userEvent.type(screen.getByLabelText(/^New password/), 'Defgh!');
    expect(checklistItem(/at least 8 characters/)?.textContent).toContain('(met)');
    expect(checklistItem(/a special character/)?.textContent).toContain('(met)');
  });

  it("says 'The passwords do not match' when the confirmation differs", async () => {
    const api = mockApi(LINK_WORKS);
    renderApp(`/auth/activate/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Str0ng!pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Str0ng!pasS');
    await userEvent.click(screen.getByRole('button', { name: 'Activate the account' }));

    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST /auth/activate')).toHaveLength(0);
  });

  it('activates the account and goes to login, its email filled in', async () => {
    const api = mockApi({
      ...LINK_WORKS,
      'POST /auth/activate': {
        body: { data: { message: 'Account activated. You can now log in.', email: 'maria@example.org' } },
      },
    });
    const { router } = renderApp(`/auth/activate/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Str0ng!pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Activate the account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Account activated')).toBeTruthy();
    // The account's email, which the activation answered: only the password is left to type.
    const email = await screen.findByLabelText<HTMLInputElement>(/^Email/);
    await waitFor(() => expect(email.value).toBe('maria@example.org'));
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('');
    expect(api.callsTo('POST /auth/activate')[0]?.body).toEqual({
      token: TOKEN,
      password: 'Str0ng!pass',
      password_confirmation: 'Str0ng!pass',
    });
  });

  it("shows 'Token not found' with the link for a new activation mail when the token expired", async () => {
    mockApi({
      ...LINK_WORKS,
      'POST /auth/activate': { status: 404, body: { code: 'TOKEN_NOT_FOUND', message: 'Token not found' } },
    });
    renderApp(`/auth/activate/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Str0ng!pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Activate the account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Token not found' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Request a new activation mail' });
    expect(link.getAttribute('href')).toBe('/auth/activate');

    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Resend the activation mail' })).toBeTruthy();
  });

  it("checks the link on opening: a dead one shows 'Token not found' instead of the form", async () => {
    const api = mockApi(LINK_DEAD);
    renderApp(`/auth/activate/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Token not found' })).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new activation mail' }).getAttribute('href')).toBe(
      '/auth/activate',
    );
    expect(api.callsTo('POST /auth/check-token')[0]?.body).toEqual({ token: TOKEN, purpose: 'activation' });
  });

  it('says the account is active, with no new activation mail to ask for, to whom opens a used link while logged in (it-IT too)', async () => {
    onTestFinished(() => localStorage.clear());
    mockApi(LINK_DEAD);
    renderApp(`/auth/activate/${TOKEN}`, { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Request a new activation mail' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My requests' }).getAttribute('href')).toBe('/practices');
    cleanup();
    localStorage.clear();
    await changeLocale('it-IT');
    onTestFinished(() => changeLocale('en-US'));
    renderApp('/auth/activate', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Il tuo account è attivo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /email di attivazione/ })).toBeNull();
  });

  it('says the account is active and offers to log in, not "Token not found", to whom opens a used link logged out (it-IT too)', async () => {
    mockApi(LINK_USED);
    renderApp(`/auth/activate/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(
      screen.getByText(
        'This activation link has already been used: the account is active. Log in with its email and password.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
    expect(screen.queryByRole('heading', { name: 'Token not found' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Request a new activation mail' })).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    cleanup();
    await changeLocale('it-IT');
    onTestFinished(() => changeLocale('en-US'));
    renderApp(`/auth/activate/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Il tuo account è attivo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByText(/^Questo link di attivazione è già stato usato/)).toBeTruthy();
  });

  it('says the account is active when the link was used meanwhile, between its opening and the password sent', async () => {
    mockApi({ ...LINK_WORKS, 'POST /auth/activate': LINK_USED['POST /auth/check-token'] });
    renderApp(`/auth/activate/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Str0ng!pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Activate the account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('says the account is active to whom opens a used link logged in, with the way to My requests', async () => {
    onTestFinished(() => localStorage.clear());
    mockApi(LINK_USED);
    renderApp(`/auth/activate/${TOKEN}`, { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My requests' }).getAttribute('href')).toBe('/practices');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('offers log in and password recovery to whom opens an unknown or expired link (a used one the purge forgot)', async () => {
    mockApi(LINK_DEAD);
    renderApp(`/auth/activate/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Token not found' });
    expect(screen.getByRole('link', { name: 'Already activated? Log in' }).getAttribute('href')).toBe(
      '/auth/login',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
  });

  it('says it in Italian too', async () => {
    await changeLocale('it-IT');
    onTestFinished(() => changeLocale('en-US'));
    mockApi(LINK_DEAD);
    renderApp(`/auth/activate/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Account già attivato? Accedi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hai dimenticato la password?' })).toBeTruthy();
  });
});

describe('password reset', () => {
  it("shows 'Token not found' with a link to ask again when the link is used or expired", async () => {
    mockApi({
      ...LINK_WORKS,
      'POST /auth/reset-password': {
        status: 410,
        body: { code: 'TOKEN_NOT_FOUND', message: 'Token not found' },
      },
    });
    renderApp(`/auth/reset-password/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Str0ng!pass');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Token not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
  });

  it("checks the link on opening: a used or replaced one shows 'Token not found' instead of the form", async () => {
    const api = mockApi(LINK_DEAD);
    renderApp(`/auth/reset-password/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Token not found' })).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/auth/recover-password',
    );
    expect(api.callsTo('POST /auth/check-token')[0]?.body).toEqual({
      token: TOKEN,
      purpose: 'password_reset',
    });
  });

  it("answers a recovery request with the same neutral 'Mail sent'", async () => {
    const neutral = 'If the email belongs to an account, we have sent a link to set a new password.';
    const api = mockApi({
      'POST /auth/forgot-password': { status: 202, body: { data: { message: neutral } } },
    });
    renderApp('/auth/recover-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'nobody@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mail sent' })).toBeTruthy();
    expect(screen.getByText(neutral)).toBeTruthy();
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'nobody@example.org' });
  });
});
