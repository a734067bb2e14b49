import type { Practice } from '@lisbon/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const afterPublication = {
  requested_at: '2026-09-01T09:00:00.000Z',
  paid_at: '2026-09-01T09:00:00.000Z',
  published_at: '2026-11-02T09:00:00.000Z',
};

async function facts(practice: Practice) {
  mockApi({ 'GET /practices/7': { body: { data: practice } } });
  renderApp('/practices/7', { queryClient: logIn() });
  await screen.findByRole('heading', { level: 2, name: /^(Request|Richiesta)$/ });
  return [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
}

describe('the deadline a request counts down to (first-user review, item 7)', () => {
  it('names an open appeal’s own deadline as the appeal’s, with its days to go, in both languages', async () => {
    const appeal = practiceFixture({
      ...afterPublication,
      status: 'appeal_in_evaluation',
      status_label: 'appeal in evaluation',
      expected_deadline: '2027-03-04',
      days_to_go: 60,
    });
    const shown = await facts(appeal);
    expect(shown).toContain('Expected deadline of the appeal or amendmentMarch 4, 2027');
    // The label says "days to go": the value counts them, without saying "left" again.
    expect(shown).toContain('Days to go60 working days');
    expect(shown.some((row) => row?.startsWith('Expected deadlineM'))).toBe(false);
    cleanup();
    await changeLocale('it-IT');
    const italian = await facts(appeal);
    expect(italian).toContain('Scadenza prevista del ricorso o della rettifica4 marzo 2027');
    // Not "Giorni mancanti: mancano 60 giorni lavorativi".
    expect(italian).toContain('Giorni mancanti60 giorni lavorativi');
  });

  it('shows no deadline once the statement is published: it was met', async () => {
    const shown = await facts(
      practiceFixture({
        ...afterPublication,
        status: 'published',
        status_label: 'published',
        expected_deadline: '2026-11-24',
        days_to_go: null,
      }),
    );
    expect(shown.some((row) => row?.startsWith('Expected deadline'))).toBe(false);
    expect(shown.some((row) => row?.startsWith('Days to go'))).toBe(false);
  });

  it('keeps the evaluation’s deadline and days to go while it runs', async () => {
    const shown = await facts(
      practiceFixture({
        requested_at: '2026-11-02T09:00:00.000Z',
        status: 'in_evaluation',
        status_label: 'in evaluation',
        expected_deadline: '2027-01-29',
        days_to_go: 41,
      }),
    );
    expect(shown).toContain('Expected deadlineJanuary 29, 2027');
    expect(shown).toContain('Days to go41 working days');
  });
});
