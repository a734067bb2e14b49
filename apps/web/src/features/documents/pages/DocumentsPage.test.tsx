import type { DocumentType, PracticeDocuments, PracticeStatus } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { PAYMENT_LOCK_REFRESH_MS } from '../api/documents';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { waitOptions } from '@/test/wait';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const overview = (missing: DocumentType[], status: PracticeStatus = 'draft') => ({
  data: {
    practices: [
      {
        practice_id: 7,
        status,
        status_label: status,
        country: 'FR',
        level: 'higher',
        is_editable: status === 'draft',
        payment_open_until: null,
        required_documents: ['identity_document', 'consent_form'],
        missing_documents: missing,
        documents: [],
      },
    ],
    unattached: [],
    unattached_kept_hours: 24,
  },
});

describe('a refugee’s document declared unobtainable', () => {
  it('is not listed on /documents as still missing, while another missing one is', async () => {
    const declared = (missing: DocumentType[]) => {
      const body = overview(missing);
      const [group] = body.data.practices;
      const unobtainable_documents = [
        { type: 'diploma', explanation: null, declared_at: '2026-11-20T09:00:00.000Z' },
      ];
      return { data: { ...body.data, practices: [{ ...group, unobtainable_documents }] } };
    };
    mockApi({ 'GET /documents': { body: declared(['diploma', 'consent_form']) } });
    renderApp('/documents', { queryClient: logIn() });
    const missing = (await screen.findByText('Still missing')).closest('.mantine-Alert-root');
    expect(missing?.textContent).toMatch(/^Still missingConsent form/);
    cleanup();
    mockApi({ 'GET /documents': { body: declared(['diploma']) } });
    renderApp('/documents', { queryClient: logIn() });
    await screen.findByRole('heading', { name: /France/ });
    expect(screen.queryByText('Still missing')).toBeNull();
  });
});

describe('the consent form still missing leads to /consent, where it is made', () => {
  it.each([
    ['en-US', 'Still missing', 'Get the consent form'],
    ['it-IT', 'Ancora mancanti', 'Scarica il modulo di consenso'],
  ] as const)('on /documents, in the list of what is missing (%s)', async (locale, title, linkName) => {
    await changeLocale(locale);
    mockApi({ 'GET /documents': { body: overview(['identity_document', 'consent_form']) } });
    renderApp('/documents', { queryClient: logIn() });
    const missing = (await screen.findByText(title)).closest('.mantine-Alert-root');
    if (!(missing instanceof HTMLElement)) throw new Error('no list of missing documents');
    expect(within(missing).getByRole('link', { name: linkName }).getAttribute('href')).toBe('/consent');
  });

  it('on /documents, not once the consent form is uploaded, nor for a request that no longer takes documents', async () => {
    mockApi({ 'GET /documents': { body: overview(['identity_document']) } });
    renderApp('/documents', { queryClient: logIn() });
    await screen.findByText('Still missing');
    expect(screen.queryByRole('link', { name: 'Get the consent form' })).toBeNull();
    cleanup();

    mockApi({ 'GET /documents': { body: overview(['consent_form'], 'published') } });
    renderApp('/documents', { queryClient: logIn() });
    await screen.findByText('This request no longer accepts changes to its documents.');
    expect(screen.queryByRole('link', { name: 'Get the consent form' })).toBeNull();
  });

  it.each([
    ['en-US', 'Consent form', 'Get the consent form'],
    ['it-IT', 'Modulo di consenso', 'Scarica il modulo di consenso'],
  ] as const)('on the request’s page, beside the consent form (%s)', async (locale, item, linkName) => {
    await changeLocale(locale);
    const draft = practiceFixture({ missing_documents: ['identity_document', 'consent_form'] });
    mockApi({ 'GET /practices/7': { body: { data: draft } } });
    renderApp('/practices/7', { queryClient: logIn() });
    const link = await screen.findByRole('link', { name: linkName });
    expect(link.getAttribute('href')).toBe('/consent');
    expect(link.closest('li')?.textContent).toContain(item);
  });
});

const entry = (overrides: Partial<PracticeDocuments>): PracticeDocuments => ({
  practice_id: 7,
  status: 'draft',
  status_label: 'draft',
  country: 'FR',
  level: 'higher',
  is_editable: true,
  payment_open_until: null,
  published_at: null,
  required_documents: ['identity_document', 'consent_form'],
  missing_documents: ['identity_document', 'consent_form'],
  documents: [],
  ...overrides,
});

function open(practice: PracticeDocuments) {
  mockApi({
    'GET /documents': {
      body: { data: { practices: [practice], unattached: [], unattached_kept_hours: 24 } },
    },
  });
  renderApp('/documents', { queryClient: logIn() });
}

describe('/documents: what is still missing (first-user review, item 13)', () => {
  it('lists the missing documents of a request that still takes them', async () => {
    open(entry({}));
    expect(await screen.findByText('Still missing')).toBeTruthy();
    expect(screen.getByText('ID card or passport, Consent form')).toBeTruthy();
  });

  it('lists none for a published request, which no longer accepts changes to its documents', async () => {
    open(
      entry({
        status: 'published',
        status_label: 'published',
        is_editable: false,
        published_at: '2026-12-01T10:00:00.000Z',
      }),
    );
    expect(await screen.findByText('This request no longer accepts changes to its documents.')).toBeTruthy();
    expect(screen.queryByText('Still missing')).toBeNull();
    expect(screen.queryByText('Every required document is uploaded.')).toBeNull();
  });
});

describe('/documents: a request with an amendment asked for', () => {
  it('names its status for the amendment, never an appeal (decision 026)', async () => {
    open(
      entry({
        status: 'appeal_in_evaluation',
        status_label: 'appeal in evaluation',
        appeal_type: 'amendment',
        is_editable: false,
        published_at: '2026-12-01T10:00:00.000Z',
      }),
    );
    expect(await screen.findByText(/^amendment in evaluation$/i)).toBeTruthy();
    expect(screen.queryByText(/^appeal in evaluation$/i)).toBeNull();
  });
});

describe('/documents: a published request after the appeal window, no appeal asked for', () => {
  const document = (id: number, type: DocumentType, created_at: string, additional_type: string | null) => ({
    id,
    practice_id: 7,
    type,
    additional_type,
    file_name: `${type}.pdf`,
    content_type: 'application/pdf',
    size: 4,
    sha256: 'a'.repeat(64),
    created_at,
  });

  it('offers Delete for a document added since the release, as the API takes it (decision 026), not for those evaluated', async () => {
    const published = entry({
      status: 'published',
      status_label: 'published',
      is_editable: false,
      // Released in March: its window closed long ago.
      published_at: '2026-03-24T08:00:00.000Z',
      missing_documents: [],
      documents: [
        document(11, 'diploma', '2026-03-20T10:00:00.000Z', null),
        document(12, 'additional', '2026-03-25T10:00:00.000Z', 'Appeal evidence'),
      ],
    });
    const api = mockApi({
      'GET /documents': {
        body: { data: { practices: [published], unattached: [], unattached_kept_hours: 24 } },
      },
      'DELETE /documents/12': { status: 204 },
    });
    renderApp('/documents', { queryClient: logIn() });
    const remove = await screen.findByRole('button', {
      name: 'Delete Appeal evidence (additional document)',
    });
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Replace/ })).toBeNull();
    expect(
      screen.getByText(
        'The documents the statement was evaluated on stay as they are; a document added since its publication can still be deleted.',
      ),
    ).toBeTruthy();

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the document' }));
    await waitFor(() => expect(api.callsTo('DELETE /documents/12')).toHaveLength(1));
  });

  it('says in Italian that a document added since the publication can still be deleted', async () => {
    await changeLocale('it-IT');
    open(
      entry({
        status: 'published',
        status_label: 'published',
        is_editable: false,
        published_at: '2026-03-24T08:00:00.000Z',
        documents: [document(12, 'additional', '2026-03-25T10:00:00.000Z', 'Appeal evidence')],
      }),
    );
    expect(
      await screen.findByText(
        'I documenti su cui è stato valutato l’attestato restano invariati; un documento aggiunto dopo la pubblicazione può ancora essere eliminato.',
      ),
    ).toBeTruthy();
  });
});

describe('/documents: a published request in its appeal window', () => {
  const day = 24 * 60 * 60_000;
  const document = (id: number, type: DocumentType, created_at: string, additional_type: string | null) => ({
    id,
    practice_id: 7,
    type,
    additional_type,
    file_name: `${type}.pdf`,
    content_type: 'application/pdf',
    size: 4,
    sha256: 'a'.repeat(64),
    created_at,
  });
  // Released yesterday: the window is open. The diploma was evaluated; the evidence came after.
  const published = (statement_withdrawn_at: string | null) =>
    entry({
      status: 'published',
      status_label: 'published',
      is_editable: false,
      published_at: new Date(Date.now() - day).toISOString(),
      statement_withdrawn_at,
      missing_documents: [],
      documents: [
        document(11, 'diploma', new Date(Date.now() - 2 * day).toISOString(), null),
        document(12, 'additional', new Date(Date.now() - 60_000).toISOString(), 'Appeal evidence'),
      ],
    });

  it('offers Replace and Delete for a document added since the release, as the API takes them, not for those evaluated', async () => {
    open(published(null));
    expect(
      await screen.findByRole('button', { name: 'Replace Appeal evidence (additional document)' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Replace/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Delete Appeal evidence (additional document)' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
  });

  it('offers no Replace once the statement is withdrawn (no appeal to support), Delete still', async () => {
    open(published(new Date(Date.now() - 60 * 60_000).toISOString()));
    expect(
      await screen.findByRole('button', { name: 'Delete Appeal evidence (additional document)' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Replace/ })).toBeNull();
  });
});

describe('/documents: a draft whose checkout is open (409 PAYMENT_OPEN, decision 020)', () => {
  it.each([
    [
      'en-US',
      'A payment for this request is in progress: wait for it to finish before changing the request. If you are not paying, you can change it again once its payment page closes, within 25 min.',
    ],
    [
      'it-IT',
      'È in corso un pagamento per questa richiesta: attendi che si concluda prima di modificarla. Se non stai pagando, potrai modificarla di nuovo quando la pagina di pagamento si chiude, entro 25 min.',
    ],
  ] as const)(
    'says why its documents cannot be changed, and until when at the latest (%s)',
    async (locale, text) => {
      await changeLocale(locale);
      // The payment page still open: about 25 minutes to go.
      const until = new Date(Date.now() + 25 * 60_000 - 30_000).toISOString();
      open(entry({ is_editable: false, missing_documents: [], payment_open_until: until }));
      expect((await screen.findByText(text)).closest('[role="status"]')).not.toBeNull();
      expect(screen.queryByText('This request no longer accepts changes to its documents.')).toBeNull();
      expect(screen.queryByText('Questa richiesta non accetta più modifiche ai documenti.')).toBeNull();
      expect(screen.queryByRole('heading', { name: /Add a document|Aggiungi un documento/ })).toBeNull();
    },
  );

  it('counts the minutes left on the server’s clock, whatever the browser’s says', async () => {
    // The browser's clock is two hours behind the server's: the page closes 25 minutes after the
    // server answered, which this browser would read as 2 h 25 min.
    const until = new Date(Date.now() + 2 * 60 * 60_000 + 25 * 60_000 - 30_000).toISOString();
    open(
      entry({
        is_editable: false,
        missing_documents: [],
        payment_open_until: until,
        payment_open_seconds_left: 25 * 60 - 30,
      }),
    );
    expect(await screen.findByText(/once its payment page closes, within 25 min\.$/)).toBeTruthy();
  });

  it('reads the documents again while the checkout holds the draft, and offers the upload once it no longer does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const until = new Date(Date.now() + 25 * 60_000).toISOString();
      let isLocked = true;
      const api = mockApi({
        'GET /documents': () => ({
          body: {
            data: {
              practices: [
                isLocked
                  ? entry({ is_editable: false, missing_documents: [], payment_open_until: until })
                  : entry({}),
              ],
              unattached: [],
              unattached_kept_hours: 24,
            },
          },
        }),
      });
      renderApp('/documents', { queryClient: logIn() });
      await vi.waitFor(
        () => expect(screen.getByText(/A payment for this request is in progress/)).toBeTruthy(),
        waitOptions,
      );
      const reads = api.callsTo('GET /documents').length;
      // The checkout's page closed: the next read finds the draft free again.
      isLocked = false;
      await vi.advanceTimersByTimeAsync(PAYMENT_LOCK_REFRESH_MS);
      expect(api.callsTo('GET /documents').length).toBeGreaterThan(reads);
      await vi.waitFor(
        () => expect(screen.getByRole('heading', { name: 'Add a document' })).toBeTruthy(),
        waitOptions,
      );
      expect(screen.queryByText(/A payment for this request is in progress/)).toBeNull();
      // Free, it is no longer read on a timer.
      const readsWhenFree = api.callsTo('GET /documents').length;
      await vi.advanceTimersByTimeAsync(3 * PAYMENT_LOCK_REFRESH_MS);
      expect(api.callsTo('GET /documents')).toHaveLength(readsWhenFree);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('empty lists say what is missing in their own words (applicant walk)', () => {
  it('says the applicant has no requests yet on /documents, and a request with none its documents', async () => {
    mockApi({
      'GET /documents': { body: { data: { practices: [], unattached: [], unattached_kept_hours: 24 } } },
    });
    renderApp('/documents', { queryClient: logIn() });
    expect(await screen.findByText(/^You have no requests yet\./)).toBeTruthy();
    expect(screen.queryByText(/No items found/)).toBeNull();
    cleanup();
    mockApi({ 'GET /documents': { body: overview(['identity_document']) } });
    renderApp('/documents', { queryClient: logIn() });
    expect(await screen.findByText('No documents uploaded yet.')).toBeTruthy();
    cleanup();
    await changeLocale('it-IT');
    renderApp('/documents', { queryClient: logIn() });
    expect(await screen.findByText('Ancora nessun documento caricato.')).toBeTruthy();
  });
});
