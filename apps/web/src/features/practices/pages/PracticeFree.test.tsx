import type { Practice, StaffPractice } from '@lisbon/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { staffPracticeFixture, staffUser } from '@/test/staffFixtures';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const submitted = (service: Practice['service'], paidAt: string | null) =>
  practiceFixture({
    status: 'in_evaluation',
    status_label: 'in evaluation',
    service,
    requested_at: '2026-11-20T10:00:00.000Z',
    paid_at: paidAt,
  });

/** The request's facts as shown, one "labelvalue" string a row. */
async function facts(practice: Practice) {
  mockApi({ 'GET /practices/7': { body: { data: practice } } });
  renderApp('/practices/7', { queryClient: logIn() });
  await screen.findByRole('heading', { level: 2, name: /^(Request|Richiesta)$/ });
  return [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
}

describe('what a request says of its payment (applicant walk)', () => {
  it('says a refugee’s free request is free of charge, not "Paid on: Not given", in both languages', async () => {
    const free = submitted('refugee_comparability', null);
    const shown = await facts(free);
    expect(shown).toContain('PriceFree of charge');
    expect(shown.some((row) => row?.startsWith('Paid on'))).toBe(false);
    cleanup();
    await changeLocale('it-IT');
    const mostrati = await facts(free);
    expect(mostrati).toContain('PrezzoGratuito');
    expect(mostrati.some((row) => row?.startsWith('Pagata il'))).toBe(false);
  });

  it('still says when a paid request was paid', async () => {
    const shown = await facts(submitted('correspondence_verification', '2026-11-20T10:05:00.000Z'));
    expect(shown).toContain('Paid onNovember 20, 2026');
  });
});

describe('a refugee’s request with a document declared unobtainable (applicant walk)', () => {
  it('does not list the declared document as still missing, while another missing one is', async () => {
    const practice = practiceFixture({
      ...submitted('refugee_comparability', null),
      missing_documents: ['diploma'],
      unobtainable_documents: [
        { type: 'diploma', explanation: null, declared_at: '2026-11-20T09:00:00.000Z' },
      ],
    });
    await facts(practice);
    expect(screen.queryByText('Required documents still missing')).toBeNull();
    cleanup();
    await facts({ ...practice, missing_documents: ['diploma', 'translation'] });
    const missing = screen.getByText('Required documents still missing').closest('.mantine-Alert-root');
    expect([...(missing?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'Translation',
    ]);
  });
});

describe('what the staff workspace says of a request’s payment', () => {
  const counts = { assigned: 1, to_review: 0, unassigned: 0, ready_for_issue: 0, archive: 0, all: 1 };
  const staffFacts = async (service: StaffPractice['service'], paidAt: string | null) => {
    const practice = staffPracticeFixture({ service, paid_at: paidAt });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      [`GET /staff/practices/${practice.id}`]: { body: { data: practice } },
    });
    renderApp(`/staff/practices/${practice.id}`, { queryClient: logIn(staffUser('evaluator')) });
    await screen.findByRole('heading', { level: 1, name: `Request no. ${practice.id}` });
    // The overview's facts come with its part, loaded on its own.
    await waitFor(() => expect(document.querySelectorAll('.facts-row').length).toBeGreaterThan(0));
    return [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
  };

  it('says a refugee’s free request is free of charge, as the applicant’s page does', async () => {
    const shown = await staffFacts('refugee_comparability', null);
    expect(shown).toContain('PriceFree of charge');
    expect(shown.some((row) => row?.startsWith('Paid on'))).toBe(false);
  });

  it('still says when a paid request was paid', async () => {
    const shown = await staffFacts('correspondence_verification', '2026-11-20T10:05:00.000Z');
    expect(shown).toContain('Paid onNovember 20, 2026');
  });
});
