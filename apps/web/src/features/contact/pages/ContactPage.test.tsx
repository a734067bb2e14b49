import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en-US');
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  'GET /contact': {
    body: {
      data: {
        name: 'Centro di valutazione',
        address: 'Via Roma 1, 00100 Roma',
        email: 'help@body.example.it',
        phone: '+39 06 1234 5678',
        hours: 'Mon–Fri 9–13',
        is_demo: false,
        ...overrides,
      },
    },
  },
});

const fact = (label: string) => screen.getByText(label).closest('.facts-row') as HTMLElement;

describe('the contact page', () => {
  it('shows the configured address, email, telephone and hours', async () => {
    mockApi(contact());
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Centro di valutazione' })).toBeTruthy();
    expect(within(fact('Address')).getByText('Via Roma 1, 00100 Roma')).toBeTruthy();
    expect(within(fact('Email')).getByRole('link').getAttribute('href')).toBe('mailto:help@body.example.it');
    expect(within(fact('Telephone')).getByRole('link').getAttribute('href')).toBe('tel:+390612345678');
    expect(within(fact('Opening hours')).getByText('Mon–Fri 09:00–13:00')).toBeTruthy();
    expect(screen.queryByText(/demonstration values/)).toBeNull();
  });

  it('writes the configured hours in the page’s language, free text as the operator wrote it', async () => {
    await changeLocale('it-IT');
    mockApi(contact({ hours: 'Mon–Fri 09:00–13:00 (Europe/Rome)' }));
    renderApp('/contact');
    const hours = await screen.findByText('lun–ven 09:00–13:00 (Ora dell’Europa centrale)');
    expect(hours.closest('.facts-row')?.textContent).toContain('Orario di apertura');
    cleanup();
    mockApi(contact({ hours: 'Lun–Ven 9–13, su appuntamento' }));
    renderApp('/contact');
    expect(await screen.findByText('Lun–Ven 9–13, su appuntamento')).toBeTruthy();
  });

  it('says when the details are demo values, and shows no telephone when none is set', async () => {
    mockApi(contact({ phone: null, is_demo: true }));
    renderApp('/contact');
    expect(await screen.findByText(/These contact details are demonstration values/)).toBeTruthy();
    expect(screen.queryByText('Telephone')).toBeNull();
  });

  it('is linked from the footer of every page', async () => {
    mockApi(contact());
    const { router } = renderApp('/faq');
    const footer = await screen.findByRole('navigation', { name: 'Useful links' });
    await userEvent.click(within(footer).getByRole('link', { name: 'Contact us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });
});
