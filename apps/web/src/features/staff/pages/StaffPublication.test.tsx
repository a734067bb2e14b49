import type { StaffPublication, User } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { seenBy, staffPracticeFixture, staffUser } from '@/test/staffFixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const counts = { assigned: 0, to_review: 0, unassigned: 0, ready_for_issue: 1, archive: 0, all: 1 };
const ID = '3f1c2a9e-7b4d-4e21-9c55-0a8d6e2f1b77';
const publication = (state: StaffPublication['state']): StaffPublication => ({
  state,
  certificate_id: state === 'none' ? null : ID,
  requested_at: state === 'none' ? null : '2026-02-10T10:00:00.000Z',
  published_at: state === 'published' ? '2026-02-10T10:00:05.000Z' : null,
});

/** The API as this staff member finds it: the request ready for issue, and its publication. */
function publicationApi(initial: StaffPublication['state'], viewer: User) {
  let state = initial;
  const practice = seenBy(viewer, staffPracticeFixture({ status: 'ready_for_issue' }));
  const api = mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    // While a statement is on its way or stuck, the API offers no move (it would refuse each).
    'GET /staff/practices/7': () => ({
      body: {
        data: state === 'pending' || state === 'failed' ? { ...practice, available_actions: [] } : practice,
      },
    }),
    'GET /staff/practices/7/publication': () => ({ body: { data: publication(state) } }),
    'POST /staff/practices/7/transitions': () => {
      state = 'pending';
      return {
        body: {
          data: { ...practice, available_actions: [] },
          meta: { notice: 'practicePublished', message: 'Request published' },
        },
      };
    },
    'POST /staff/practices/7/publication/retry': () => {
      state = 'pending';
      return { body: { data: publication('pending') } };
    },
  });
  return api;
}

const statementSection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Statement' })).closest('section') as HTMLElement;

describe('publication in the staff workspace', () => {
  it('publishes, then shows publication pending with no second publish offered', async () => {
    const admin = staffUser('admin');
    const api = publicationApi('none', admin);
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    const section = await statementSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Publish the statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish' });
    // What follows, and that it is final, said before the click that does it.
    expect(
      within(dialog).getByText(
        /signed in the body’s name, recorded on the ledger and mailed to the applicant\. This cannot be undone: a published statement can only be withdrawn, or changed through an appeal or amendment\./,
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Request published')).toBeTruthy();
    expect(api.callsTo('POST /staff/practices/7/transitions')[0]?.body).toMatchObject({
      action: 'publish',
      expected_status: 'ready_for_issue',
    });
    expect(await within(section).findByText(/Publication pending/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Publish the statement' })).toBeNull();
    // No Close (nor any move) is offered meanwhile, and the Actions say why.
    const actions = (await screen.findByRole('heading', { level: 2, name: 'Actions' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      await within(actions).findByText(
        'While its statement is being published, nothing else can be done on this request.',
      ),
    ).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('offers to publish again when the job failed for good, and says it is queued', async () => {
    const admin = staffUser('admin');
    const api = publicationApi('failed', admin);
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    const section = await statementSection();
    expect(await within(section).findByText(/The publication failed/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Publish again' }));
    expect(await screen.findByText('The publication has been queued again.')).toBeTruthy();
    expect(await within(section).findByText(/Publication pending/)).toBeTruthy();
    expect(api.callsTo('POST /staff/practices/7/publication/retry')).toHaveLength(1);
  });

  it('shows the publish date once published, and no publish button to who may not publish', async () => {
    const evaluator = staffUser('evaluator');
    publicationApi('none', evaluator);
    renderApp('/staff/practices/7', { queryClient: logIn(evaluator) });
    const section = await statementSection();
    await waitFor(() => expect(within(section).getByText(/Publishing records the statement/)).toBeTruthy());
    expect(within(section).queryByRole('button')).toBeNull();
    expect(
      within(section).getByText('Only an administrator may publish the statement: ask one to publish it.'),
    ).toBeTruthy();
    cleanup();

    const admin = staffUser('admin');
    publicationApi('published', admin);
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    const published = await statementSection();
    expect(await within(published).findByText(/Statement published on February 10, 2026/)).toBeTruthy();
    expect(
      within(published).getByRole('link', { name: 'Open its verification page' }).getAttribute('href'),
    ).toBe(`/verify/${ID}`);
  });

  it('refreshes the queues’ counts and the search at once when the publish job has moved the request on, not at their poll', async () => {
    const admin = staffUser('admin');
    const ready = seenBy(admin, staffPracticeFixture({ status: 'ready_for_issue' }));
    // Pending until the job is done, then done when the workspace looks again.
    let isJobDone = false;
    let isPublished = false;
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/search': { body: { data: [] } },
      'GET /staff/practices/7': () => ({
        body: {
          data: isPublished
            ? { ...ready, status: 'published', status_label: 'published', available_actions: [] }
            : { ...ready, available_actions: [] },
        },
      }),
      'GET /staff/practices/7/publication': () => {
        isPublished = isJobDone;
        return { body: { data: publication(isPublished ? 'published' : 'pending') } };
      },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    expect(await within(await statementSection()).findByText(/Publication pending/)).toBeTruthy();
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a request' }), 'rossi');
    const searches = () => api.callsTo('GET /staff/search').filter((call) => call.query.get('q') === 'rossi');
    await waitFor(() => expect(searches()).toHaveLength(1));
    const counted = api.callsTo('GET /staff/queues/counts').length;
    const read = api.callsTo('GET /staff/practices/7').length;

    isJobDone = true;
    await waitFor(() => expect(api.callsTo('GET /staff/practices/7')).toHaveLength(read + 1));
    // Asked again with the request, not at the counts' own poll (ten seconds after the last).
    expect(api.callsTo('GET /staff/queues/counts').length).toBeGreaterThan(counted);
    expect(searches()).toHaveLength(2);
  });

  it('shows the request as issued once its statement of appeal is published, without a reload', async () => {
    let isIssued = false;
    const admin = staffUser('admin');
    const reviewed = seenBy(
      admin,
      staffPracticeFixture({
        status: 'appeal_reviewed',
        status_label: 'appeal in evaluation',
        appeal_type: 'appeal',
      }),
    );
    const appeal = (statement: 'pending' | 'published' | null) => ({
      id: 1,
      practice_id: 7,
      type: 'appeal',
      motivation: 'The classification is wrong.',
      document_ids: [],
      created_at: '2026-02-12T10:00:00.000Z',
      is_open: statement === null,
      statement:
        statement === null
          ? null
          : { certificate_id: ID, kind: 'appeal', status: statement, published_at: null },
    });
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices/7': () => ({
        body: {
          data: isIssued ? { ...reviewed, status: 'appeal_issued', status_label: 'appeal_issued' } : reviewed,
        },
      }),
      'GET /staff/practices/7/publication': { body: { data: publication('published') } },
      // The publish job is done by the time the workspace looks again.
      'GET /staff/practices/7/appeal': () => ({
        body: {
          data: appeal(api.callsTo('POST /staff/practices/7/transitions').length > 0 ? 'published' : null),
        },
      }),
      'POST /staff/practices/7/transitions': () => {
        isIssued = true;
        return {
          body: { data: reviewed, meta: { notice: 'practicePublished', message: 'Request published' } },
        };
      },
    });
    renderApp('/staff/practices/7', { queryClient: logIn(admin) });
    await userEvent.click(await screen.findByRole('button', { name: 'Issue the appeal statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue the appeal statement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the appeal statement' }));
    expect(await screen.findByText('Appeal issued')).toBeTruthy();
    expect(api.callsTo('GET /staff/practices/7').length).toBeGreaterThan(1);
  });
});
