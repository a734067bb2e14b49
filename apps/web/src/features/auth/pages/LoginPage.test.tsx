import { STATUS_LABELS } from '@lisbon/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage';
import { findAlert } from '@/test/alerts';
import { practiceSummaryFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { completeProfile, testUser } from '@/test/users';

const EXPIRES_AT = '2099-01-01T10:00:00.000Z';
const RENEWED_AT = '2099-01-01T10:05:00.000Z';
const session = (twoFactorRequired: boolean) => ({
  data: {
    access_token: 'a'.repeat(43),
    expires_at: EXPIRES_AT,
    user_id: 1,
    two_factor_required: twoFactorRequired,
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function logIn(email = 'ada@example.org', password = 'Correct horse 1!') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('stores the token and its expiry, then opens the page the user wanted', async () => {
    const api = mockApi({
      'POST /auth': { body: session(false) },
      'GET /auth/me': { body: { data: testUser(completeProfile) } },
    });
    const { router } = renderApp('/auth/login?next=%2Fpractices');

    await logIn('  Ada@Example.org ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/practices'));
    expect(api.callsTo('POST /auth')[0]?.body).toEqual({
      email: 'ada@example.org',
      password: 'Correct horse 1!',
    });
    expect(api.callsTo('POST /auth')[0]?.headers.has('Authorization')).toBe(false);
    expect(storage.get('token')).toBe('a'.repeat(43));
    expect(storage.get('tokenExpiresAt')).toBe(EXPIRES_AT);
    expect(storage.get('auth')).toEqual({ userId: 1 });
  });

  it('ends on the server the session whose token this browser held before, as it stores the new one', async () => {
    const api = mockApi({
      'POST /auth': { body: session(false) },
      'GET /auth/me': { body: { data: testUser(completeProfile) } },
      'POST /auth/logout': { status: 204 },
    });
    // Another tab's login, or one someone left in this browser: still alive on the server.
    storage.set('token', 'o'.repeat(43));
    storage.set('tokenExpiresAt', EXPIRES_AT);
    const { router } = renderApp('/auth/login?next=%2Fpractices');

    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/practices'));
    expect(storage.get('token')).toBe('a'.repeat(43));
    const ended = api.callsTo('POST /auth/logout');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.headers.get('Authorization')).toBe(`Bearer ${'o'.repeat(43)}`);
    expect(ended[0]?.body).toEqual({ cause: 'replaced' });
  });

  it('keeps the service a visitor chose through registering: their first login after activation opens it, once', async () => {
    mockApi({
      'POST /auth': { body: session(false) },
      'GET /auth/me': { body: { data: testUser(completeProfile) } },
    });
    const wanted = '/service/new?country=FR&level=higher';
    const first = renderApp(`/auth/login?next=${encodeURIComponent(wanted)}`);
    await userEvent.click(await screen.findByRole('link', { name: /Register/ }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/auth/register'));
    cleanup();

    // The activation link opened the login page in another tab, with no `next`.
    const second = renderApp('/auth/login');
    await logIn();
    await waitFor(() =>
      expect(`${second.router.state.location.pathname}${second.router.state.location.search}`).toBe(wanted),
    );
    expect(storage.get('nextAfterActivation')).toBeNull();
  });

  it('sends a user whose profile is incomplete to the account page', async () => {
    mockApi({ 'POST /auth': { body: session(false) }, 'GET /auth/me': { body: { data: testUser() } } });
    const { router } = renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('sends a user whose profile is incomplete but who has requests to them, where the account says what it lacks (first-user review, item 1)', async () => {
    const counts = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0]));
    mockApi({
      'POST /auth': { body: session(false) },
      'GET /auth/me': { body: { data: testUser({ ...completeProfile, phone: null, city: '' }) } },
      'GET /users/1/notifications': {
        body: { data: { counts: { ...counts, 'cimea request': 1 }, total: 1 } },
      },
      'GET /practices': {
        body: {
          data: [practiceSummaryFixture({ status: 'pending_student_reply', status_label: 'cimea request' })],
          meta: { page: 1, perPage: 20, total: 1 },
        },
      },
    });
    const { router } = renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/practices'));
    expect(await screen.findByText('Your account is not complete yet')).toBeTruthy();
    expect(screen.getByText(/^Still to fill in: Phone number, City\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your account' }).getAttribute('href')).toBe('/account');
  });

  it('hints, after any failed login, that an account not activated yet can ask for a new link', async () => {
    mockApi({
      'POST /auth': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } },
    });
    renderApp('/auth/login');
    expect(
      screen.queryByRole('link', { name: 'Not activated yet? Ask for a new activation link' }),
    ).toBeNull();

    await logIn('pending@example.org', 'Str0ng!pass');

    expect(await findAlert('Invalid credentials')).toBeTruthy();
    const hint = screen.getByRole('link', { name: 'Not activated yet? Ask for a new activation link' });
    expect(hint.getAttribute('href')).toBe('/auth/activate');
  });

  it("says 'Invalid credentials' on a wrong password and stores nothing", async () => {
    mockApi({
      'POST /auth': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } },
    });
    const { router } = renderApp('/auth/login');

    await logIn('ada@example.org', 'wrong');

    expect(await findAlert('Invalid credentials')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(storage.get('token')).toBeNull();
  });

  it('announces "Invalid credentials" once and takes the focus to the password, marked invalid and described by it', async () => {
    mockApi({
      'POST /auth': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } },
    });
    renderApp('/auth/login');

    await logIn('ada@example.org', 'wrong');

    const alert = await findAlert('Invalid credentials');
    const password = screen.getByLabelText(/^Password/);
    // Where a screen reader user types the password again, not on "Log in".
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(
      screen.getAllByRole('alert').filter((element) => element.textContent?.includes('Invalid credentials')),
    ).toEqual([alert]);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (password.getAttribute('aria-describedby') ?? '').split(' ');
    expect(alert.id).not.toBe('');
    expect(describedBy).toContain(alert.id);
    // The email is not the field marked: the portal never says which of the two was wrong.
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('checks the fields with the domain schema before calling the API', async () => {
    const api = mockApi({});
    renderApp('/auth/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email not valid')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(api.pageCalls()).toHaveLength(0);
  });

  it('asks for the second factor, sends the code with the pending token, then stores the new session it answers', async () => {
    const api = mockApi({
      'POST /auth': { body: session(true) },
      'POST /auth/2fa': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? {
              body: {
                data: { ...session(false).data, access_token: 'b'.repeat(43), expires_at: RENEWED_AT },
              },
            }
          : {
              status: 422,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid.',
                errors: { code: ['The code is not valid. Try again or contact us'] },
              },
            },
      'GET /auth/me': { body: { data: testUser(completeProfile) } },
    });
    const { router } = renderApp('/auth/login');
    await logIn();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(storage.get('token')).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not valid. Try again or contact us')).toBeTruthy();
    expect(storage.get('token')).toBeNull();

    await userEvent.clear(screen.getByLabelText(/^Code/));
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/practices'));
    const verify = api.callsTo('POST /auth/2fa');
    expect(verify.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${'a'.repeat(43)}`);
    expect(verify.at(-1)?.body).toEqual({ code: '123456' });
    // Passing the second factor ended the first step's session: its token is never stored.
    expect(storage.get('token')).toBe('b'.repeat(43));
    expect(storage.get('tokenExpiresAt')).toBe(RENEWED_AT);
    expect(api.callsTo('GET /auth/me').at(-1)?.headers.get('Authorization')).toBe(`Bearer ${'b'.repeat(43)}`);
    // No token was held before this login: there was nothing to end.
    expect(api.callsTo('POST /auth/logout')).toHaveLength(0);
  });
});
