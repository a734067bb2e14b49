import type { PracticeDocument } from '@lisbon/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fakeXhr';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { DocumentTable } from './DocumentTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const documentOf = (id: number, type: PracticeDocument['type'], fileName: string): PracticeDocument => ({
  id,
  practice_id: 7,
  type,
  additional_type: null,
  file_name: fileName,
  content_type: 'application/pdf',
  size: 4,
  sha256: 'a'.repeat(64),
  created_at: '2026-11-20T10:00:00.000Z',
});

/** The table as a page holds it: the documents it shows change when the API's answer does. */
function renderTable(documents: PracticeDocument[]) {
  let show: (documents: PracticeDocument[]) => void = () => undefined;
  function Page() {
    const [shown, setShown] = useState(documents);
    show = setShown;
    return <DocumentTable documents={shown} caption="Documents of the request" isEditable />;
  }
  renderComponent(<Page />);
  return { show: (next: PracticeDocument[]) => show(next) };
}

describe('deleting a document', () => {
  it('gives the keyboard to the table once the deleted row (and its button) is gone', async () => {
    const passport = documentOf(3, 'identity_document', 'passport.pdf');
    const diploma = documentOf(4, 'diploma', 'diploma.pdf');
    const table = renderTable([passport, diploma]);
    mockApi({
      'DELETE /documents/3': () => {
        table.show([diploma]);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete ID card or passport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(screen.getByRole('button', { name: 'Delete the document' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.queryByText('passport.pdf')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Documents of the request' })),
    );
  });

  it('gives the keyboard to the table when the deleted row goes only after the dialog has closed (/documents)', async () => {
    // As a person who asks for reduced motion (the journeys' browser): the dialog closes at once,
    // before the page's list is read again.
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) =>
      query.includes('prefers-reduced-motion')
        ? { ...matchMedia(query), matches: true, media: query }
        : matchMedia(query),
    );
    const passport = documentOf(3, 'identity_document', 'passport.pdf');
    const diploma = documentOf(4, 'diploma', 'diploma.pdf');
    const table = renderTable([passport, diploma]);
    mockApi({ 'DELETE /documents/3': { status: 204 } });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Delete ID card or passport' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(screen.getByRole('button', { name: 'Delete the document' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // The dialog gave the focus back to the row's button, still there until the list is read again.
    await waitFor(() => expect(document.activeElement).toBe(button));

    act(() => table.show([diploma]));
    expect(screen.queryByText('passport.pdf')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Documents of the request' })),
    );
  });

  it('gives it back to the Delete button when the dialog is cancelled', async () => {
    renderTable([documentOf(3, 'identity_document', 'passport.pdf')]);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Delete ID card or passport' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('the documents a published statement was evaluated on', () => {
  it('offers no replace or delete for them when an appeal asks the applicant, only for those added since', () => {
    const diploma = documentOf(4, 'diploma', 'diploma.pdf');
    const letter = { ...documentOf(5, 'additional', 'letter.pdf'), created_at: '2026-12-02T09:00:00.000Z' };
    renderComponent(
      <DocumentTable
        documents={[diploma, letter]}
        caption="Documents of the request"
        isEditable
        practice={{ status: 'appeal_pending_student_reply', published_at: '2026-12-01T10:00:00.000Z' }}
      />,
    );
    const [, diplomaRow, letterRow] = screen.getAllByRole('row');
    expect(within(diplomaRow!).queryByRole('button', { name: /Delete|Replace/ })).toBeNull();
    expect(within(diplomaRow!).getByText('Evaluated for the statement: kept as it is')).toBeTruthy();
    expect(within(diplomaRow!).getByRole('button', { name: /^Download/ })).toBeTruthy();
    expect(within(letterRow!).getByRole('button', { name: /^Delete/ })).toBeTruthy();
    expect(within(letterRow!).getByRole('button', { name: /^Replace/ })).toBeTruthy();
  });

  it('offers both for every document before the statement is published', () => {
    renderComponent(
      <DocumentTable
        documents={[documentOf(4, 'diploma', 'diploma.pdf')]}
        caption="Documents of the request"
        isEditable
        practice={{ status: 'pending_student_reply', published_at: null }}
      />,
    );
    expect(screen.getByRole('button', { name: /^Delete/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Replace/ })).toBeTruthy();
    // Replace offers what the uploader does, by type and by extension (the domain's acceptedFiles).
    expect(document.querySelector('input[type=file]')?.getAttribute('accept')).toBe(
      'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png',
    );
  });
});

describe('on a phone', () => {
  afterEach(() => setViewport(DESKTOP));

  it('lists the documents as cards, each with its buttons, in no table scrolling sideways', () => {
    setViewport(PHONE);
    renderComponent(
      <DocumentTable
        documents={[
          documentOf(3, 'identity_document', 'passport.pdf'),
          documentOf(4, 'diploma', 'diploma.pdf'),
        ]}
        caption="Documents of the request"
        isEditable
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Documents of the request' })).toBeNull();
    const list = screen.getByRole('list', { name: 'Documents of the request' });
    const [passport, diploma] = within(list).getAllByRole('listitem');
    // Each card holds its own buttons, named by its document.
    for (const card of [passport!, diploma!])
      for (const action of ['Download', 'Replace', 'Delete'])
        expect(within(card).getByRole('button', { name: new RegExp(`^${action} `) })).toBeTruthy();
    expect(within(passport!).getByRole('button', { name: 'Delete ID card or passport' })).toBeTruthy();
    expect(within(passport!).getByText('passport.pdf')).toBeTruthy();
    expect(within(passport!).getByText('Size')).toBeTruthy();
  });
});

describe('replacing a document', () => {
  it('sends the same file again when it is chosen again (after a failed replacement, say)', async () => {
    const xhr = installFakeXhr();
    const passport = documentOf(3, 'identity_document', 'passport.pdf');
    renderTable([passport]);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const file = new File(['%PDF'], 'passport-new.pdf', { type: 'application/pdf' });
    // user-event, as a browser, fires no change when the file chosen is the one the input holds.
    await userEvent.upload(input, file);
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]?.respond(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.' });

    await userEvent.upload(input, file);
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect((xhr.sent[1]?.field('file') as File).name).toBe('passport-new.pdf');
  });
});
