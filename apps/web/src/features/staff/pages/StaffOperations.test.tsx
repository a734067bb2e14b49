import type { Dashboard, StaffSearchResult } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { dialogDrafts } from '@/shared/forms/drafts';
import { changeLocale } from '@/shared/i18n';
import {
  evaluator,
  seenBy,
  staffPracticeFixture,
  staffSummaryFixture,
  staffUser,
} from '@/test/staffFixtures';

// Issue #18 in the browser's model: the search box of every staff page, deadlines in the queues,
// a message to several applicants, the dashboard, and the workspace's parts.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const counts = { assigned: 2, to_review: 0, unassigned: 3, ready_for_issue: 1, archive: 12, all: 18 };

const found: StaffSearchResult[] = [
  {
    id: 41,
    status: 'unassigned',
    status_label: 'in evaluation',
    country: 'DE',
    qualification_name: 'Master of Science',
    applicant: { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@example.org' },
    is_id_match: false,
    applicant_answered: false,
    days_to_go: 8,
    deadline_flag: 'at_risk',
  },
  {
    id: 12,
    status: 'published',
    status_label: 'published',
    country: 'DE',
    qualification_name: 'Bachelor of Arts',
    applicant: { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@example.org' },
    is_id_match: false,
    applicant_answered: false,
    days_to_go: null,
    deadline_flag: null,
  },
  {
    id: 9,
    status: 'in_evaluation',
    status_label: 'in evaluation',
    country: 'DE',
    qualification_name: 'Abitur',
    applicant: { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@example.org' },
    is_id_match: false,
    applicant_answered: true,
    days_to_go: -3,
    deadline_flag: 'late',
  },
];

const rows = [
  staffSummaryFixture({ id: 12, deadline_flag: 'late', days_to_go: -3, assignee: evaluator }),
  staffSummaryFixture({ id: 14, deadline_flag: 'at_risk', days_to_go: 4 }),
];

function operationsApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    'GET /staff/practices': { body: { data: rows, meta: { page: 1, perPage: 20, total: 2 } } },
    'GET /staff/users': { body: { data: [] } },
    'GET /staff/search': (call) => ({
      body: { data: (call.query.get('q') ?? '').toLowerCase().startsWith('zo') ? found : [] },
    }),
    ...extra,
  });
}

describe('the staff search box', () => {
  it('finds requests as one types from two characters, and opens the one chosen with the keyboard', async () => {
    const api = operationsApi({
      'GET /staff/practices/12': { body: { data: staffPracticeFixture({ id: 12 }) } },
    });
    const { router } = renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    const box = await screen.findByRole('combobox', { name: 'Find a request' });
    await userEvent.type(box, 'z');
    expect(api.callsTo('GET /staff/search')).toHaveLength(0);
    await userEvent.type(box, 'o');
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('no. 41 · Zoë Müller'),
      expect.stringContaining('no. 12 · Zoë Müller'),
      expect.stringContaining('no. 9 · Zoë Müller'),
    ]);
    // Every label of a request, as its queue row shows them: the status and the applicant's answer.
    expect(within(options[2] as HTMLElement).getByText('In evaluation')).toBeTruthy();
    expect(within(options[2] as HTMLElement).getByText('The applicant answered')).toBeTruthy();
    expect(within(options[0] as HTMLElement).queryByText('The applicant answered')).toBeNull();
    // The deadline's flag and the days in words, as the queue's row: none for a finished request.
    expect(within(options[2] as HTMLElement).getByText('Late')).toBeTruthy();
    expect(within(options[2] as HTMLElement).getByText('late by 3 working days')).toBeTruthy();
    expect(within(options[0] as HTMLElement).getByText('At risk')).toBeTruthy();
    expect(within(options[0] as HTMLElement).getByText('8 working days left')).toBeTruthy();
    expect(options[1]?.textContent).not.toMatch(/Late|At risk|On time|working day/);
    // Each says its status as the queue's row and the workspace say it: the staff's status first
    // (nobody is assigned to no. 41 yet), then the applicant's label after "Shown to the applicant:".
    const statusLine = (option: HTMLElement) =>
      within(option).getByText('Shown to the applicant:').parentElement?.parentElement?.textContent;
    expect(statusLine(options[0] as HTMLElement)).toBe('UnassignedShown to the applicant:in evaluation');
    expect(statusLine(options[1] as HTMLElement)).toBe('PublishedShown to the applicant:published');
    expect(statusLine(options[2] as HTMLElement)).toBe('In evaluationShown to the applicant:in evaluation');
    expect(api.callsTo('GET /staff/search')[0]?.query.get('q')).toBe('zo');
    expect(await screen.findByText(/3 requests found/)).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/practices/12'));
  });

  it('never opens, while the words typed change, a request the earlier words found', async () => {
    const api = operationsApi();
    const { router } = renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    const box = await screen.findByRole('combobox', { name: 'Find a request' });
    await userEvent.type(box, 'zo');
    expect(await screen.findByText(/3 requests found/)).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    // More words, then Enter at once: the list in view answers "zo", not "zoe".
    await userEvent.type(box, 'e{Enter}');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-disabled'))).toEqual(['true', 'true', 'true']);
    expect(router.state.location.pathname).toBe('/staff/queues/all');
    // Its own answer come, the first result is the one Enter opens.
    await waitFor(() =>
      expect(api.callsTo('GET /staff/search').map((call) => call.query.get('q'))).toContain('zoe'),
    );
    expect(await screen.findByText(/3 requests found/)).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/practices/41'));
  });

  it('points at no option once the options it pointed at are gone', async () => {
    operationsApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    const box = await screen.findByRole('combobox', { name: 'Find a request' });
    await userEvent.type(box, 'zo');
    expect(await screen.findByText(/3 requests found/)).toBeTruthy();
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    // The first result is the one Enter opens, and the one the box names; the arrow moves both.
    expect(active()?.textContent).toContain('no. 41');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(active()?.textContent).toContain('no. 12'));
    await userEvent.type(box, '{Backspace}{Backspace}qq');
    expect(await screen.findAllByText('No request matches “qq”.')).not.toHaveLength(0);
    await waitFor(() => expect(box.getAttribute('aria-activedescendant')).toBeNull());
  });

  it('says when nothing is found, naming what was looked for (not "No items found")', async () => {
    operationsApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('evaluator')) });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Find a request' }), 'qq');
    expect(await screen.findAllByText('No request matches “qq”.')).not.toHaveLength(0);
    expect(screen.queryByText('No items found')).toBeNull();
  });
});

describe('deadlines and work on several requests in a queue', () => {
  it('flags each request against its deadline and filters the queue by it', async () => {
    const api = operationsApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Late')).toBeTruthy();
    expect(within(table).getByText('late by 3 working days')).toBeTruthy();
    expect(within(table).getByText('4 working days left')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Against the deadline'), 'At risk');
    await waitFor(() =>
      expect(api.callsTo('GET /staff/practices').at(-1)?.query.get('deadline')).toBe('at_risk'),
    );
  });

  it('sends one message to the applicants of the selected requests', async () => {
    const api = operationsApi({
      'POST /staff/practices/messages': (call) => ({
        body: {
          data: { practice_ids: (call.body as { practice_ids: number[] }).practice_ids },
          meta: { notice: 'messageSent', message: 'Message sent' },
        },
      }),
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every request on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Message the applicants (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'A message to the applicants' });
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'The office is closed next week.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/messages')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/messages')[0]?.body).toEqual({
      practice_ids: [12, 14],
      message: 'The office is closed next week.',
    });
    expect(await screen.findByText('Message sent')).toBeTruthy();
  });

  it('sends a message again with the same Idempotency-Key after a lost answer, and the next with a new one', async () => {
    let isLost = true;
    const api = operationsApi({
      'POST /staff/practices/messages': (call) => {
        if (isLost) {
          isLost = false;
          return { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } };
        }
        return {
          body: {
            data: { practice_ids: (call.body as { practice_ids: number[] }).practice_ids },
            meta: { notice: 'messageSent', message: 'Message sent' },
          },
        };
      },
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    const sendMessage = async (text: string, presses: number) => {
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select every request on this page' }));
      await userEvent.click(screen.getByRole('button', { name: 'Message the applicants (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'A message to the applicants' });
      await userEvent.type(within(dialog).getByLabelText(/^Message/), text);
      for (let press = 1; press <= presses; press += 1) {
        const before = api.callsTo('POST /staff/practices/messages').length;
        await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
        await waitFor(() => expect(api.callsTo('POST /staff/practices/messages')).toHaveLength(before + 1));
        // The answer lost: the dialog says so and keeps the message for another press.
        if (press < presses) expect(await within(dialog).findByRole('alert')).toBeTruthy();
      }
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await sendMessage('The office is closed next week.', 2);
    await sendMessage('The office opens again on Monday.', 1);
    const keys = api
      .callsTo('POST /staff/practices/messages')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps the message typed when its dialog is closed unsent, for the same requests', async () => {
    const api = operationsApi({
      'POST /staff/practices/messages': (call) => ({
        body: {
          data: { practice_ids: (call.body as { practice_ids: number[] }).practice_ids },
          meta: { notice: 'messageSent', message: 'Message sent' },
        },
      }),
    });
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('secretary')) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every request on this page' }));
    const open = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Message the applicants (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'A message to the applicants' });
      return { dialog, message: within(dialog).getByLabelText<HTMLTextAreaElement>(/^Message/) };
    };
    let { dialog, message } = await open();
    await userEvent.type(message, 'The office is closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    ({ dialog, message } = await open());
    expect(message.value).toBe('The office is closed');
    await userEvent.type(message, ' next week.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /staff/practices/messages')).toHaveLength(1));
    expect(api.callsTo('POST /staff/practices/messages')[0]?.body).toMatchObject({
      message: 'The office is closed next week.',
    });
    expect(dialogDrafts.read('message:12,14')).toBeUndefined();
  });

  it('offers evaluators no message to many applicants', async () => {
    operationsApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('evaluator')) });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Message the applicant/ })).toBeNull();
  });
});

const dashboard: Dashboard = {
  period: { from: '2026-10-05', to: '2026-11-29' },
  at_risk_days: 10,
  backlog: [
    { status: 'unassigned', count: 3 },
    { status: 'in_evaluation', count: 5 },
  ],
  ageing: { late: 2, at_risk: 1, on_time: 4, no_deadline: 1 },
  urgent: [
    {
      id: 12,
      status: 'in_evaluation',
      expected_deadline: '2026-11-20',
      days_to_go: -3,
      deadline_flag: 'late',
      applicant: 'Ada Lovelace',
      assignee: evaluator,
    },
  ],
  published_per_week: [{ week: '2026-11-23', count: 4 }],
  time_to_publication: [{ service: 'all', published: 4, median_working_days: 37.5 }],
  people: [
    {
      person: evaluator,
      evaluating: 5,
      reviewing: 0,
      sent_in_review: 3,
      reviews_concluded: 0,
      published: 0,
    },
  ],
  appeals: { statements: 4, appeals: 1, amendments: 0 },
  deliveries_waiting: { count: 0, practices: [] },
  refunds_failed: { count: 0, refunds: [] },
};

describe('the dashboard', () => {
  it('shows each figure as a table, links the requests that will miss their deadline, and sets the period', async () => {
    const waiting = {
      count: 1,
      practices: [
        {
          id: 14,
          paid_at: '2026-11-20T10:00:00.000Z',
          applicant: 'Bob Byron',
          waybill_number: 'RD-2026-000042',
        },
      ],
    };
    const api = operationsApi({
      'GET /staff/dashboard': { body: { data: { ...dashboard, deliveries_waiting: waiting } } },
    });
    renderApp('/staff/dashboard', { queryClient: logIn(staffUser('secretary')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const urgent = await screen.findByRole('table', { name: 'Requests that will miss their deadline' });
    expect(within(urgent).getByRole('link', { name: 'Request no. 12' })).toBeTruthy();
    expect(within(urgent).getByText('Late: late by 3 working days')).toBeTruthy();
    const appeals = screen.getByRole('table', { name: 'Appeals and amendments' });
    expect(within(appeals).getByText('25 %')).toBeTruthy();
    const time = screen.getByRole('table', { name: 'Working days from submission to publication' });
    expect(within(time).getByText('37.5')).toBeTruthy();
    // Each download named with its figure, not nine buttons of one name.
    const downloads = screen.getAllByRole('button', { name: /^Download the table \(CSV\): / });
    expect(new Set(downloads.map((button) => button.getAttribute('aria-label'))).size).toBe(9);
    expect(screen.getByRole('button', { name: 'Download the table (CSV): Backlog by status' })).toBeTruthy();
    // One landmark per figure: the figure's section and its table's scrolling box were two regions
    // of the same name (axe landmark-unique), heard twice in the list of landmarks.
    for (const figure of ['Backlog by status', 'Appeals and amendments', 'Statements published per week'])
      expect(screen.getAllByRole('region', { name: figure })).toHaveLength(1);
    expect(screen.getByText('No refund was refused.')).toBeTruthy();
    // Whoever packs the originals finds the shipment by its waybill.
    const deliveries = screen.getByRole('table', { name: 'Return deliveries paid, not yet delivered' });
    expect(within(deliveries).getByRole('columnheader', { name: 'Waybill' })).toBeTruthy();
    expect(within(deliveries).getByText('RD-2026-000042')).toBeTruthy();
    // The charts are pictures of the tables: nothing in them takes focus (recharts' own layer).
    for (const picture of screen.getAllByRole('img', { name: /Chart of the table below/ }))
      expect(picture.firstElementChild?.hasAttribute('inert')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Last 4 weeks' }));
    await waitFor(() => expect(api.callsTo('GET /staff/dashboard').at(-1)?.query.get('from')).toBeTruthy());
  });

  it('counts first requests, appeals and amendments apart in the backlog and names an amendment for it, in en-US and it-IT', async () => {
    const appealed: Dashboard = {
      ...dashboard,
      backlog: [
        { status: 'unassigned', count: 3 },
        { status: 'appeal_requested', count: 3 },
        { status: 'appeal_in_evaluation', count: 2 },
      ],
      backlog_appeals: [
        { status: 'appeal_requested', appeal_type: 'appeal', count: 1 },
        { status: 'appeal_requested', appeal_type: 'amendment', count: 2 },
        { status: 'appeal_in_evaluation', appeal_type: 'amendment', count: 2 },
      ],
      urgent: [
        {
          id: 31,
          status: 'appeal_in_evaluation',
          appeal_type: 'amendment',
          expected_deadline: '2026-11-20',
          days_to_go: -3,
          deadline_flag: 'late',
          applicant: 'Ada Lovelace',
          assignee: evaluator,
        },
      ],
    };
    for (const [locale, words] of [
      [
        'en-US',
        {
          table: 'Backlog by status',
          appeal: 'Appeal requested',
          amendment: 'Amendment requested',
          amendmentInEvaluation: 'Amendment in evaluation',
          appealInEvaluation: 'Appeal in evaluation',
          apart: 'Of these, first requests: 3; appeals: 1; amendments: 4.',
          urgent: 'Requests that will miss their deadline',
        },
      ],
      [
        'it-IT',
        {
          table: 'Arretrato per stato',
          appeal: 'Ricorso richiesto',
          amendment: 'Rettifica richiesta',
          amendmentInEvaluation: 'Rettifica in valutazione',
          appealInEvaluation: 'Ricorso in valutazione',
          apart: 'Di queste, prime richieste: 3; ricorsi: 1; rettifiche: 4.',
          urgent: 'Richieste che mancheranno la scadenza',
        },
      ],
    ] as const) {
      await changeLocale(locale);
      operationsApi({ 'GET /staff/dashboard': { body: { data: appealed } } });
      renderApp('/staff/dashboard', { queryClient: logIn(staffUser('secretary')) });
      const backlog = await screen.findByRole('table', { name: words.table });
      const countOf = (name: string) =>
        within(within(backlog).getByRole('rowheader', { name }).closest('tr') as HTMLElement).getByRole(
          'cell',
        ).textContent;
      expect(countOf(words.appeal)).toBe('1');
      expect(countOf(words.amendment)).toBe('2');
      expect(countOf(words.amendmentInEvaluation)).toBe('2');
      // Every request of a status once: none of the amendments is counted as an appeal too.
      expect(within(backlog).queryByRole('rowheader', { name: words.appealInEvaluation })).toBeNull();
      expect(within(backlog).getByText('8')).toBeTruthy();
      expect(screen.getByText(words.apart)).toBeTruthy();
      const urgent = screen.getByRole('table', { name: words.urgent });
      expect(within(urgent).getByText(words.amendmentInEvaluation)).toBeTruthy();
      cleanup();
    }
    await changeLocale('en-US');
  });

  it('says a period with From after To is not valid beside the fields, and keeps the last valid period’s figures', async () => {
    const api = operationsApi({
      // As the API answers: 422 for a start after its end.
      'GET /staff/dashboard': (call) => {
        const from = call.query.get('from');
        const to = call.query.get('to');
        return from && to && from > to
          ? {
              status: 422,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'Validation failed',
                errors: { to: ['The end of the period must be on or after its start'] },
              },
            }
          : {
              body: {
                data: { ...dashboard, period: { from: from ?? '2026-10-05', to: to ?? '2026-11-29' } },
              },
            };
      },
    });
    renderApp('/staff/dashboard?from=2026-10-05&to=2026-11-29', {
      queryClient: logIn(staffUser('secretary')),
    });
    expect(await screen.findByRole('table', { name: 'Requests that will miss their deadline' })).toBeTruthy();
    const from = screen.getByLabelText(/^From/);
    await userEvent.clear(from);
    await userEvent.type(from, '01/12/2026');
    expect(
      await screen.findByText(
        'This period is not valid: the From date comes after the To date. The figures below are still those of the last valid period.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^To/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('table', { name: 'Requests that will miss their deadline' })).toBeTruthy();
    expect(screen.getByText('Figures from October 5, 2026 to November 29, 2026.')).toBeTruthy();
    expect(api.callsTo('GET /staff/dashboard').every((call) => call.query.get('from') !== '2026-12-01')).toBe(
      true,
    );
  });

  it('lists the refunds the provider refused, to give back by hand, linking only a request staff can open', async () => {
    const refused = (
      id: number,
      practiceId: number | null,
      reason: 'not_submitted' | 'closed_before_evaluation',
    ) => ({
      id,
      payment_id: 40 + id,
      reason,
      amount_total: 15_000,
      provider: 'nexi',
      transaction_reference: `op-${id}`,
      failure_reason: 'paid through nexi: refund it there',
      failed_at: '2026-11-27T10:00:00.000Z',
      practice_id: practiceId,
    });
    operationsApi({
      'GET /staff/dashboard': {
        body: {
          data: {
            ...dashboard,
            refunds_failed: {
              count: 2,
              refunds: [refused(2, 31, 'closed_before_evaluation'), refused(1, null, 'not_submitted')],
            },
          },
        },
      },
    });
    renderApp('/staff/dashboard', { queryClient: logIn(staffUser('secretary')) });
    const table = await screen.findByRole('table', { name: 'Refunds the provider refused' });
    expect(
      screen.getByText(
        '2 refunds refused by the payment provider, which the portal will not ask again: give each back by hand in the provider’s dashboard, under the payment’s reference, then mark it as given back by hand.',
      ),
    ).toBeTruthy();
    const [, closed, unsubmitted] = within(table).getAllByRole('row');
    expect(within(closed as HTMLElement).getByRole('rowheader').textContent).toBe(
      'Nexi XPay, transaction op-2',
    );
    expect(within(closed as HTMLElement).getByText('Request closed before its evaluation')).toBeTruthy();
    expect(within(closed as HTMLElement).getByRole('link', { name: 'Request no. 31' })).toBeTruthy();
    expect(within(closed as HTMLElement).getByText('paid through nexi: refund it there')).toBeTruthy();
    expect(
      within(unsubmitted as HTMLElement).getByText('Paid for a request it could not submit'),
    ).toBeTruthy();
    expect(
      within(unsubmitted as HTMLElement).getByText('None staff can open (deleted, or never submitted)'),
    ).toBeTruthy();
    expect(within(unsubmitted as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('marks a refused refund as given back by hand, after a confirmation naming its amount and payment', async () => {
    const refund = {
      id: 7,
      payment_id: 47,
      reason: 'closed_before_evaluation' as const,
      amount_total: 15_000,
      provider: 'nexi',
      transaction_reference: 'op-7',
      failure_reason: 'paid through nexi: refund it there',
      failed_at: '2026-11-27T10:00:00.000Z',
      practice_id: 31,
    };
    let isMarked = false;
    const api = operationsApi({
      'GET /staff/dashboard': () => ({
        body: {
          data: {
            ...dashboard,
            refunds_failed: isMarked ? { count: 0, refunds: [] } : { count: 1, refunds: [refund] },
          },
        },
      }),
      'POST /staff/refunds/7/given-back-by-hand': () => {
        isMarked = true;
        return {
          body: {
            data: {
              id: 7,
              reason: 'closed_before_evaluation',
              amount: { net: 12_295, vat: 2_705, total: 15_000 },
              status: 'failed',
              requested_at: '2026-11-27T09:00:00.000Z',
              refunded_at: null,
              credit_note_number: null,
              given_back_at: '2026-11-28T10:00:00.000Z',
            },
          },
        };
      },
    });
    renderApp('/staff/dashboard', { queryClient: logIn(staffUser('secretary')) });
    const table = await screen.findByRole('table', { name: 'Refunds the provider refused' });
    expect(within(table).getByRole('columnheader', { name: 'Given back by hand' })).toBeTruthy();
    // One button per row, its name saying which refund (its visible words first).
    const mark = within(table).getByRole('button', {
      name: 'Mark as given back by hand: €150.00, Nexi XPay, transaction op-7',
    });
    const blocking = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    expect(await blocking()).toEqual([]);

    await userEvent.click(mark);
    const dialog = await screen.findByRole('dialog', { name: 'Given back by hand?' });
    expect(
      within(dialog).getByText(
        'Mark the refund of €150.00 (Nexi XPay, transaction op-7) as given back by hand in the provider’s dashboard? It leaves this list, and the request’s payments show it as given back by hand.',
      ),
    ).toBeTruthy();
    expect(await blocking()).toEqual([]);
    // Not yet: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /staff/refunds/7/given-back-by-hand')).toHaveLength(0);

    await userEvent.click(mark);
    const again = await screen.findByRole('dialog', { name: 'Given back by hand?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Mark as given back by hand' }));
    await waitFor(() => expect(api.callsTo('POST /staff/refunds/7/given-back-by-hand')).toHaveLength(1));
    expect(await screen.findByText('No refund was refused.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Refunds the provider refused' })).toBeNull();
  });

  it('is not offered to evaluators', async () => {
    operationsApi();
    renderApp('/staff/queues/all', { queryClient: logIn(staffUser('evaluator')) });
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

describe('the workspace', () => {
  it('shows the request in parts, starts the assessment from the request, and tells its whole record', async () => {
    const practice = staffPracticeFixture({
      id: 7,
      status: 'in_evaluation',
      qualification: qualificationFixture,
      notes: [
        { id: 3, text: 'Called the university', author: evaluator, created_at: '2026-11-03T08:00:00.000Z' },
      ],
    });
    const user = staffUser('evaluator');
    operationsApi({ 'GET /staff/practices/7': { body: { data: seenBy(user, practice) } } });
    renderApp('/staff/practices/7?part=assessment', { queryClient: logIn(user) });
    const tabs = await screen.findByRole('tablist', { name: 'Parts of the request' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Request and applicant',
      'Documents',
      'File check and verification',
      'Assessment',
      'Messages',
      'Notes',
      'History',
    ]);
    expect((await screen.findByLabelText(/^Awarding institution/)).getAttribute('value')).toBe(
      'Université Lyon 1',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Year of award/).value).toBe('2021');
    expect(screen.getAllByText(/Taken from the request: check it\./).length).toBeGreaterThan(0);
    // The moves of the current step stay beside the parts.
    expect(screen.getByRole('heading', { level: 2, name: 'Actions' })).toBeTruthy();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('tabpanel', { name: 'History' });
    expect(within(history).getByText('Called the university')).toBeTruthy();
    expect(within(history).getByText('Internal note')).toBeTruthy();
  });
});
