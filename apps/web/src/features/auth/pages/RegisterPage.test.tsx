import { formatDayMonthYear } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlert } from '@/test/alerts';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const yearsAgo = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
};

async function fillIn({ birthDate }: { birthDate: string }) {
  await userEvent.type(await screen.findByLabelText(/^First name/), 'Amal');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Haddad');
  await userEvent.type(screen.getByLabelText(/^Email/), 'amal@example.org');
  fireEvent.change(screen.getByLabelText(/^Date of birth/), {
    target: { value: formatDayMonthYear(birthDate) },
  });
}

describe('registration', () => {
  it('requires the terms and refuses a minor with the domain message, without calling the API', async () => {
    const api = mockApi({});
    renderApp('/auth/register');
    await fillIn({ birthDate: yearsAgo(16) });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(
      screen.getByText('Services are restricted to adults: you must be at least 18 years old.'),
    ).toBeTruthy();
    const birthDate = screen.getByLabelText(/^Date of birth/);
    expect(birthDate.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(birthDate));
    expect(api.pageCalls()).toHaveLength(0);
  });

  it('registers a refugee and shows the check-your-mailbox screen', async () => {
    const api = mockApi({
      'POST /auth/register': {
        status: 202,
        body: { data: { message: 'Registration successful. Check your email to activate your account.' } },
      },
    });
    renderApp('/auth/register/refugee');
    expect(await screen.findByText('Free comparability service for refugees')).toBeTruthy();
    expect(screen.getByRole('link', { name: /terms and conditions for refugees/ }).getAttribute('href')).toBe(
      '/terms',
    );

    await fillIn({ birthDate: yearsAgo(30) });
    await userEvent.click(screen.getByLabelText('I have read and accept the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Registration successful' })).toBeTruthy();
    expect(screen.getByText(/Check your mailbox/)).toBeTruthy();
    // Said once, not three times (heading, toast and the API's sentence; issue 33).
    expect(screen.getAllByText(/Registration successful/)).toHaveLength(1);
    expect(api.callsTo('POST /auth/register')[0]?.body).toMatchObject({
      email: 'amal@example.org',
      category: 'refugee',
      accept_terms: true,
      locale: 'en-US',
    });
  });

  it("says 'An error occurred while registering' when the API fails", async () => {
    mockApi({ 'POST /auth/register': { status: 500, body: {} } });
    renderApp('/auth/register');
    await fillIn({ birthDate: yearsAgo(30) });
    await userEvent.click(screen.getByLabelText('I have read and accept the terms and conditions'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await findAlert('An error occurred while registering')).toBeTruthy();
  });
});
