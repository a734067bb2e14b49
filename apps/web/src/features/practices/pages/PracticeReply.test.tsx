import type { PracticeDocument, ThreadMessage } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { installFakeXhr } from '@/test/fakeXhr';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const question: ThreadMessage = {
  id: 1,
  side: 'staff',
  author_name: null,
  body: 'Please send the transcript of records, translated.',
  requested_documents: ['transcript_of_records'],
  documents: [],
  created_at: '2026-11-12T10:00:00.000Z',
};

const waiting = practiceFixture({
  status: 'pending_student_reply',
  status_label: 'cimea request',
  requested_at: '2026-11-02T09:00:00.000Z',
  pending_question: {
    message: question.body,
    requested_documents: question.requested_documents,
    asked_at: question.created_at,
  },
});

const transcript: PracticeDocument = {
  id: 31,
  practice_id: 7,
  type: 'transcript_of_records',
  additional_type: null,
  file_name: 'transcript.pdf',
  content_type: 'application/pdf',
  size: 4,
  sha256: 'b'.repeat(64),
  created_at: '2026-11-13T10:00:00.000Z',
};

describe('a request waiting for the applicant', () => {
  it('does not send the reply while a file chosen is not attached: it says so, with focus on it', async () => {
    const asking = practiceFixture({
      ...waiting,
      pending_question: { message: question.body, requested_documents: [], asked_at: question.created_at },
    });
    const api = mockApi({
      'GET /practices/7': { body: { data: asking } },
      'GET /practices/7/messages': { body: { data: [{ ...question, requested_documents: [] }] } },
      'POST /practices/7/reply': {
        body: { data: asking, meta: { notice: 'messageSent', message: 'Message sent' } },
      },
    });
    const xhr = installFakeXhr();
    renderApp('/practices/7', { queryClient: logIn() });
    await userEvent.type(await screen.findByLabelText(/^Your message/), 'Here it is.');
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByRole('button', { name: 'Send “notes.pdf”' });

    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    const message = await screen.findByText(
      'Your document “notes.pdf” is not attached yet: say which document it is and send it with its own Send button, or remove it.',
    );
    expect(document.activeElement?.contains(message)).toBe(true);
    expect(api.callsTo('POST /practices/7/reply')).toHaveLength(0);

    // Removed, the reply goes without it, as the applicant chose.
    await userEvent.click(screen.getByRole('button', { name: 'Remove “notes.pdf”' }));
    expect(screen.queryByText(/is not attached yet/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(1));
    expect(xhr.sent).toHaveLength(0);
  });

  it('sends the reply again with the same Idempotency-Key after a lost answer, and a changed one with a new key', async () => {
    const asking = practiceFixture({
      ...waiting,
      pending_question: { message: question.body, requested_documents: [], asked_at: question.created_at },
    });
    let answers = 0;
    const api = mockApi({
      'GET /practices/7': { body: { data: asking } },
      'GET /practices/7/messages': { body: { data: [{ ...question, requested_documents: [] }] } },
      'POST /practices/7/reply': () => {
        answers += 1;
        return answers < 3
          ? { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } }
          : { body: { data: asking, meta: { notice: 'messageSent', message: 'Message sent' } } };
      },
    });
    renderApp('/practices/7', { queryClient: logIn() });
    const message = await screen.findByLabelText(/^Your message/);
    await userEvent.type(message, 'In 2019.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(1));
    // The answer lost: the form keeps the reply for another press.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send the reply' }).getAttribute('data-loading')).toBeNull(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(2));
    await userEvent.type(message, ' In Lisbon.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(3));
    const keys = api.callsTo('POST /practices/7/reply').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the question and the thread, and sends the reply with its documents', async () => {
    const replied = {
      ...waiting,
      status: 'in_evaluation',
      status_label: 'in evaluation',
      pending_question: null,
    };
    const api = mockApi({
      'GET /practices/7': () => ({
        body: { data: api.callsTo('POST /practices/7/reply').length > 0 ? replied : waiting },
      }),
      'GET /practices/7/messages': { body: { data: [question] } },
      'POST /practices/7/reply': {
        body: { data: replied, meta: { notice: 'messageSent', message: 'Message sent' } },
      },
    });
    const xhr = installFakeXhr((request) => request.respond(201, { data: transcript }));
    renderApp('/practices/7', { queryClient: logIn() });

    expect(await screen.findByText('We need something from you')).toBeTruthy();
    expect(screen.getAllByText('request for information').length).toBeGreaterThan(0);
    expect(screen.queryByText('cimea request')).toBeNull();
    expect(await screen.findByRole('article', { name: 'Message from Evaluation office' })).toBeTruthy();
    expect(screen.getAllByText('Please send the transcript of records, translated.')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /practices/7/reply')).toHaveLength(0);

    // A message without the document asked for: the form names it, and sends nothing.
    expect(screen.getByRole('heading', { level: 3, name: 'Attach the documents we ask for' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Your message/), 'Here is the translated transcript.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    expect(
      await screen.findByText('Attach the documents we ask for before sending: Transcript of records.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /practices/7/reply')).toHaveLength(0);

    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['%PDF'], 'transcript.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]?.field('type')).toBe('transcript_of_records');
    expect(xhr.sent[0]?.field('practice_id')).toBe('7');
    expect(await screen.findByRole('button', { name: 'Remove transcript.pdf' })).toBeTruthy();
    // Attached: the form no longer asks for it.
    expect(screen.queryByText(/^Attach the documents we ask for before sending/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));

    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(1));
    expect(api.callsTo('POST /practices/7/reply')[0]?.body).toEqual({
      message: 'Here is the translated transcript.',
      document_ids: [31],
    });
    expect(await screen.findByText('Message sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('We need something from you')).toBeNull());
    // The form went with the question: focus on the messages, where the reply now stands.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Messages' }));
  });

  it('takes a document uploaded since the question on the documents page, not one held before', async () => {
    const heldBefore = {
      ...transcript,
      id: 30,
      file_name: 'old.pdf',
      created_at: '2026-11-10T10:00:00.000Z',
    };
    const uploadedSince: PracticeDocument = {
      ...transcript,
      id: 32,
      type: 'translation',
      file_name: 'translation.pdf',
    };
    const asking = practiceFixture({
      ...waiting,
      documents: [heldBefore, uploadedSince],
      pending_question: {
        message: question.body,
        requested_documents: ['transcript_of_records', 'translation'],
        asked_at: question.created_at,
      },
    });
    const api = mockApi({
      'GET /practices/7': { body: { data: asking } },
      'GET /practices/7/messages': { body: { data: [question] } },
    });
    renderApp('/practices/7', { queryClient: logIn() });
    await userEvent.type(
      await screen.findByLabelText(/^Your message/),
      'The translation is on the documents page.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    // The translation came since the question; the transcript the request held before does not answer it.
    expect(
      await screen.findByText('Attach the documents we ask for before sending: Transcript of records.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /practices/7/reply')).toHaveLength(0);
  });

  it('names the documents the API refuses the reply for, when the page thought it had them', async () => {
    const uploadedSince = { ...transcript, id: 32 };
    const api = mockApi({
      'GET /practices/7': { body: { data: practiceFixture({ ...waiting, documents: [uploadedSince] }) } },
      'GET /practices/7/messages': { body: { data: [question] } },
      'POST /practices/7/reply': {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          errors: {
            'requested_documents.transcript_of_records': [
              'This document was asked for: attach it to your reply',
            ],
          },
        },
      },
    });
    renderApp('/practices/7', { queryClient: logIn() });
    await userEvent.type(await screen.findByLabelText(/^Your message/), 'It is on the documents page.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the reply' }));
    await waitFor(() => expect(api.callsTo('POST /practices/7/reply')).toHaveLength(1));
    expect(api.callsTo('POST /practices/7/reply')[0]?.body).toEqual({
      message: 'It is on the documents page.',
      document_ids: [],
    });
    expect(
      await screen.findByText('Attach the documents we ask for before sending: Transcript of records.'),
    ).toBeTruthy();
  });

  it('marks nothing required in its optional documents, yet asks the type of a chosen file (en-US, it-IT)', async () => {
    const asking = practiceFixture({
      ...waiting,
      pending_question: { message: question.body, requested_documents: [], asked_at: question.created_at },
    });
    mockApi({
      'GET /practices/7': { body: { data: asking } },
      'GET /practices/7/messages': { body: { data: [{ ...question, requested_documents: [] }] } },
    });
    const xhr = installFakeXhr((request) => request.respond(201, { data: transcript }));
    for (const [locale, replyTitle, attachTitle, typeLabel, required] of [
      ['en-US', 'Your reply', 'Attach documents (optional)', /^Document type/, 'This field is required'],
      [
        'it-IT',
        'La tua risposta',
        'Allega documenti (facoltativo)',
        /^Tipo di documento/,
        'Questo campo è obbligatorio',
      ],
    ] as const) {
      await changeLocale(locale);
      try {
        renderApp('/practices/7', { queryClient: logIn() });
        const reply = await screen.findByRole('region', { name: replyTitle });
        expect(within(reply).getByRole('heading', { level: 3, name: attachTitle })).toBeTruthy();
        // The message is required, and marked so; the optional documents' type is not, while no file is chosen.
        const type = within(reply).getByLabelText(typeLabel, { selector: 'input' });
        expect(type.hasAttribute('required')).toBe(false);
        expect(type.getAttribute('aria-required')).not.toBe('true');
        expect(document.querySelector(`label[for="${type.id}"] .mantine-InputWrapper-required`)).toBeNull();
        const input = reply.querySelector<HTMLInputElement>('input[type=file]');
        fireEvent.change(input as HTMLInputElement, {
          target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] },
        });
        // A file chosen still needs its type: said on the field, and nothing sent.
        await waitFor(() => expect(type.getAttribute('aria-invalid')).toBe('true'));
        expect(within(reply).getAllByText(required).length).toBeGreaterThan(0);
        expect(xhr.sent).toHaveLength(0);
      } finally {
        cleanup();
        await changeLocale('en-US');
      }
    }
  });
});
