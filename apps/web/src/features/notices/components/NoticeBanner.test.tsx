import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { waitOptions } from '@/test/wait';

const closure = {
  id: 1,
  starts_on: '2024-12-16',
  ends_on: '2025-01-12',
  resumes_on: '2025-01-13',
  announce_from: '2024-11-18',
  notice: { 'en-US': 'Our offices are closed for the holidays.', 'it-IT': 'Uffici chiusi per le feste.' },
};
const notices = (closures: unknown[], isMaintenance = false) => ({
  body: { data: { closures, maintenance: { is_on: isMaintenance, is_staff_only: isMaintenance } } },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notice banner', () => {
  it('shows an announced closure on public pages, with the day service resumes', async () => {
    mockApi({ 'GET /notices': notices([closure]) });
    renderApp('/faq');
    const region = await screen.findByRole('region', { name: 'Notices' });
    expect(region.textContent).toContain('Our offices are closed for the holidays.');
    expect(region.textContent).toContain('Service resumes on');
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  });

  it('shows it on the login form layout too, where maintenance is left to the maintenance page', async () => {
    mockApi({ 'GET /notices': notices([closure], true) });
    renderApp('/auth/login');
    const region = await screen.findByRole('region', { name: 'Notices' });
    expect(region.textContent).toContain('Offices closed from');
    expect(region.textContent).not.toContain('Maintenance is on');
  });

  it('shows nothing when nothing is announced', async () => {
    const api = mockApi({ 'GET /notices': notices([]) });
    renderApp('/faq');
    await vi.waitFor(() => expect(api.callsTo('GET /notices')).toHaveLength(1), waitOptions);
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });
});
