import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATUS_LABELS } from '@lisbon/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceSummaryFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rows = [
  practiceSummaryFixture({
    id: 12,
    status: 'assigned',
    status_label: 'in evaluation',
    requested_at: '2026-11-02T09:00:00.000Z',
    expected_deadline: '2027-01-29',
    days_to_go: 41,
  }),
  practiceSummaryFixture({ id: 9 }),
];

describe('my requests', () => {
  it("counts a single request in the singular: '1 request in all'", async () => {
    mockApi({
      'GET /practices': { body: { data: [rows[0]], meta: { page: 1, perPage: 20, total: 1 } } },
    });
    renderApp('/practices', { queryClient: logIn() });
    expect(
      await screen.findByRole('table', { name: 'My requests: page 1 of 1, 1 request in all' }),
    ).toBeTruthy();
  });

  it('says on a phone, beside the burger, how many requests await a reply (the counts are in the drawer there)', async () => {
    const noneOf = Object.fromEntries(STATUS_LABELS.map((label) => [label, 0]));
    mockApi({
      'GET /practices': { body: { data: [rows[0]], meta: { page: 1, perPage: 20, total: 1 } } },
      'GET /users/1/notifications': {
        body: { data: { counts: { ...noneOf, 'cimea request': 1 }, total: 1 } },
      },
    });
    renderApp('/practices', { queryClient: logIn() });
    await screen.findByRole('table');
    // The test's screen is wide: the burger and its badge are there, hidden by the stylesheet.
    await waitFor(() =>
      expect(document.querySelector('[aria-describedby="awaiting-reply"]')?.getAttribute('aria-label')).toBe(
        'Open navigation',
      ),
    );
    // Seen as a number beside the burger; heard once, as the burger's description.
    await waitFor(() =>
      expect(document.getElementById('awaiting-reply')?.textContent).toBe('1 request awaits your reply'),
    );
    const badge = document.getElementById('awaiting-reply')?.closest('[aria-hidden="true"]');
    expect(badge?.textContent).toBe('11 request awaits your reply');
  });

  it('says a request past its deadline is late by so many working days, never a negative count', async () => {
    const late = practiceSummaryFixture({ id: 14, status: 'in_evaluation', days_to_go: -3 });
    mockApi({ 'GET /practices': { body: { data: [late], meta: { page: 1, perPage: 20, total: 1 } } } });
    renderApp('/practices', { queryClient: logIn() });
    const table = await screen.findByRole('table', { name: /My requests/ });
    expect(within(table).getByText('late by 3 working days')).toBeTruthy();
    expect(within(table).queryByText('-3')).toBeNull();
  });

  it('lists the requests with their status label, deadline and days to go, and sorts on request', async () => {
    const calls = mockApi({
      'GET /practices': { body: { data: rows, meta: { page: 1, perPage: 20, total: 2 } } },
    });
    const { router } = renderApp('/practices', { queryClient: logIn() });
    const table = await screen.findByRole('table', { name: /My requests: page 1 of 1, 2 requests in all/ });
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Request no. 12' })
        .getAttribute('href'),
    ).toBe('/practices/12');
    expect(within(first as HTMLElement).getByText('in evaluation')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('January 29, 2027')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('41 working days')).toBeTruthy();
    expect(calls.callsTo('GET /practices')[0]?.query.get('sort')).toBe('-created_at');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Expected deadline, ascending');
    await waitFor(() =>
      expect(calls.callsTo('GET /practices').at(-1)?.query.get('sort')).toBe('expected_deadline'),
    );
    expect(router.state.location.search).toContain('sort=expected_deadline');
  });

  it.each([
    ['en-US', /My requests/, '(appeal or amendment)'],
    ['it-IT', /Le mie richieste/, '(ricorso o rettifica)'],
  ] as const)(
    'names an open appeal’s deadline beside its date in the wide table, as its card does (%s)',
    async (locale, tableName, note) => {
      await changeLocale(locale);
      const appealed = practiceSummaryFixture({
        id: 21,
        status: 'appeal_in_evaluation',
        expected_deadline: '2027-03-04',
        days_to_go: 60,
      });
      mockApi({
        'GET /practices': { body: { data: [appealed, rows[0]], meta: { page: 1, perPage: 20, total: 2 } } },
      });
      renderApp('/practices', { queryClient: logIn() });
      const table = await screen.findByRole('table', { name: tableName });
      const [, appealRow, evaluationRow] = within(table).getAllByRole('row');
      const deadlineCell = (row: HTMLElement | undefined) =>
        within(row as HTMLElement).getAllByRole('cell')[1];
      expect(deadlineCell(appealRow)?.textContent).toContain(note);
      expect(deadlineCell(evaluationRow)?.textContent).not.toContain(note);
    },
  );

  it('past one page, names its pages and their controls, and moves to another in the URL', async () => {
    const calls = mockApi({
      'GET /practices': { body: { data: rows, meta: { page: 1, perPage: 2, total: 5 } } },
    });
    const { router } = renderApp('/practices', { queryClient: logIn() });
    const pages = await screen.findByRole('navigation', { name: 'Pages of requests' });
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeTruthy();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls.callsTo('GET /practices').at(-1)?.query.get('page')).toBe('3'));
    expect(router.state.location.search).toContain('page=3');
  });

  it('says the archive has no requests yet when it is empty, asking the API for the archive view', async () => {
    const calls = mockApi({
      'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
    });
    renderApp('/practices?view=archive', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeTruthy();
    expect(await screen.findByText('Your archive has no requests yet.')).toBeTruthy();
    expect(
      screen.getByText(
        'A request comes here once nothing more happens to it: closed, or its statement issued.',
      ),
    ).toBeTruthy();
    expect(calls.callsTo('GET /practices')[0]?.query.get('view')).toBe('archive');
  });

  it('says the applicant has no requests yet when the list is empty, then how to start one, in both languages', async () => {
    mockApi({ 'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } } });
    renderApp('/practices', { queryClient: logIn() });
    expect(await screen.findByText('You have no requests yet.')).toBeTruthy();
    expect(screen.getByText('Press “New request” to start one.')).toBeTruthy();
    cleanup();
    await changeLocale('it-IT');
    renderApp('/practices', { queryClient: logIn() });
    expect(await screen.findByText('Non hai ancora richieste.')).toBeTruthy();
  });

  it("offers the sort options of spec §9 that mean something on one's requests, each ascending and descending (issue 33)", async () => {
    mockApi({ 'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } } });
    renderApp('/practices', { queryClient: logIn() });
    // An empty list says what to do next.
    expect(await screen.findByText('Press “New request” to start one.')).toBeTruthy();
    const options = within(await screen.findByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual([
      'id',
      '-id',
      'requested_at',
      '-requested_at',
      'expected_deadline',
      '-expected_deadline',
      'created_at',
      '-created_at',
    ]);
    expect(screen.queryByText(/Sequence/)).toBeNull();
  });

  it('keeps the order of a link sorted by another of the spec’s fields', async () => {
    mockApi({ 'GET /practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } } });
    renderApp('/practices?sort=-sequence', { queryClient: logIn() });
    const select = await screen.findByLabelText<HTMLSelectElement>('Sort by');
    expect(select.value).toBe('-sequence');
    expect(within(select).getAllByRole('option')).toHaveLength(10);
  });
});

describe('my requests of a refugee account', () => {
  const counts = (submitted: number) => ({
    body: {
      data: {
        counts: {
          ...Object.fromEntries(STATUS_LABELS.map((label) => [label, 0])),
          'in evaluation': submitted,
        },
        total: submitted,
      },
    },
  });
  const list = { body: { data: rows, meta: { page: 1, perPage: 20, total: 2 } } };
  const refugee = () => logIn(testUser({ category: 'refugee' }));

  it('that has filed its two requests says the limit is reached where “New request” was, in Italian too', async () => {
    mockApi({ 'GET /practices': list, 'GET /users/1/notifications': counts(2) });
    renderApp('/practices', { queryClient: refugee() });
    expect(
      await screen.findByText(
        'Limit reached: a refugee account can file up to 2 requests, and yours has filed them, so no new request can be started.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New request' })).toBeNull();
    await changeLocale('it-IT');
    expect(
      await screen.findByText(
        'Limite raggiunto: un account rifugiato può presentare al massimo 2 richieste e il tuo le ha già presentate, quindi non è possibile iniziarne una nuova.',
      ),
    ).toBeTruthy();
  });

  it('with one request filed still offers “New request”', async () => {
    mockApi({ 'GET /practices': list, 'GET /users/1/notifications': counts(1) });
    renderApp('/practices', { queryClient: refugee() });
    expect(await screen.findByRole('link', { name: 'New request' })).toBeTruthy();
    expect(screen.queryByText(/^Limit reached/)).toBeNull();
  });
});
