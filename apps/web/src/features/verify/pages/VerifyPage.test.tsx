import { VERIFY_MAX_BYTES, type CertificateStatus, type Verification } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ID = '3f1c2a9e-7b4d-4e21-9c55-0a8d6e2f1b77';
const HASH = 'c'.repeat(64);

const status = (state: CertificateStatus['state']): CertificateStatus => ({
  certificate_id: ID,
  state,
  published_at: state === 'published' ? '2026-02-10T10:00:00.000Z' : null,
  certificate_authority: 'Demo Evaluation Centre (DEMO)',
  max_upload_bytes: VERIFY_MAX_BYTES,
});

const answer = (verification: Partial<Verification>): Verification => ({
  certificate_id: ID,
  result: 'not_valid',
  reason: 'not_original',
  message: 'server wording',
  details: null,
  ...verification,
});

function choose(file: File) {
  const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const pdf = (name = 'statement.pdf') => new File(['%PDF-1.7 original'], name, { type: 'application/pdf' });
const liveRegion = () => screen.getByRole('status');

describe('the public verification page', () => {
  it('says what the id is, asks for the file with its size limit, and has one h1', async () => {
    mockApi({ [`GET /verify/${ID}`]: { body: { data: status('published') } } });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText(/published on February 10, 2026 by Demo Evaluation Centre/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verify a statement');
    expect(
      screen.getByText('One PDF file, at most 10 MB. The file is only checked, never kept.'),
    ).toBeTruthy();
    expect(liveRegion().textContent).toBe('');
  });

  it('announces a valid original in green words, with the masked holder and the transaction hash', async () => {
    const api = mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: {
        body: {
          data: answer({
            result: 'valid',
            reason: 'original',
            details: {
              qualification_name: 'Licence de biologie',
              published_at: '2026-02-10T10:00:00.000Z',
              transaction_hash: HASH,
              holder_name: 'M**** R****',
              certificate_authority: 'Demo Evaluation Centre (DEMO)',
            },
          }),
        },
      },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(pdf());
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('Valid')).toBeTruthy());
    expect(within(region).getByText(/this file is the original statement/)).toBeTruthy();
    expect(within(region).getByText('M**** R****')).toBeTruthy();
    expect(within(region).getByText('Licence de biologie')).toBeTruthy();
    expect(within(region).getByText(HASH)).toBeTruthy();
    expect(within(region).getByText('File checked: statement.pdf')).toBeTruthy();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(1);
    expect(api.callsTo(`POST /verify/${ID}`)[0]?.headers.get('authorization')).toBeNull();
  });

  it.each([
    ['not_original', /any change makes a copy invalid/i],
    ['other_statement', /not the one with this id/],
    ['superseded', /superseded by an amendment/],
  ] as const)('announces NOT valid with the reason %s in plain words', async (reason, words) => {
    mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: { body: { data: answer({ reason }) } },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(pdf('copy.pdf'));
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('NOT valid')).toBeTruthy());
    expect(within(region).getByText(words)).toBeTruthy();
    expect(within(region).queryByText('Valid')).toBeNull();
  });

  it('says a statement not yet published is not published, before and after the upload', async () => {
    mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('pending') } },
      [`POST /verify/${ID}`]: {
        body: { data: answer({ result: 'not_published', reason: 'not_yet_published' }) },
      },
    });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText(/not yet published\. Please try again later/)).toBeTruthy();
    choose(pdf());
    await waitFor(() => expect(within(liveRegion()).getByText('Not yet published')).toBeTruthy());
    expect(
      within(liveRegion()).getByText('The certificate is not yet published. Please try again later.'),
    ).toBeTruthy();
  });

  it('says an unknown id is unknown, in Italian too', async () => {
    await changeLocale('it-IT');
    mockApi({ [`GET /verify/${ID}`]: { body: { data: status('unknown') } } });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText(/Non esiste alcun attestato con questo codice/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verifica un attestato');
  });

  it('refuses a file over the limit without sending it', async () => {
    const api = mockApi({ [`GET /verify/${ID}`]: { body: { data: status('published') } } });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(new File([new Uint8Array(VERIFY_MAX_BYTES + 1)], 'huge.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(
        within(liveRegion()).getByText('“huge.pdf”: The file is too large: the maximum size is 10 MB.'),
      ).toBeTruthy(),
    );
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(0);
  });

  it('shows the API’s refusal, such as too many attempts', async () => {
    mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' },
      },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(pdf());
    await waitFor(() =>
      expect(within(liveRegion()).getByText('Too many attempts. Please wait and try again.')).toBeTruthy(),
    );
  });
});

describe('the verification page without an id (issue 14)', () => {
  it('takes the PDF alone and says what the API found it to be', async () => {
    const api = mockApi({
      'POST /verify': { body: { data: answer({ result: 'valid', reason: 'original' }) } },
    });
    renderApp('/verify');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Verify a statement');
    expect(screen.queryByText('Statement id', { exact: false })).toBeNull();
    choose(pdf());
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('Valid')).toBeTruthy());
    expect(api.callsTo('POST /verify')).toHaveLength(1);
    expect(api.calls.filter((call) => call.path.startsWith('/verify/'))).toEqual([]);
  });
});
