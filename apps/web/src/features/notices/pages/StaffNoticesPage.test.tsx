import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { staffUser } from '@/test/staffFixtures';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

const maintenance = { is_on: false, source: 'setting', is_setting_on: false, changes: [] };
const past = { id: 1, starts_on: '2000-12-24', ends_on: '2001-01-07' };
const future = { id: 2, starts_on: '2099-08-01', ends_on: '2099-08-15' };
const list = (items: unknown[]) => ({
  body: { data: items, meta: { page: 1, perPage: Math.max(items.length, 1), total: items.length } },
});

function calendarApi() {
  const suspensions = [past, future];
  return mockApi({
    'GET /notices': { body: { data: { closures: [], maintenance: { is_on: false, is_staff_only: false } } } },
    'GET /staff/maintenance': { body: { data: maintenance } },
    'GET /staff/closures': list([]),
    'GET /staff/return-delivery-suspensions': () => list(suspensions),
    'POST /staff/return-delivery-suspensions': (call) => {
      const created = { id: 3, ...(call.body as object) } as typeof past;
      suspensions.push(created);
      return { status: 201, body: { data: created } };
    },
    'POST /staff/closures': (call) => ({
      status: 201,
      body: {
        data: {
          id: 9,
          resumes_on: '2099-09-01',
          notice: { 'en-US': 'x', 'it-IT': 'x' },
          ...(call.body as object),
        },
      },
    }),
    'DELETE /staff/return-delivery-suspensions/2': { status: 204 },
  });
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

describe('the staff notices page', () => {
  it('asks the administrator before switching maintenance on, not before switching it off', async () => {
    let state = maintenance;
    const api = mockApi({
      'GET /notices': {
        body: { data: { closures: [], maintenance: { is_on: false, is_staff_only: false } } },
      },
      'GET /staff/maintenance': () => ({ body: { data: state } }),
      'PUT /staff/maintenance': (call) => {
        const isOn = (call.body as { is_on: boolean }).is_on;
        state = { ...maintenance, is_on: isOn, is_setting_on: isOn };
        return { body: { data: state } };
      },
      'GET /staff/closures': list([]),
      'GET /staff/return-delivery-suspensions': list([]),
    });
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const toggle = await screen.findByLabelText(/^Maintenance mode/);
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Switch maintenance on?' });
    expect(
      within(dialog).getByText(/Applicants and visitors will see the maintenance page now/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('PUT /staff/maintenance')).toEqual([]);
    expect((toggle as HTMLInputElement).checked).toBe(false);

    await userEvent.click(toggle);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Switch maintenance on?' })).getByRole('button', {
        name: 'Switch on',
      }),
    );
    expect(await screen.findByText('Maintenance switched on')).toBeTruthy();
    expect(api.callsTo('PUT /staff/maintenance').map((call) => call.body)).toEqual([{ is_on: true }]);

    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    await userEvent.click(toggle);
    expect(await screen.findByText('Maintenance switched off')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PUT /staff/maintenance').map((call) => call.body)).toEqual([
      { is_on: true },
      { is_on: false },
    ]);
  });

  it('lets an administrator suspend return delivery, with both days posted', async () => {
    const api = calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const suspensions = await section('Return delivery suspensions');
    const form = within(suspensions).getByRole('form', { name: 'Suspend return delivery' });
    await userEvent.type(within(form).getByLabelText(/First day/), '01/10/2099');
    await userEvent.type(within(form).getByLabelText(/Last day/), '03/10/2099');
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend return delivery' }));
    expect(await screen.findByText('Return delivery suspended')).toBeTruthy();
    expect(api.callsTo('POST /staff/return-delivery-suspensions')[0]?.body).toEqual({
      starts_on: '2099-10-01',
      ends_on: '2099-10-03',
    });
    await waitFor(() => expect(within(suspensions).getAllByRole('row')).toHaveLength(4));
  });

  it('lets an administrator announce a closure with its notice in both languages', async () => {
    const api = calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const form = within(await section('Closure periods')).getByRole('form', { name: 'Announce a closure' });
    await userEvent.type(within(form).getByLabelText(/First day/), '11/08/2099');
    await userEvent.type(within(form).getByLabelText(/Last day/), '22/08/2099');
    await userEvent.type(within(form).getByLabelText(/Notice shown from/), '01/07/2099');
    await userEvent.type(within(form).getByLabelText(/Notice text in English/), 'Summer closure.');
    await userEvent.type(within(form).getByLabelText(/Notice text in Italian/), 'Chiusura estiva.');
    await userEvent.click(within(form).getByRole('button', { name: 'Announce the closure' }));
    expect(await screen.findByText('Closure announced')).toBeTruthy();
    expect(api.callsTo('POST /staff/closures')[0]?.body).toEqual({
      starts_on: '2099-08-11',
      ends_on: '2099-08-22',
      announce_from: '2099-07-01',
      notice_en_us: 'Summer closure.',
      notice_it_it: 'Chiusura estiva.',
    });
  });

  it('refuses in the browser a window that ends before it starts, posting nothing', async () => {
    const api = calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const form = within(await section('Return delivery suspensions')).getByRole('form', {
      name: 'Suspend return delivery',
    });
    await userEvent.type(within(form).getByLabelText(/First day/), '03/10/2099');
    await userEvent.type(within(form).getByLabelText(/Last day/), '01/10/2099');
    await userEvent.click(within(form).getByRole('button', { name: 'Suspend return delivery' }));
    expect(await within(form).findByText('The end of the period must be on or after its start')).toBeTruthy();
    expect(within(form).queryByText('Value not valid')).toBeNull();
    expect(api.callsTo('POST /staff/return-delivery-suspensions')).toHaveLength(0);
  });

  it('says why a closure is refused: its last day before its first, its notice shown after it starts', async () => {
    const api = calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const form = within(await section('Closure periods')).getByRole('form', { name: 'Announce a closure' });
    await userEvent.type(within(form).getByLabelText(/First day/), '20/12/2099');
    await userEvent.type(within(form).getByLabelText(/Last day/), '10/12/2099');
    await userEvent.type(within(form).getByLabelText(/Notice shown from/), '25/12/2099');
    await userEvent.type(within(form).getByLabelText(/Notice text in English/), 'Closed.');
    await userEvent.type(within(form).getByLabelText(/Notice text in Italian/), 'Chiuso.');
    await userEvent.click(within(form).getByRole('button', { name: 'Announce the closure' }));
    expect(await within(form).findByText('The end of the period must be on or after its start')).toBeTruthy();
    expect(
      within(form).getByText('The notice must show from the first day of the closure or earlier'),
    ).toBeTruthy();
    expect(within(form).queryByText('Value not valid')).toBeNull();
    expect(api.callsTo('POST /staff/closures')).toHaveLength(0);
  });

  it('offers Delete only for windows not begun, and deletes once confirmed', async () => {
    const api = calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const suspensions = await section('Return delivery suspensions');
    await waitFor(() =>
      expect(within(suspensions).getAllByRole('button', { name: /^Delete/ })).toHaveLength(1),
    );
    await userEvent.click(within(suspensions).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this period?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Period deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /staff/return-delivery-suspensions/2')).toHaveLength(1);
  });

  it('keeps the closure periods’ table in a box of its own that scrolls sideways, named, for the keyboard', async () => {
    mockApi({
      'GET /notices': {
        body: { data: { closures: [], maintenance: { is_on: false, is_staff_only: false } } },
      },
      'GET /staff/maintenance': { body: { data: maintenance } },
      'GET /staff/closures': list([
        {
          id: 1,
          starts_on: '2099-12-16',
          ends_on: '2100-01-12',
          resumes_on: '2100-01-13',
          announce_from: '2099-11-18',
          notice: { 'en-US': 'Our offices are closed.', 'it-IT': 'I nostri uffici sono chiusi.' },
        },
      ]),
      'GET /staff/return-delivery-suspensions': list([]),
    });
    renderApp('/staff/notices', { queryClient: logIn(staffUser('admin')) });
    const closures = await section('Closure periods');
    const box = await within(closures).findByRole('region', { name: 'Announced closure periods' });
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(within(box).getByRole('table')).toBeTruthy();
    await act(() => changeLocale('it-IT'));
    expect(await screen.findByRole('region', { name: 'Periodi di chiusura annunciati' })).toBeTruthy();
  });

  it('says in its own words that no closure is announced or no suspension planned, not "No items found"', async () => {
    mockApi({
      'GET /notices': {
        body: { data: { closures: [], maintenance: { is_on: false, is_staff_only: false } } },
      },
      'GET /staff/maintenance': { body: { data: maintenance } },
      'GET /staff/closures': list([]),
      'GET /staff/return-delivery-suspensions': list([]),
    });
    renderApp('/staff/notices', { queryClient: logIn(staffUser('evaluator')) });
    const closures = await section('Closure periods');
    expect(await within(closures).findByText('No closure period has been announced.')).toBeTruthy();
    const suspensions = await section('Return delivery suspensions');
    expect(await within(suspensions).findByText('Return delivery has no suspension planned.')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
    await act(() => changeLocale('it-IT'));
    expect(await screen.findByText('Non è stato annunciato nessun periodo di chiusura.')).toBeTruthy();
    expect(screen.getByText('Non è prevista nessuna sospensione della spedizione di ritorno.')).toBeTruthy();
  });

  it('shows other staff the tables read-only, with no forms and no Delete', async () => {
    calendarApi();
    renderApp('/staff/notices', { queryClient: logIn(staffUser('evaluator')) });
    const suspensions = await section('Return delivery suspensions');
    await waitFor(() => expect(within(suspensions).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
