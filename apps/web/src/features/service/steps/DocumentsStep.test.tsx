import type { DocumentType } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { installFakeXhr } from '@/test/fakeXhr';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';
import { DocumentsStep } from './DocumentsStep';

/** The step in a router that can hold a navigation back, as the wizard's (asked before leaving unsaved values). */
function showStep(
  queryClient?: ReturnType<typeof logIn>,
  practice = practiceFixture({ wizard_step: 'documents' }),
) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: <DocumentsStep practice={practice} onSaved={vi.fn()} />,
    },
  ]);
  return renderComponent(<RouterProvider router={router} />, queryClient);
}

// jsdom lays nothing out and has no scrollIntoView: Mantine's options list calls it, on a timer,
// to show the selected option when it opens. This file's environment is its own.
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, configurable: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (missing: DocumentType[], required: DocumentType[] = ['identity_document', 'diploma']) => ({
  data: {
    practices: [
      {
        practice_id: 7,
        status: 'draft',
        status_label: 'draft',
        country: 'FR',
        level: 'higher',
        is_editable: true,
        payment_open_until: null,
        required_documents: required,
        missing_documents: missing,
        documents: [],
      },
    ],
    unattached: [],
    unattached_kept_hours: 24,
  },
});

/** The type's select: its input (Mantine labels its options list by the same label). */
const typeField = async () => {
  const input = (await screen.findAllByLabelText(/^Document type/)).find(
    (element) => element instanceof HTMLInputElement,
  );
  if (!(input instanceof HTMLInputElement)) throw new Error('no type field');
  return input;
};

describe('wizard documents step', () => {
  it('shows the passport-expiry warning of the account for an expired identity document, in Italian too', async () => {
    mockApi({ 'GET /documents': { body: overview(['diploma']) } });
    const show = () => showStep(logIn(testUser({ document_expiration_date: '2020-01-31' })));
    show();
    expect(
      await screen.findByText('This document has expired: upload a valid one with your request.'),
    ).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Update your identity document in your account' })
        .getAttribute('href'),
    ).toBe('/account');
    cleanup();
    await changeLocale('it-IT');
    try {
      show();
      expect(
        await screen.findByText(
          'Questo documento è scaduto: carica un documento valido con la tua richiesta.',
        ),
      ).toBeTruthy();
    } finally {
      await changeLocale('en-US');
      localStorage.clear();
    }
  });

  it('shows no warning for a document valid beyond six months', async () => {
    mockApi({ 'GET /documents': { body: overview(['diploma']) } });
    showStep(logIn(testUser({ document_expiration_date: '2099-01-31' })));
    await screen.findByRole('heading', { level: 2, name: 'Documents this service needs' });
    expect(screen.queryByText(/This document (has expired|expires)/)).toBeNull();
    localStorage.clear();
  });

  it('offers the next missing type after an upload, and the keyboard stays on "Choose a file"', async () => {
    let missing: DocumentType[] = ['identity_document', 'diploma'];
    mockApi({ 'GET /documents': () => ({ body: overview(missing) }) });
    installFakeXhr((request) => {
      missing = ['diploma'];
      request.respond(201, {
        data: {
          id: 3,
          practice_id: 7,
          type: 'identity_document',
          additional_type: null,
          file_name: 'passport.pdf',
          content_type: 'application/pdf',
          size: 4,
          sha256: 'a'.repeat(64),
          created_at: '2026-11-20T10:00:00.000Z',
        },
      });
    });
    showStep();

    const type = await typeField();
    expect(type.value).toBe('ID card or passport');
    const choose = screen.getByRole('button', { name: 'Choose a file' });
    choose.focus();
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByText('Document added')).toBeTruthy();
    await waitFor(async () => expect((await typeField()).value).toBe('Diploma or provisional certificate'));
    // The same button, still mounted and focused: the uploader was not thrown away and rebuilt.
    expect(choose.isConnected).toBe(true);
    expect(document.activeElement).toBe(choose);
  });

  it('offers the first missing type again after an upload of another type', async () => {
    const missing: DocumentType[] = ['identity_document', 'diploma'];
    mockApi({ 'GET /documents': () => ({ body: overview(missing.slice(0, 1)) }) });
    installFakeXhr((request) => {
      request.respond(201, {
        data: {
          id: 4,
          practice_id: 7,
          type: 'diploma',
          additional_type: null,
          file_name: 'diploma.pdf',
          content_type: 'application/pdf',
          size: 4,
          sha256: 'b'.repeat(64),
          created_at: '2026-11-20T10:00:00.000Z',
        },
      });
    });
    showStep();
    const user = userEvent.setup();
    await user.click(await typeField());
    await user.click(await screen.findByRole('option', { name: 'Diploma or provisional certificate' }));
    expect((await typeField()).value).toBe('Diploma or provisional certificate');
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByText('Document added')).toBeTruthy();
    // The ID is still the first missing: the next upload starts there.
    await waitFor(async () => expect((await typeField()).value).toBe('ID card or passport'));
  });

  it.each([
    ['en-US', 'Get the consent form', 'Consent form – missing', /Still missing: Consent form\./],
    [
      'it-IT',
      'Scarica il modulo di consenso',
      'Modulo di consenso – mancante',
      /Manca ancora: Modulo di consenso\./,
    ],
  ] as const)(
    'leads to /consent where the consent form is missing, and again when the review names it (%s)',
    async (locale, linkName, missingItem, refusal) => {
      await changeLocale(locale);
      try {
        const api = mockApi({
          'GET /documents': {
            body: overview(['consent_form'], ['identity_document', 'consent_form']),
          },
          'POST /practices/7/review': {
            status: 422,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              errors: { 'documents.consent_form': ['This document is required'] },
            },
          },
        });
        showStep();
        await screen.findByRole('heading', {
          level: 2,
          name: /^(Documents this service needs|Documenti richiesti)/,
        });
        const item = screen
          .getAllByRole('listitem')
          .find((element) => element.textContent.includes(missingItem));
        if (!item) throw new Error('no list item');
        expect(within(item).getByRole('link', { name: linkName }).getAttribute('href')).toBe('/consent');
        // The ID, uploaded, has no link.
        expect(screen.getAllByRole('link', { name: linkName })).toHaveLength(1);

        await userEvent.click(
          screen.getByRole('button', { name: /^(Continue to the review|Continua al riepilogo)$/ }),
        );
        await waitFor(() => expect(api.callsTo('POST /practices/7/review')).toHaveLength(1));
        expect(await screen.findByText(refusal)).toBeTruthy();
        const links = screen.getAllByRole('link', { name: linkName });
        expect(links).toHaveLength(2);
        expect(links.every((link) => link.getAttribute('href') === '/consent')).toBe(true);
      } finally {
        await changeLocale('en-US');
      }
    },
  );

  it('names only what is still missing once documents are uploaded after the review refused, with the keyboard on it, and drops the refusal when nothing it named is missing', async () => {
    let missing: DocumentType[] = ['identity_document', 'diploma'];
    mockApi({
      'GET /documents': () => ({ body: overview(missing) }),
      'POST /practices/7/review': {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          errors: {
            'documents.identity_document': ['This document is required'],
            'documents.diploma': ['This document is required'],
          },
        },
      },
    });
    const uploaded = (id: number, type: DocumentType) => ({
      data: {
        id,
        practice_id: 7,
        type,
        additional_type: null,
        file_name: `${type}.pdf`,
        content_type: 'application/pdf',
        size: 4,
        sha256: 'd'.repeat(64),
        created_at: '2026-11-20T10:00:00.000Z',
      },
    });
    const xhr = installFakeXhr();
    const upload = async (type: DocumentType, id: number) => {
      const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
      if (!input) throw new Error('no file input');
      fireEvent.change(input, {
        target: { files: [new File(['%PDF'], `${type}.pdf`, { type: 'application/pdf' })] },
      });
      await waitFor(() => expect(xhr.sent).toHaveLength(id));
      missing = missing.filter((kind) => kind !== type);
      xhr.sent[id - 1]?.respond(201, uploaded(id, type));
    };
    showStep();
    await typeField();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to the review' }));
    const refusal = await screen.findByText(
      'The request is not complete yet. Still missing: ID card or passport, Diploma or provisional certificate.',
    );
    // The keyboard goes to what the refusal says, not to the page's body (the busy button lost it).
    await waitFor(() => expect(document.activeElement?.contains(refusal)).toBe(true));
    // An upload changes its words without taking the keyboard back to it.
    screen.getByRole('button', { name: 'Choose a file' }).focus();

    await upload('identity_document', 1);
    expect(
      await screen.findByText(
        'The request is not complete yet. Still missing: Diploma or provisional certificate.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Still missing: ID card or passport/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file' }));

    await upload('diploma', 2);
    await waitFor(() => expect(screen.queryByText(/not complete yet/)).toBeNull());
  });

  it('goes on to the review without asking, after only another type was picked; asks once a name is typed', async () => {
    const api = mockApi({
      'GET /documents': { body: overview([]) },
      'POST /practices/7/review': { body: { data: practiceFixture({ wizard_step: 'review' }) } },
    });
    const user = userEvent.setup();
    const show = () => {
      const router = createMemoryRouter(
        [
          {
            path: '/documents',
            element: (
              <DocumentsStep
                practice={practiceFixture({ wizard_step: 'documents' })}
                onSaved={async () => {
                  await router.navigate('/review');
                }}
              />
            ),
          },
          { path: '/review', element: <p>The review</p> },
        ],
        { initialEntries: ['/documents'] },
      );
      return renderComponent(<RouterProvider router={router} />, logIn());
    };
    const continueButton = () => screen.getByRole('button', { name: 'Continue to the review' });

    // Another type picked, nothing typed nor attached: no question.
    show();
    await user.click(await typeField());
    await user.click(await screen.findByRole('option', { name: 'Diploma or provisional certificate' }));
    expect((await typeField()).value).toBe('Diploma or provisional certificate');
    await user.click(continueButton());
    expect(await screen.findByText('The review')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).toBeNull();
    expect(Object.keys(sessionStorage).filter((key) => key.includes('documents'))).toEqual([]);
    cleanup();

    // The name of an additional document typed: asked first.
    show();
    await user.click(await typeField());
    await user.click(await screen.findByRole('option', { name: 'Additional document' }));
    await user.type(screen.getByLabelText(/^Which document is it\?/), 'Certificate of internship');
    await user.click(continueButton());
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(screen.queryByText('The review')).toBeNull();
    expect(api.callsTo('POST /practices/7/review')).toHaveLength(2);
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps "Which document is it?" typed before the file is attached: back when the step opens again, cleared once the file is attached', async () => {
    mockApi({ 'GET /documents': { body: overview(['diploma']) } });
    const xhr = installFakeXhr();
    const user = userEvent.setup();
    const first = showStep(logIn());
    await user.click(await typeField());
    await user.click(await screen.findByRole('option', { name: 'Additional document' }));
    await user.type(screen.getByLabelText(/^Which document is it\?/), 'Certificate of internship');
    first.unmount();

    // Back (a reload, browser Back, a new login): the type and the name are there, and the step says so.
    showStep(logIn());
    expect(
      await screen.findByText(
        'What you typed here earlier and had not saved yet is back: check it, then save.',
      ),
    ).toBeTruthy();
    expect((await typeField()).value).toBe('Additional document');
    expect(screen.getByLabelText<HTMLInputElement>(/^Which document is it\?/).value).toBe(
      'Certificate of internship',
    );

    // Attached with the file: nothing is kept any more.
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'internship.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.field('type')).toBe('additional');
    expect(xhr.sent[0]?.field('additional_type')).toBe('Certificate of internship');
    xhr.sent[0]?.respond(201, {
      data: {
        id: 5,
        practice_id: 7,
        type: 'additional',
        additional_type: 'Certificate of internship',
        file_name: 'internship.pdf',
        content_type: 'application/pdf',
        size: 4,
        sha256: 'c'.repeat(64),
        created_at: '2026-11-20T10:00:00.000Z',
      },
    });
    expect(await screen.findByText('Document added')).toBeTruthy();
    await waitFor(async () => expect((await typeField()).value).toBe('Diploma or provisional certificate'));
    expect(Object.keys(sessionStorage).filter((key) => key.includes('documents'))).toEqual([]);
    cleanup();

    showStep(logIn());
    expect((await typeField()).value).toBe('Diploma or provisional certificate');
    expect(screen.queryByText(/What you typed here earlier/)).toBeNull();
    expect(screen.queryByLabelText(/^Which document is it\?/)).toBeNull();
    localStorage.clear();
  });

  it('says nothing came back when only a file was waiting: nothing typed was kept to restore', async () => {
    mockApi({ 'GET /documents': { body: overview(['diploma']) } });
    const xhr = installFakeXhr();
    const first = showStep(logIn());
    expect((await typeField()).value).toBe('Diploma or provisional certificate');
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'diploma.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    // The server fails: the file waits to be sent again, the type as it was offered.
    xhr.sent[0]?.respond(503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again later.' });
    expect(await screen.findByRole('button', { name: 'Send “diploma.pdf” again' })).toBeTruthy();
    first.unmount();

    showStep(logIn());
    expect((await typeField()).value).toBe('Diploma or provisional certificate');
    expect(screen.queryByText(/What you typed here earlier/)).toBeNull();
    sessionStorage.clear();
    localStorage.clear();
  });
});

describe('deleting a document in the step', () => {
  const passport = {
    id: 3,
    practice_id: 7,
    type: 'identity_document' as const,
    additional_type: null,
    file_name: 'passport.pdf',
    content_type: 'application/pdf',
    size: 4,
    sha256: 'a'.repeat(64),
    created_at: '2026-11-20T10:00:00.000Z',
  };

  it('gives the keyboard to the table’s place, which says none is left, once the last document is deleted, as to the table after any other', async () => {
    let documents = [passport];
    const withDocuments = () => {
      const answer = overview(documents.length > 0 ? ['diploma'] : ['identity_document', 'diploma']);
      return {
        data: { ...answer.data, practices: answer.data.practices.map((entry) => ({ ...entry, documents })) },
      };
    };
    mockApi({
      'GET /documents': () => ({ body: withDocuments() }),
      'DELETE /documents/3': () => {
        documents = [];
        return { status: 204 };
      },
    });
    showStep();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete ID card or passport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the document' }));

    const none = await screen.findByText('No documents uploaded yet.');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // In the step's list of documents, not the page's body or main content around it.
    const attached = screen.getByRole('region', { name: 'Documents of this request' });
    await waitFor(() => expect(attached.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.contains(none)).toBe(true);
  });

  it('tells a refugee who cannot obtain a missing document to contact us with the request’s number, in Italian too; a standard request does not say it', async () => {
    mockApi({ 'GET /documents': { body: overview(['diploma']) } });
    const refugeeRequest = practiceFixture({ wizard_step: 'documents', service: 'refugee_comparability' });
    showStep(undefined, refugeeRequest);
    const contact = await screen.findByRole('link', { name: 'contact us' });
    expect(contact.getAttribute('href')).toBe('/contact');
    expect(contact.parentElement?.textContent).toBe(
      'No way to obtain a document of your studies still missing, as when it stayed behind in the country you left? Choose “I cannot obtain this document” beside it: your request goes on without it, and the evaluator assesses your qualification from what you have. Or contact us, giving the number of your request: 7.',
    );
    cleanup();
    await changeLocale('it-IT');
    try {
      showStep(undefined, refugeeRequest);
      const contatto = await screen.findByRole('link', { name: 'contattaci' });
      expect(contatto.parentElement?.textContent).toBe(
        'Non puoi procurarti un documento dei tuoi studi che manca ancora, per esempio perché è rimasto nel paese che hai lasciato? Scegli «Non posso procurarmi questo documento» accanto al documento: la richiesta prosegue senza, e chi valuta esamina il tuo titolo con quello che hai. Oppure contattaci indicando il numero della tua richiesta: 7.',
      );
      expect(
        screen.getByRole('button', {
          name: 'Non posso procurarmi questo documento Diploma o certificato provvisorio',
        }),
      ).toBeTruthy();
    } finally {
      await changeLocale('en-US');
    }
    cleanup();
    showStep();
    expect(await screen.findByRole('heading', { name: 'Documents this service needs' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'contact us' })).toBeNull();
    expect(screen.queryByRole('button', { name: /I cannot obtain this document/ })).toBeNull();
  });

  it('lets a refugee declare a missing document of their studies unobtainable, never the status certificate, and withdraw it', async () => {
    const required: DocumentType[] = ['identity_document', 'diploma', 'refugee_status_certificate'];
    let declared: { type: DocumentType; explanation: string | null; declared_at: string }[] = [];
    const { calls } = mockApi({
      'GET /documents': () => {
        const body = overview(['diploma', 'refugee_status_certificate'], required);
        const group = body.data.practices[0];
        return {
          body: {
            ...body,
            data: { ...body.data, practices: [{ ...group, unobtainable_documents: declared }] },
          },
        };
      },
      'PUT /practices/7/unobtainable-documents/diploma': (call) => {
        const { explanation } = call.body as { explanation?: string };
        declared = [
          { type: 'diploma', explanation: explanation ?? null, declared_at: '2026-11-20T10:00:00.000Z' },
        ];
        return { body: { data: declared } };
      },
      'DELETE /practices/7/unobtainable-documents/diploma': () => {
        declared = [];
        return { body: { data: declared } };
      },
    });
    showStep(undefined, practiceFixture({ wizard_step: 'documents', service: 'refugee_comparability' }));
    const open = await screen.findByRole('button', {
      name: 'I cannot obtain this document Diploma or provisional certificate',
    });
    // Only the diploma: the status certificate stays required.
    expect(screen.getAllByRole('button', { name: /^I cannot obtain this document/ })).toHaveLength(1);
    await userEvent.click(open);
    await userEvent.type(
      screen.getByRole('textbox', {
        name: 'Why you cannot obtain “Diploma or provisional certificate” (optional)',
      }),
      'Left in Kabul when I fled.',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Declare it unobtainable Diploma or provisional certificate' }),
    );
    expect(
      await screen.findByText(
        'Declared unobtainable: your request goes on without it. You wrote: “Left in Kabul when I fled.”',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      explanation: 'Left in Kabul when I fled.',
    });
    const state = screen.getByText('declared unobtainable');
    expect(state.closest('li')?.textContent).toMatch(
      /^–Diploma or provisional certificate – declared unobtainable/,
    );
    // Nothing of the studies left to declare: the sentence pointing to the declaration goes.
    expect(screen.queryByRole('link', { name: 'contact us' })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Withdraw the declaration Diploma or provisional certificate' }),
    );
    expect(
      await screen.findByRole('button', {
        name: 'I cannot obtain this document Diploma or provisional certificate',
      }),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
