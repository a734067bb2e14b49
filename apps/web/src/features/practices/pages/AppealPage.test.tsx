import type { AppealOverview } from '@lisbon/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { saveBlob } from '@/shared/ui/saveBlob';
import { installFakeXhr } from '@/test/fakeXhr';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { renderComponent } from '@/test/renderComponent';
import { logIn } from '@/test/session';
import { AppealEntry } from '../components/AppealEntry';

vi.mock('@/shared/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(saveBlob).mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const open: AppealOverview = {
  practice_id: 7,
  status: 'published',
  published_at: '2026-11-10T09:00:00.000Z',
  deadline: '2026-11-17T09:00:00.000Z',
  statement_withdrawn_at: null,
  can_request: true,
  appeal: null,
};

const asked: AppealOverview = {
  ...open,
  status: 'appeal_requested',
  can_request: false,
  appeal: {
    id: 1,
    practice_id: 7,
    type: 'amendment',
    motivation: 'My name is misspelt.',
    document_ids: [31],
    created_at: '2026-11-12T10:00:00.000Z',
    is_open: true,
    statement: null,
  },
};

const letter = {
  id: 31,
  practice_id: 7,
  type: 'additional',
  additional_type: 'Passport copy',
  file_name: 'passport.pdf',
  content_type: 'application/pdf',
  size: 4,
  sha256: 'b'.repeat(64),
  created_at: '2026-11-12T09:59:00.000Z',
};

describe('the appeal page', () => {
  it('asks for the type and motivation, uploads documents and sends the amendment', async () => {
    const api = mockApi({
      'GET /practices/7/appeal': () => ({
        body: { data: api.callsTo('POST /practices/7/appeal').length > 0 ? asked : open },
      }),
      'POST /practices/7/appeal': {
        status: 201,
        body: { data: asked, meta: { notice: 'appealCreated', message: 'Appeal created' } },
      },
    });
    const xhr = installFakeXhr((request) => request.respond(201, { data: letter }));
    renderApp('/practices/7/appeal', { queryClient: logIn() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appeal or amendment of request no. 7' }),
    ).toBeTruthy();
    const intro = await screen.findByText(
      /^You can ask for an appeal or an amendment of your statement until/,
    );
    // On Rome's clock, named so, whatever the device's zone: 09:00 UTC is 10:00 in Rome in November.
    // One pair of brackets, the zone's: the seven days follow in the sentence.
    expect(intro.textContent).toMatch(
      /until November 17, 2026 at 10:00\sAM \(Rome time\), seven days after its release\.$/,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Send the appeal or amendment' }));
    // The type and the motivation, both left empty, say so in the same words (spec §5).
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.queryByText('Choose one of the options offered')).toBeNull();
    expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: /^Amendment/ }));
    await userEvent.type(screen.getByLabelText(/^Motivation/), 'My name is misspelt.');
    await userEvent.type(screen.getByLabelText(/^Which document is it\?/), 'Passport copy');
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.field('practice_id')).toBe('7');
    expect(xhr.sent[0]?.field('additional_type')).toBe('Passport copy');
    expect(await screen.findByRole('button', { name: 'Remove passport.pdf' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send the appeal or amendment' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(1));
    expect(api.callsTo('POST /practices/7/appeal')[0]?.body).toEqual({
      type: 'amendment',
      motivation: 'My name is misspelt.',
      document_ids: [31],
    });
    expect(await screen.findByText('Appeal created')).toBeTruthy();
    const current = await screen.findByRole('heading', { name: 'Your amendment is in progress' });
    // The form and its button gone, the keyboard is on the appeal sent, not at the page's top.
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(screen.getByText('My name is misspelt.')).toBeTruthy();
    // An amendment is named so, never an appeal (decision 026).
    expect(screen.getAllByText('amendment in evaluation').length).toBeGreaterThan(0);
    expect(screen.queryByText('appeal in evaluation')).toBeNull();
    // Sent: nothing typed is kept for a next visit.
    expect(Object.keys(sessionStorage).filter((key) => key.includes('appeal'))).toEqual([]);
  });

  it('sends the filing again with the same Idempotency-Key after a lost answer', async () => {
    let isLost = true;
    const api = mockApi({
      'GET /practices/7/appeal': { body: { data: open } },
      'POST /practices/7/appeal': () => {
        if (!isLost)
          return { status: 201, body: { data: asked, meta: { notice: 'appealCreated', message: '' } } };
        isLost = false;
        return { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } };
      },
    });
    renderApp('/practices/7/appeal', { queryClient: logIn() });
    await userEvent.click(await screen.findByRole('radio', { name: /^Amendment/ }));
    await userEvent.type(screen.getByLabelText(/^Motivation/), 'My name is misspelt.');
    const sendButton = screen.getByRole('button', { name: 'Send the appeal or amendment' });
    await userEvent.click(sendButton);
    await waitFor(() => expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(1));
    // The answer lost: the form keeps the filing for another press.
    await waitFor(() => expect(sendButton.getAttribute('data-loading')).toBeNull());
    await userEvent.click(sendButton);
    await waitFor(() => expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(2));
    const keys = api.callsTo('POST /practices/7/appeal').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('marks nothing required in its optional documents, yet asks which document a chosen file is (en-US, it-IT)', async () => {
    mockApi({ 'GET /practices/7/appeal': { body: { data: open } } });
    const xhr = installFakeXhr((request) => request.respond(201, { data: letter }));
    for (const [locale, typeLabel, whichLabel, required] of [
      ['en-US', /^Document type/, /^Which document is it\?/, 'This field is required'],
      ['it-IT', /^Tipo di documento/, /^Di quale documento si tratta\?/, 'Questo campo è obbligatorio'],
    ] as const) {
      await changeLocale(locale);
      try {
        renderApp('/practices/7/appeal', { queryClient: logIn() });
        const which = await screen.findByLabelText(whichLabel);
        const type = screen.getByLabelText(typeLabel, { selector: 'input' });
        // The motivation is required, and marked so; the supporting documents' fields are not.
        for (const field of [type, which]) {
          expect(field.hasAttribute('required')).toBe(false);
          expect(field.getAttribute('aria-required')).not.toBe('true');
          expect(
            document.querySelector(`label[for="${field.id}"] .mantine-InputWrapper-required`),
          ).toBeNull();
        }
        const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
        fireEvent.change(input as HTMLInputElement, {
          target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] },
        });
        await waitFor(() => expect(which.getAttribute('aria-invalid')).toBe('true'));
        expect(screen.getAllByText(required).length).toBeGreaterThan(0);
        expect(xhr.sent).toHaveLength(0);
      } finally {
        cleanup();
        await changeLocale('en-US');
      }
    }
  });

  it('says the documents are optional and what is sent after them, in Italian as in English', async () => {
    for (const [locale, hint] of [
      ['en-US', 'Optional: upload the documents that support your appeal or amendment, then send it.'],
      ['it-IT', 'Facoltativo: carica i documenti a supporto, poi invia il ricorso o la rettifica.'],
    ] as const) {
      await changeLocale(locale);
      try {
        mockApi({ 'GET /practices/7/appeal': { body: { data: open } } });
        renderApp('/practices/7/appeal', { queryClient: logIn() });
        expect(await screen.findByText(hint)).toBeTruthy();
        expect(screen.queryByText(/poi invialo/)).toBeNull();
      } finally {
        cleanup();
        await changeLocale('en-US');
      }
    }
  });

  it('refuses to send while a file chosen is not attached, saying so with focus on it, then sends it with the appeal (en-US, it-IT)', async () => {
    for (const [locale, notAttached, send, which] of [
      [
        'en-US',
        'Your document “letter.pdf” is not attached yet: say which document it is and send it with its own Send button, or remove it.',
        'Send “letter.pdf”',
        /^Which document is it\?/,
      ],
      [
        'it-IT',
        'Il tuo documento “letter.pdf” non è ancora allegato: indica di quale documento si tratta e invialo con il suo pulsante Invia, oppure rimuovilo.',
        'Invia “letter.pdf”',
        /^Di quale documento si tratta\?/,
      ],
    ] as const) {
      await changeLocale(locale);
      try {
        const api = mockApi({
          'GET /practices/7/appeal': { body: { data: open } },
          'POST /practices/7/appeal': {
            status: 201,
            body: { data: asked, meta: { notice: 'appealCreated', message: 'Appeal created' } },
          },
        });
        const xhr = installFakeXhr((request) => request.respond(201, { data: letter }));
        renderApp('/practices/7/appeal', { queryClient: logIn() });
        await userEvent.click(await screen.findByRole('radio', { name: /^(Amendment|Rettifica)/ }));
        await userEvent.type(screen.getByRole('textbox', { name: /^(Motivation|Motivazione)/ }), 'Misspelt.');
        const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
        fireEvent.change(input as HTMLInputElement, {
          target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] },
        });
        await screen.findByRole('button', { name: send });
        expect(xhr.sent).toHaveLength(0);

        fireEvent.submit(document.getElementById('appeal-form') as HTMLFormElement);
        const message = await screen.findByText(notAttached);
        expect(document.activeElement?.contains(message)).toBe(true);
        expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(0);

        await userEvent.type(screen.getByLabelText(which), 'Passport copy');
        await userEvent.click(screen.getByRole('button', { name: send }));
        await waitFor(() => expect(xhr.sent).toHaveLength(1));
        await waitFor(() => expect(screen.queryByText(notAttached)).toBeNull());
        fireEvent.submit(document.getElementById('appeal-form') as HTMLFormElement);
        await waitFor(() => expect(api.callsTo('POST /practices/7/appeal')).toHaveLength(1));
        expect(api.callsTo('POST /practices/7/appeal')[0]?.body).toMatchObject({ document_ids: [31] });
      } finally {
        cleanup();
        await changeLocale('en-US');
      }
    }
  }, 30_000);

  it('keeps the motivation typed and not sent across a reload, asking before leaving', async () => {
    mockApi({ 'GET /practices/7/appeal': { body: { data: open } } });
    const first = renderApp('/practices/7/appeal', { queryClient: logIn() });
    await userEvent.type(await screen.findByLabelText(/^Motivation/), 'My name is misspelt.');
    await act(() => first.router.navigate('/practices/7'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the page' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/practices/7'));
    first.unmount();

    renderApp('/practices/7/appeal', { queryClient: logIn() });
    expect(
      await screen.findByText(
        'What you typed here earlier and had not saved yet is back: check it, then save.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Motivation/).value).toBe('My name is misspelt.');
  });

  it('in Italian, elides the article before a day said with a vowel: fino all’8 dicembre', async () => {
    await changeLocale('it-IT');
    try {
      const eighth = { ...open, deadline: '2026-12-08T09:00:00.000Z', can_request: false };
      mockApi({ 'GET /practices/7/appeal': { body: { data: eighth } } });
      renderApp('/practices/7/appeal', { queryClient: logIn() });
      expect(await screen.findByText(/fino all’8 dicembre 2026 alle ore 10:00 \(ora di Roma\)/)).toBeTruthy();
      expect(screen.queryByText(/fino al 8/)).toBeNull();
    } finally {
      await changeLocale('en-US');
    }
  });

  it('says the statement was withdrawn, not that it is too late, with no form (decision 097)', async () => {
    const withdrawn = { ...open, can_request: false, statement_withdrawn_at: '2026-11-12T10:00:00.000Z' };
    mockApi({ 'GET /practices/7/appeal': { body: { data: withdrawn } } });
    renderApp('/practices/7/appeal', { queryClient: logIn() });
    expect(
      await screen.findByText(
        'The statement of this request has been withdrawn: an appeal or amendment can no longer be asked for.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^It is too late/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the appeal or amendment' })).toBeNull();
  });

  it('says it is too late after the seven days, with no form', async () => {
    mockApi({ 'GET /practices/7/appeal': { body: { data: { ...open, can_request: false } } } });
    renderApp('/practices/7/appeal', { queryClient: logIn() });
    expect(await screen.findByText(/^It is too late/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the appeal or amendment' })).toBeNull();
  });

  it('offers the statement of appeal on the request page too, beside the original', async () => {
    const issued: AppealOverview = {
      ...asked,
      status: 'appeal_issued',
      appeal: {
        ...(asked.appeal as NonNullable<AppealOverview['appeal']>),
        type: 'appeal',
        is_open: false,
        statement: {
          certificate_id: 'c0ffee00-0000-4000-8000-000000000001',
          kind: 'appeal',
          status: 'published',
          published_at: '2026-11-20T10:00:00.000Z',
        },
      },
    };
    mockApi({
      'GET /practices/7': {
        body: {
          data: practiceFixture({
            status: 'appeal_issued',
            status_label: 'appeal_issued',
            published_at: '2026-11-10T09:00:00.000Z',
          }),
        },
      },
      'GET /practices/7/messages': { body: { data: [] } },
      'GET /practices/7/appeal': { body: { data: issued } },
      'GET /practices/7/appeal/statement/pdf': { body: {} },
    });
    renderApp('/practices/7', { queryClient: logIn() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Statement of appeal' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download the statement of appeal' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('appeal issued').length).toBeGreaterThan(0);
  });

  it('offers the statement of appeal once it is issued', async () => {
    const issued: AppealOverview = {
      ...asked,
      status: 'appeal_issued',
      appeal: {
        ...(asked.appeal as NonNullable<AppealOverview['appeal']>),
        type: 'appeal',
        is_open: false,
        statement: {
          certificate_id: 'c0ffee00-0000-4000-8000-000000000001',
          kind: 'appeal',
          status: 'published',
          published_at: '2026-11-20T10:00:00.000Z',
        },
      },
    };
    mockApi({
      'GET /practices/7/appeal': { body: { data: issued } },
      'GET /practices/7/appeal/statement/pdf': { body: {} },
    });
    renderApp('/practices/7/appeal', { queryClient: logIn() });
    expect(await screen.findByText(/statement of appeal has been issued/)).toBeTruthy();
    expect(screen.getAllByText('appeal issued').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Download the statement of appeal' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe(
      'statement-of-appeal-c0ffee00-0000-4000-8000-000000000001.pdf',
    );
    expect(screen.getByRole('link', { name: 'Verification page' }).getAttribute('href')).toBe(
      '/verify/c0ffee00-0000-4000-8000-000000000001',
    );
  });
});

describe("the appeal's type", () => {
  it('is one Tab stop: the type checked, else the first (WAI-ARIA radio group)', async () => {
    mockApi({ 'GET /practices/7/appeal': { body: { data: open } } });
    renderApp('/practices/7/appeal', { queryClient: logIn() });
    const group = await screen.findByRole('radiogroup', { name: /^Type/ });
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.tabIndex);
    // Nothing chosen yet: Tab reaches the first type only (Chromium stopped on each of them).
    expect(tabStops()).toEqual([0, -1]);
    await userEvent.click(within(group).getByRole('radio', { name: /^Amendment/ }));
    expect(tabStops()).toEqual([-1, 0]);
  });
});

describe('the entry point on the request', () => {
  const published = practiceFixture({
    status: 'published',
    status_label: 'published',
    published_at: '2026-11-10T09:00:00.000Z',
  });

  it('offers the appeal while the server says the window is open, until its deadline', () => {
    renderComponent(
      <MemoryRouter>
        <AppealEntry practice={{ ...published, is_appeal_window_open: true }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Ask for an appeal or amendment' }).getAttribute('href')).toBe(
      '/practices/7/appeal',
    );
    // Seven days after 09:00 UTC on 10 November, on Rome's clock, named so.
    expect(screen.getByText(/until November 17, 2026 at 10:00\sAM \(Rome time\)\.$/)).toBeTruthy();
  });

  it("is gone once the server says the window closed, whatever the device's clock, and leads to the appeal once asked for (issue 33)", () => {
    renderComponent(
      <MemoryRouter>
        <AppealEntry
          practice={{ ...published, published_at: new Date().toISOString(), is_appeal_window_open: false }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderComponent(
      <MemoryRouter>
        <AppealEntry practice={{ ...published, status: 'appeal_in_evaluation' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'See your appeal or amendment' })).toBeTruthy();
  });
});
