import type { AppealType } from '@lisbon/domain';
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

/** A request whose applicant asked for an appeal or an amendment, refused by the office. */
const refused = (appealType: AppealType) =>
  practiceFixture({
    status: 'appeal_refused',
    status_label: 'appeal_refused',
    appeal_type: appealType,
    published_at: '2026-11-02T09:00:00.000Z',
    history: [
      { from_status: 'published', to_status: 'appeal_requested', at: '2026-11-03T09:00:00.000Z' },
      { from_status: 'appeal_requested', to_status: 'appeal_refused', at: '2026-11-04T09:00:00.000Z' },
    ],
  });

async function open(appealType: AppealType) {
  mockApi({ 'GET /practices/7': { body: { data: refused(appealType) } } });
  renderApp('/practices/7', { queryClient: logIn() });
  await screen.findByRole('heading', { level: 1, name: /7/ });
}

// Decision 026: an amendment goes through an appeal's statuses, but is never called an appeal.
describe('the request page of an amendment', () => {
  it('names the amendment in its status, next step and history, and an appeal as an appeal (en-US)', async () => {
    await open('amendment');
    expect((await screen.findAllByText('amendment refused')).length).toBeGreaterThan(0);
    expect(screen.getByText('amendment in evaluation')).toBeTruthy();
    expect(screen.getByText('Your amendment was refused: it was not admitted.')).toBeTruthy();
    expect(screen.queryByText(/appeal refused|appeal in evaluation|Your appeal/)).toBeNull();
    cleanup();

    await open('appeal');
    expect((await screen.findAllByText('appeal refused')).length).toBeGreaterThan(0);
    expect(screen.getByText('appeal in evaluation')).toBeTruthy();
    expect(screen.getByText('Your appeal was refused: it was not admitted.')).toBeTruthy();
    expect(screen.queryByText(/amendment refused|amendment in evaluation/)).toBeNull();
  });

  it('says rettifica in Italian, and ricorso for an appeal (it-IT)', async () => {
    await changeLocale('it-IT');
    await open('amendment');
    expect((await screen.findAllByText('rettifica respinta')).length).toBeGreaterThan(0);
    expect(screen.getByText('rettifica in valutazione')).toBeTruthy();
    expect(screen.getByText('La rettifica è stata respinta: non è stata ammessa.')).toBeTruthy();
    expect(screen.queryByText(/ricorso respinto|ricorso in valutazione|Il ricorso/)).toBeNull();
    cleanup();

    await open('appeal');
    expect((await screen.findAllByText('ricorso respinto')).length).toBeGreaterThan(0);
    expect(screen.getByText('ricorso in valutazione')).toBeTruthy();
    expect(screen.getByText('Il ricorso è stato respinto: non è stato ammesso.')).toBeTruthy();
    expect(screen.queryByText(/rettifica respinta|rettifica in valutazione/)).toBeNull();
  });
});
