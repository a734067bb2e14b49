import type { DocumentType } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fakeXhr';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { DocumentsStep } from './DocumentsStep';

// jsdom lays nothing out and has no scrollIntoView: Mantine's options list calls it, on a timer,
// to show the selected option when it opens. This file's environment is its own.
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, configurable: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (missing: DocumentType[]) => ({
  data: {
    practices: [
      {
        practice_id: 7,
        status: 'draft',
        status_label: 'draft',
        country: 'FR',
        level: 'higher',
        is_editable: true,
        required_documents: ['identity_document', 'diploma'],
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
    renderComponent(
      <DocumentsStep practice={practiceFixture({ wizard_step: 'documents' })} onSaved={vi.fn()} />,
    );

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
    renderComponent(
      <DocumentsStep practice={practiceFixture({ wizard_step: 'documents' })} onSaved={vi.fn()} />,
    );
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
});
