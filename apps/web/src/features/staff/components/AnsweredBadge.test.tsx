import type { AuditEntry } from '@lisbon/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { badgeContrast } from '@/test/contrast';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { renderComponent } from '@/test/renderComponent';
import { logIn } from '@/test/session';
import { seenBy, staffPracticeFixture, staffSummaryFixture, staffUser } from '@/test/staffFixtures';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { AnsweredBadge } from './AnsweredBadge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setViewport(DESKTOP);
});

const counts = { assigned: 2, to_review: 0, unassigned: 0, ready_for_issue: 0, archive: 0, all: 2 };

const entry = (
  id: number,
  action: AuditEntry['action'],
  from: AuditEntry['to_status'],
  to: AuditEntry['to_status'],
) => ({
  id,
  action,
  from_status: from,
  to_status: to,
  by: { id: 21, first_name: 'Enzo', last_name: 'Valutati', role: 'evaluator' },
  note: null,
  details: null,
  at: '2026-11-05T09:00:00.000Z',
});
const asked = entry(2, 'ask_applicant', 'in_evaluation', 'pending_student_reply');
const replied = entry(3, 'reply', 'pending_student_reply', 'in_evaluation');

describe('the evaluator’s sign that the applicant answered', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`marks the answered request’s row in the queue, not the others (${viewport.width} px)`, async () => {
      setViewport(viewport);
      mockApi({
        'GET /staff/queues/counts': { body: { data: counts } },
        'GET /staff/practices': {
          body: {
            data: [
              staffSummaryFixture({ id: 12, applicant_answered: true }),
              staffSummaryFixture({ id: 14 }),
            ],
            meta: { page: 1, perPage: 20, total: 2 },
          },
        },
      });
      renderApp('/staff/queues/assigned', { queryClient: logIn(staffUser('evaluator')) });
      const answered = await screen.findByText('The applicant answered');
      expect(screen.getAllByText('The applicant answered')).toHaveLength(1);
      const row = answered.closest('tr, li') as HTMLElement;
      expect(within(row).getByRole('link', { name: 'Request no. 12' })).toBeTruthy();
    });
  }

  it('says it above every part of the workspace, with a way to the reply, until the evaluator acts', async () => {
    const viewer = staffUser('evaluator');
    const practice = staffPracticeFixture({ status: 'in_evaluation' });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices/7': {
        body: { data: seenBy(viewer, { ...practice, history: [...practice.history, asked, replied] }) },
      },
    });
    const { router } = renderApp('/staff/practices/7?part=checks', { queryClient: logIn(viewer) });
    expect(await screen.findByText('The applicant answered')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Read the reply' }));
    expect(router.state.location.pathname).toBe('/staff/practices/7');
    expect(router.state.location.search).toBe('?part=thread');
    expect(await screen.findByRole('tab', { name: 'Messages', selected: true })).toBeTruthy();
    cleanup();

    // The evaluator saved the assessment since: no sign any more.
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices/7': {
        body: {
          data: seenBy(viewer, {
            ...practice,
            history: [
              ...practice.history,
              asked,
              replied,
              entry(4, 'assessment', 'in_evaluation', 'in_evaluation'),
            ],
          }),
        },
      },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(viewer) });
    await screen.findByRole('heading', { level: 1, name: 'Request no. 7' });
    expect(screen.queryByText('The applicant answered')).toBeNull();
  });
});

describe('the sign in the workspace, of a long trail', () => {
  it('says it when the API does, the reply being older than the page of the trail the workspace holds', async () => {
    const viewer = staffUser('evaluator');
    // Documents replaced since the reply: the newest page holds only those.
    const replaced = entry(60, 'document_replaced', 'in_evaluation', 'in_evaluation');
    const practice = staffPracticeFixture({
      status: 'in_evaluation',
      history: [replaced],
      has_older_history: true,
      applicant_answered: true,
    });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices/7': { body: { data: seenBy(viewer, practice) } },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(viewer) });
    expect(await screen.findByText('The applicant answered')).toBeTruthy();
  });
});

describe('the badge’s words', () => {
  it('read at WCAG AA contrast (4.5:1) at its small size: axe found white on orange.9 at 4.29:1', async () => {
    renderComponent(<AnsweredBadge />);
    expect(badgeContrast(await screen.findByText('The applicant answered'))).toBeGreaterThanOrEqual(4.5);
  });
});
