import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { evaluator, reviewer, staffSummaryFixture, staffUser } from '@/test/staffFixtures';
import { testUser } from '@/test/users';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const counts = { assigned: 0, to_review: 0, unassigned: 3, ready_for_issue: 1, archive: 12, all: 16 };
const rows = [
  staffSummaryFixture({ id: 12, is_urgent: true }),
  staffSummaryFixture({ id: 14 }),
  staffSummaryFixture({ id: 15, status: 'ready_for_issue', assignee: evaluator, reviewer }),
];

function staffApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    'GET /staff/practices': { body: { data: rows, meta: { page: 1, perPage: 20, total: 3 } } },
    'GET /staff/users': (call) => ({
      body: {
        data: [
          call.query.get('role') === 'evaluator'
            ? { ...evaluator, email: 'enzo@example.org', role: 'evaluator' }
            : { ...reviewer, email: 'rita@example.org', role: 'reviewer' },
        ],
      },
    }),
    'POST /staff/practices/assign': (call) => {
      const ids = (call.body as { practice_ids: number[] }).practice_ids;
      // As the API words it: one request in the singular.
      const meta =
        ids.length === 1
          ? { notice: 'practiceAssigned', message: 'Request assigned' }
          : { notice: 'practicesAssigned', message: 'Requests assigned' };
      return { body: { data: { practice_ids: ids }, meta } };
    },
    ...routes,
  });
}

describe('staff queues', () => {
  it('refuses the staff area to a user without staff.workspace, who sees no staff link', async () => {
    mockApi({});
    const onForbidden = vi.fn();
    const { router } = renderApp('/account', { queryClient: logIn(testUser()), onForbidden });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect(screen.queryByRole('link', { name: /To review/ })).toBeNull();

    await act(() => router.navigate('/staff/queues/all'));

    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/account');
  });

  it('tells the secretary, in the ready-for-issue queue and the request, that an administrator publishes', async () => {
    staffApi();
    renderApp('/staff/queues/ready_for_issue', { queryClient: logIn(staffUser('secretary')) });
    expect(
      await screen.findByText(
        'An administrator publishes the statements of these requests: you can follow them here.',
      ),
    ).toBeTruthy();
    cleanup();

    staffApi();
    renderApp('/staff/queues/ready_for_issue', { queryClient: logIn(staffUser('admin')) });
    await screen.findByRole('heading', { level: 1, name: 'Ready for issue' });
    expect(screen.queryByText(/An administrator publishes/)).toBeNull();
  });

  it('sends staff without two-factor authentication to their account, saying why', async () => {
    mockApi({});
    const { router } = renderApp('/staff/queues/all', {
      queryClient: logIn(staffUser('secretary', { two_factor_enabled: false })),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(
      await screen.findByText('Turn on two-factor authentication on this page to use the staff area.', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeTruthy();
  });

  it('lists a queue with the counts in the navigation, and sends the sort and filters to the API', async () => {
    const api = staffApi();
    const { router } = renderApp('/staff/queues/unassigned', { queryClient: logIn(staffUser('secretary')) });
    const table = await screen.findByRole('table', {
      name: 'To assign or admit: page 1 of 1, 3 requests in all',
    });
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Request no. 12' })
        .getAttribute('href'),
    ).toBe('/staff/practices/12');
    expect(within(first as HTMLElement).getByText('Ada Lovelace')).toBeTruthy();
    // A column from 1440 px up, a line under the applicant below it: both written, CSS shows one.
    expect(
      within(first as HTMLElement).getAllByText('Correspondence and verification (urgent)'),
    ).toHaveLength(2);
    expect(await screen.findByRole('link', { name: /^To assign or admit\s*, 3 requests$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Archive secretary\s*, 12 requests$/ })).toBeTruthy();
    const firstCall = api.callsTo('GET /staff/practices')[0];
    expect(firstCall?.query.get('queue')).toBe('unassigned');
    expect(firstCall?.query.get('sort')).toBe('expected_deadline');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Requested at, descending');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'In review');
    await userEvent.selectOptions(screen.getByLabelText('Urgency'), 'Urgent only');
    await userEvent.selectOptions(screen.getByLabelText('Service'), 'Comparability only');
    await screen.findByRole('option', { name: 'Enzo Valutati' });
    await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'Enzo Valutati');
    fireEvent.change(screen.getByLabelText('Expected deadline on or before (dd/mm/yyyy)'), {
      target: { value: '01/02/2027' },
    });

    await waitFor(() => {
      const query = api.callsTo('GET /staff/practices').at(-1)?.query;
      expect(Object.fromEntries(query ?? [])).toEqual({
        queue: 'unassigned',
        sort: '-requested_at',
        page: '1',
        perPage: '20',
        status: 'in_review',
        is_urgent: 'true',
        service: 'comparability',
        assignee_id: String(evaluator.id),
        deadline_before: '2027-02-01',
      });
    });
    expect(router.state.location.search).toContain('status=in_review');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /staff/practices').at(-1)?.query ?? [])).toEqual({
        queue: 'unassigned',
        sort: '-requested_at',
        page: '1',
        perPage: '20',
      }),
    );
  });

  it('offers in a queue only the statuses it can hold and the sorts that tell its requests apart', async () => {
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
      'GET /staff/users': { body: { data: [] } },
    });
    // A link from another queue: its status and sort are not this queue's, so neither is sent.
    renderApp('/staff/queues/to_review?status=published&sort=-delivery_paid_at', {
      queryClient: logIn(staffUser('reviewer')),
    });
    const status = await screen.findByLabelText('Status');
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(optionsOf(status)).toEqual(['Any', 'In review', 'Reviewed', 'Appeal in review']);
    const sorts = optionsOf(screen.getByLabelText('Sort by'));
    expect(sorts).toHaveLength(10);
    expect(sorts).toContain('Expected deadline, ascending');
    expect(sorts).not.toContain('Delivery payment date, descending');
    expect(sorts).not.toContain('Sequence, ascending');
    expect(sorts).not.toContain('Created at, ascending');
    const query = api.callsTo('GET /staff/practices')[0]?.query;
    expect(query?.get('status')).toBeNull();
    expect(query?.get('sort')).toBe('expected_deadline');
  });

  it('offers no Assignee filter in "Assigned to me", where anyone else would empty the table, nor sends one from a link', async () => {
    const api = staffApi();
    renderApp(`/staff/queues/assigned?assignee_id=${reviewer.id}`, {
      queryClient: logIn(staffUser('evaluator')),
    });
    await screen.findByLabelText('Against the deadline');
    expect(screen.queryByLabelText('Assignee')).toBeNull();
    expect(api.callsTo('GET /staff/practices')[0]?.query.get('assignee_id')).toBeNull();
    cleanup();
    renderApp('/staff/queues/to_review', { queryClient: logIn(staffUser('reviewer')) });
    expect(await screen.findByLabelText('Assignee')).toBeTruthy();
  });

  it('says "Any" in the country filter while no country is chosen, as every other filter does', async () => {
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
      'GET /staff/users': { body: { data: [] } },
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    const [country] = (await screen.findAllByLabelText('Country of education system')).filter(
      (element) => element instanceof HTMLInputElement,
    );
    expect(country?.getAttribute('placeholder')).toBe('Any');
    expect(screen.getByLabelText<HTMLSelectElement>('Service').selectedOptions[0]?.textContent).toBe('Any');
  });

  it("says 'Date not valid' of a deadline that is no date, and no longer filters on the one before", async () => {
    const api = mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
      'GET /staff/users': { body: { data: [] } },
    });
    renderApp('/staff/queues/to_review?deadline_before=2020-01-01', {
      queryClient: logIn(staffUser('reviewer')),
    });
    const field = await screen.findByLabelText('Expected deadline on or before (dd/mm/yyyy)');
    expect((field as HTMLInputElement).value).toBe('01/01/2020');
    // Typed over the date in the field: the queue stays on 2020 while it is typed.
    await userEvent.tripleClick(field);
    await userEvent.keyboard('31/02/2027');
    expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('deadline_before')).toBe('2020-01-01');
    await userEvent.tab();
    expect(await screen.findByText('Date not valid')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('31/02/2027');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('deadline_before')).toBeNull(),
    );
    // A whole date again: the message goes and the queue is filtered on it.
    await userEvent.clear(field);
    await userEvent.type(field, '28/02/2027');
    await waitFor(() =>
      expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('deadline_before')).toBe('2027-02-28'),
    );
    expect(screen.queryByText('Date not valid')).toBeNull();
  });

  it('says what an empty queue lacks in its own words, or that the filters left nothing, in en-US and it-IT', async () => {
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: [], meta: { page: 1, perPage: 20, total: 0 } } },
      'GET /staff/users': { body: { data: [] } },
    });
    renderApp('/staff/queues/to_review', { queryClient: logIn(staffUser('reviewer')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'To review' })).toBeTruthy();
    expect(await screen.findByText('No request is waiting for your review.')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
    expect(screen.queryByText('Clear the filters to see the whole list.')).toBeNull();
    cleanup();

    renderApp('/staff/queues/to_review?is_urgent=true', { queryClient: logIn(staffUser('reviewer')) });
    expect(await screen.findByText('No request in “To review” matches these filters.')).toBeTruthy();
    expect(screen.getByText('Clear the filters to see the whole list.')).toBeTruthy();
    cleanup();

    await act(() => changeLocale('it-IT'));
    try {
      renderApp('/staff/queues/assigned', { queryClient: logIn(staffUser('evaluator')) });
      expect(await screen.findByText('Nessuna richiesta è assegnata a te.')).toBeTruthy();
      expect(screen.queryByText('Nessun elemento trovato')).toBeNull();
    } finally {
      await act(() => changeLocale('en-US'));
    }
  });

  it('says how many of the total are first requests, appeals and amendments, in en-US and it-IT', async () => {
    const kinds = { first_requests: 20, appeals: 1, amendments: 2 };
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': {
        body: { data: rows, meta: { page: 1, perPage: 20, total: 23, kinds } },
      },
      'GET /staff/users': { body: { data: [] } },
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    expect(
      await screen.findByRole('table', {
        name: 'All requests: page 1 of 2, 23 requests in all (first requests: 20; appeals: 1; amendments: 2)',
      }),
    ).toBeTruthy();
    cleanup();
    await act(() => changeLocale('it-IT'));
    try {
      renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
      expect(
        await screen.findByRole('table', {
          name: 'Tutte le richieste: pagina 1 di 2, 23 richieste in tutto (prime richieste: 20; ricorsi: 1; rettifiche: 2)',
        }),
      ).toBeTruthy();
    } finally {
      await act(() => changeLocale('en-US'));
    }
  });

  it('assigns the selected requests to an evaluator and a reviewer', async () => {
    const api = staffApi();
    renderApp('/staff/queues/unassigned', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    // A request ready for issue can no longer change hands: selected (to write to its applicant),
    // it is left out of the assignment.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 12' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 14' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 15' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign requests' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(0);

    await within(dialog).findByRole('option', { name: 'Enzo Valutati' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Credential Evaluator/), 'Enzo Valutati');
    await within(dialog).findByRole('option', { name: 'Rita Revisori' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Reviewer/), 'Rita Revisori');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.callsTo('POST /staff/practices/assign')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/assign')[0]?.body).toEqual({
      practice_ids: [12, 14],
      evaluator_id: evaluator.id,
      reviewer_id: reviewer.id,
    });
    expect(await screen.findByText('Requests assigned')).toBeTruthy();
    // None selected any more, the dialog's button is disabled: focus on the page's heading.
    expect(screen.getByRole('button', { name: 'Assign selected (0)' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('assigns again with the same Idempotency-Key after a lost answer', async () => {
    let isLost = true;
    const api = staffApi({
      'POST /staff/practices/assign': (call) => {
        if (isLost) {
          isLost = false;
          return { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } };
        }
        const ids = (call.body as { practice_ids: number[] }).practice_ids;
        return { body: { data: { practice_ids: ids }, meta: { notice: 'practicesAssigned', message: '' } } };
      },
    });
    renderApp('/staff/queues/unassigned', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 12' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 14' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign requests' });
    await within(dialog).findByRole('option', { name: 'Enzo Valutati' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Credential Evaluator/), 'Enzo Valutati');
    await within(dialog).findByRole('option', { name: 'Rita Revisori' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Reviewer/), 'Rita Revisori');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    // The answer lost: the dialog says so and keeps the choice for another press.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keys = api
      .callsTo('POST /staff/practices/assign')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('staff members of the same name', () => {
  it('are told apart by their email in the assignment and the Assignee filter, others by name alone', async () => {
    const ada = (id: number, email: string) => ({
      id,
      first_name: 'Ada',
      last_name: 'Rossi',
      email,
      role: 'evaluator',
    });
    mockApi({
      'GET /staff/queues/counts': { body: { data: counts } },
      'GET /staff/practices': { body: { data: rows, meta: { page: 1, perPage: 20, total: 3 } } },
      'GET /staff/users': (call) => ({
        body: {
          data:
            call.query.get('role') === 'evaluator'
              ? [
                  ada(31, 'ada.rossi@example.org'),
                  ada(32, 'a.rossi@example.org'),
                  { ...evaluator, email: 'enzo@example.org', role: 'evaluator' },
                ]
              : [{ ...reviewer, email: 'rita@example.org', role: 'reviewer' }],
        },
      }),
    });
    renderApp('/staff/queues/unassigned', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    const people = ['Ada Rossi (ada.rossi@example.org)', 'Ada Rossi (a.rossi@example.org)', 'Enzo Valutati'];
    await waitFor(() => expect(optionsOf(screen.getByLabelText('Assignee'))).toEqual(['Any', ...people]));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request no. 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the request' });
    await waitFor(() =>
      expect(optionsOf(within(dialog).getByLabelText(/Credential Evaluator/))).toEqual([
        'Choose…',
        ...people,
      ]),
    );
    expect(optionsOf(within(dialog).getByLabelText(/^Reviewer/))).toEqual(['Choose…', 'Rita Revisori']);
  });
});

describe('a staff queue on a phone', () => {
  afterEach(() => setViewport(DESKTOP));

  it('keeps the search in view and the filters behind a "Filters" button that counts those on', async () => {
    setViewport(PHONE);
    staffApi();
    renderApp('/staff/queues/all?status=in_review&is_urgent=true&sort=-created_at', {
      queryClient: logIn(staffUser('admin')),
    });
    await screen.findByRole('heading', { level: 1, name: 'All requests' });
    expect(screen.getByRole('combobox', { name: 'Find a request' })).toBeTruthy();
    // Two filters on; the sort is no filter.
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel!).getByRole('combobox', { name: 'Status' })).toBeTruthy();
    await userEvent.click(within(panel!).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toBe(toggle));

    // The box that selects every card says so in view, what it selects told to screen readers.
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all' });
    expect(selectAll.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(selectAll.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Select every request on this page',
    );
  });

  it('keeps the sort in view beside the "Filters" button, the filters behind it', async () => {
    setViewport(PHONE);
    const api = staffApi();
    renderApp('/staff/queues/all?status=in_review', { queryClient: logIn(staffUser('admin')) });
    await screen.findByRole('heading', { level: 1, name: 'All requests' });
    const toggle = screen.getByRole('button', { name: 'Filters (1 active)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    // The sort, its name as on wide screens, is in view while the filters are closed, not in their panel.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(panel?.contains(sort)).toBe(false);
    expect(toggle.closest('form')?.contains(sort)).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();

    await userEvent.selectOptions(sort, 'Requested at, descending');
    await waitFor(() =>
      expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('sort')).toBe('-requested_at'),
    );
    expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('status')).toBe('in_review');
    // The sort is no filter: the count and the closed panel stay as they were.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBe(toggle);

    await userEvent.click(toggle);
    expect(within(panel!).getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(within(panel!).queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(screen.getAllByRole('combobox', { name: 'Sort by' })).toHaveLength(1);
  });

  it('shows every filter at once, with no "Filters" button, from the side navigation up', async () => {
    staffApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('admin')) });
    await screen.findByRole('heading', { level: 1, name: 'All requests' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});

// Decision 026: an amendment goes through an appeal's statuses, but is never called an appeal.
describe('an amendment in a staff queue', () => {
  const appealed = [
    staffSummaryFixture({
      id: 31,
      status: 'appeal_in_evaluation',
      status_label: 'appeal in evaluation',
      appeal_type: 'amendment',
    }),
    staffSummaryFixture({
      id: 32,
      status: 'appeal_in_evaluation',
      status_label: 'appeal in evaluation',
      appeal_type: 'appeal',
    }),
  ];
  const rowOf = async (id: number) => {
    const link = await screen.findByRole('link', { name: new RegExp(`${id}$`) });
    return link.closest('tr') as HTMLElement;
  };
  afterEach(async () => {
    await changeLocale('en-US');
  });

  it('says amendment on an amendment and appeal on an appeal, in en-US and it-IT', async () => {
    setViewport(DESKTOP);
    // The staff's names of the statuses first, then the applicant's labels as theirs, each naming
    // the amendment or the appeal.
    for (const [locale, amendment, appeal, seesLabel, amendmentLabel, appealLabel] of [
      [
        'en-US',
        ['Amendment in evaluation'],
        ['Appeal in evaluation'],
        'Shown to the applicant:',
        'amendment in evaluation',
        'appeal in evaluation',
      ],
      [
        'it-IT',
        ['Rettifica in valutazione'],
        ['Ricorso in valutazione'],
        'Mostrato al richiedente:',
        'rettifica in valutazione',
        'ricorso in valutazione',
      ],
    ] as const) {
      await changeLocale(locale);
      mockApi({
        'GET /staff/queues/counts': { body: { data: counts } },
        'GET /staff/practices': { body: { data: appealed, meta: { page: 1, perPage: 20, total: 2 } } },
      });
      renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
      const amendmentRow = await rowOf(31);
      for (const words of amendment) expect(within(amendmentRow).getByText(words)).toBeTruthy();
      expect(within(amendmentRow).queryByText(appeal[0])).toBeNull();
      const statusLine = (row: HTMLElement) => within(row).getByText(seesLabel).parentElement?.parentElement;
      expect(statusLine(amendmentRow)?.textContent).toBe(`${amendment[0]}${seesLabel}${amendmentLabel}`);
      const appealRow = await rowOf(32);
      for (const words of appeal) expect(within(appealRow).getByText(words)).toBeTruthy();
      expect(within(appealRow).queryByText(amendment[0])).toBeNull();
      expect(statusLine(appealRow)?.textContent).toBe(`${appeal[0]}${seesLabel}${appealLabel}`);
      cleanup();
    }
  });
});

describe('the status staff read in a queue row', () => {
  afterEach(async () => {
    await changeLocale('en-US');
  });

  it('names a request nobody is assigned to by its staff status, then the applicant’s "in evaluation" as theirs, as the workspace does', async () => {
    for (const [locale, words, seesLabel, applicantLabel] of [
      ['en-US', 'Unassigned', 'Shown to the applicant:', 'in evaluation'],
      ['it-IT', 'Non assegnata', 'Mostrato al richiedente:', 'in valutazione'],
    ] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        setViewport(viewport);
        await changeLocale(locale);
        mockApi({
          'GET /staff/queues/counts': { body: { data: counts } },
          'GET /staff/practices': {
            body: { data: [staffSummaryFixture({ id: 12 })], meta: { page: 1, perPage: 20, total: 1 } },
          },
        });
        renderApp('/staff/queues/unassigned', { queryClient: logIn(staffUser('secretary')) });
        const link = await screen.findByRole('link', { name: /12$/ });
        const row = link.closest('tr, li') as HTMLElement;
        expect(within(row).getAllByText(words)).toHaveLength(1);
        // The workspace's first line, word for word: the applicant's label never stands alone.
        const line = within(row).getByText(seesLabel).parentElement?.parentElement as HTMLElement;
        expect(line.textContent).toBe(`${words}${seesLabel}${applicantLabel}`);
        expect(within(row).getAllByText(applicantLabel)).toHaveLength(1);
        cleanup();
      }
    }
  });
});
