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

/** The request's facts as shown, one "labelvalue" string a row. */
async function facts(practice: Practice) {
  mockApi({ 'GET /practices/7': { body: { data: practice } } });
  renderApp('/practices/7', { queryClient: logIn() });
  await screen.findByRole('heading', { level: 2, name: /^(Request|Richiesta)$/ });
  return [...document.querySelectorAll('.facts-row')].map((row) => row.textContent);
}

describe('what a draft says of its submission and payment (applicant walk)', () => {
  it('says "Not yet", not "Not given", for a draft neither submitted nor paid, in both languages', async () => {
    const shown = await facts(practiceFixture());
    expect(shown).toContain('Submitted onNot yet');
    expect(shown).toContain('Paid onNot yet');
    cleanup();
    await changeLocale('it-IT');
    const mostrati = await facts(practiceFixture());
    expect(mostrati).toContain('Inviata ilNon ancora');
    expect(mostrati).toContain('Pagata ilNon ancora');
  });

  it('still says when a submitted request was submitted and paid', async () => {
    const shown = await facts(
      practiceFixture({
        status: 'in_evaluation',
        status_label: 'in evaluation',
        requested_at: '2026-11-20T10:00:00.000Z',
        paid_at: '2026-11-20T10:05:00.000Z',
      }),
    );
    expect(shown).toContain('Submitted onNovember 20, 2026');
    expect(shown).toContain('Paid onNovember 20, 2026');
  });
});
