import { VERIFY_MAX_BYTES, type CertificateStatus, type Verification } from '@lisbon/domain';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { certificateStatusQuery } from '../api/verify';

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
  anchor: null,
  checks: [],
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
  it('takes a PDF dropped on its target and refuses any other file there, saying why', async () => {
    const api = mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: { body: { data: answer({ result: 'valid', reason: 'original' }) } },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    const target = screen.getByText('Drop the statement PDF here').closest('.file-drop');
    if (!target) throw new Error('no drop target');
    const drop = (file: File) =>
      fireEvent.drop(target, { dataTransfer: { files: [file], types: ['Files'] } });

    drop(new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(liveRegion().textContent).toContain('Not a PDF file: choose the statement’s PDF.'),
    );
    expect(liveRegion().textContent).toContain('photo.gif');
    // The polite region announces the refusal once: nothing in it is an assertive alert too.
    expect(within(liveRegion()).queryByRole('alert')).toBeNull();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(0);

    drop(pdf('dropped.pdf'));
    await waitFor(() => expect(within(liveRegion()).getByText('Valid')).toBeTruthy());
    expect(within(liveRegion()).getByText('File checked: dropped.pdf')).toBeTruthy();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(1);
  });

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

  it('renders the answer after the update that brought it, in a render of its own (decision 082)', async () => {
    // A query's update is synchronous; the answer (and the first date the browser formats) is
    // rendered with useDeferredValue, in a render React may interrupt. So the update's own commit
    // has the answer in the cache and not on screen, and a later commit shows it.
    // The update is made here, not by the API's answer: React Query's notice comes synchronously and
    // React renders it at once (flushSync), so no other render of a busy machine can take it along.
    // The API answers last (the client shares a GET in flight, so an answer never given would
    // hold the next tests' too).
    let answer = () => {};
    const isAnswered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    onTestFinished(() => answer());
    mockApi({
      [`GET /verify/${ID}`]: async () => {
        await isAnswered;
        return { body: { data: status('published') } };
      },
    });
    const commits: { isAnswerCached: boolean; isAnswerShown: boolean }[] = [];
    let isCached = () => false;
    const Recorded = ({ children }: { children: ReactNode }) => (
      <Profiler
        id="page"
        onRender={() =>
          commits.push({
            isAnswerCached: isCached(),
            isAnswerShown: document.body.textContent.includes('published on'),
          })
        }
      >
        {children}
      </Profiler>
    );
    const { queryClient } = renderApp(`/verify/${ID}`, { wrapper: Recorded });
    isCached = () => queryClient.getQueryData(certificateStatusQuery(ID).queryKey) !== undefined;
    // The statement's section is on screen, waiting for the answer.
    within(await screen.findByRole('region', { name: /^Statement id/ })).getByLabelText(/^Loading/);
    commits.length = 0;

    notifyManager.setScheduler((notify) => notify());
    try {
      act(() => {
        flushSync(() => queryClient.setQueryData(certificateStatusQuery(ID).queryKey, status('published')));
        expect(commits).toContainEqual({ isAnswerCached: true, isAnswerShown: false });
      });
    } finally {
      notifyManager.setScheduler(defaultScheduler);
    }
    expect(await screen.findByText(/published on February 10, 2026/)).toBeTruthy();
    expect(commits.at(-1)).toEqual({ isAnswerCached: true, isAnswerShown: true });
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
    expect(within(region).getByRole('group', { name: 'Valid' })).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
    // One verdict: the title says it and names the group, the reason does not say it again.
    expect(within(region).getByText(/^This file is the original statement/)).toBeTruthy();
    expect(region.textContent.match(/valid/gi)).toHaveLength(1);
    expect(within(region).getByText('M**** R****')).toBeTruthy();
    expect(within(region).getByText('Licence de biologie')).toBeTruthy();
    expect(within(region).getByText(HASH)).toBeTruthy();
    // The ledger entry opens as a page of the portal, not as the API's JSON (issue 14).
    expect(within(region).getByRole('link', { name: 'See the ledger entry' }).getAttribute('href')).toBe(
      `/ledger/${HASH}`,
    );
    expect(within(region).getByText('File checked: statement.pdf')).toBeTruthy();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(1);
    expect(api.callsTo(`POST /verify/${ID}`)[0]?.headers.get('authorization')).toBeNull();
  });

  it.each([
    ['not_original', /any change makes a copy invalid/i],
    ['other_statement', /not the one with this id/],
    ['superseded', /^Superseded by an amendment/],
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
    expect(within(region).getByRole('group', { name: 'NOT valid' })).toBeTruthy();
    expect(within(region).getByText(words)).toBeTruthy();
    expect(within(region).queryByText('Valid')).toBeNull();
    expect(region.textContent.match(/NOT valid/g)).toHaveLength(1);
  });

  it('lists each step of the check with its outcome and why, and the blockchain record with its receipt', async () => {
    const transaction = `0x${'a'.repeat(64)}`;
    mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: {
        body: {
          data: answer({
            result: 'valid',
            reason: 'original',
            anchor: {
              state: 'anchored',
              chain_id: 31337,
              chain_name: null,
              block_number: 42,
              block_time: '2026-02-10T10:12:00.000Z',
              transaction_hash: transaction,
              explorer_url: null,
            },
            checks: [
              { step: 'file', outcome: 'passed', reason: 'file_matches', values: {} },
              { step: 'entry', outcome: 'passed', reason: 'entry_intact', values: { hash: HASH } },
              {
                step: 'path',
                outcome: 'passed',
                reason: 'path_leads_to_root',
                values: { root: HASH, steps: '3' },
              },
              {
                step: 'transaction',
                outcome: 'unavailable',
                reason: 'node_unreachable',
                values: { transaction, block: '42', chain: '31337', sender: '0x1', root: `0x${HASH}` },
              },
            ],
          }),
        },
      },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(pdf());
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('The steps of the check')).toBeTruthy());
    const steps = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps[0]).toMatch(/^Step 1: The file is the one the ledger sealed: ✓ Passed/);
    expect(steps[2]).toMatch(/Merkle path \(3 steps\) gives exactly the root c{64}/);
    expect(steps[3]).toMatch(/^Step 4: The batch is recorded on the blockchain: \? Could not be checked now/);
    expect(steps[3]).toMatch(/could not be reached/);
    // At 375 px only a hash may wrap mid-word; the explanation's words wrap between words.
    const message = within(region).getByText(/The entry’s content hashes to its hash/);
    expect(message.style.wordBreak).toBe('');
    const hash = within(message).getByText(HASH);
    expect(hash.style.overflowWrap).toBe('anywhere');
    expect(within(region).getByText('chain id 31337')).toBeTruthy();
    expect(within(region).getByText(transaction)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Download the proof (JSON receipt)' })).toBeTruthy();
  });

  it('says which step failed and why in the visitor’s language, and that a ledger-only record has no chain to check', async () => {
    await changeLocale('it-IT');
    mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: {
        body: {
          data: answer({
            anchor: { state: 'off' },
            checks: [
              {
                step: 'file',
                outcome: 'failed',
                reason: 'file_differs',
                values: { actual: 'a'.repeat(64), expected: HASH },
              },
              { step: 'entry', outcome: 'skipped', reason: 'earlier_step_failed', values: {} },
              { step: 'path', outcome: 'skipped', reason: 'earlier_step_failed', values: {} },
              { step: 'transaction', outcome: 'skipped', reason: 'earlier_step_failed', values: {} },
            ],
          }),
        },
      },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/pubblicato/);
    choose(pdf('copia.pdf'));
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('I passaggi della verifica')).toBeTruthy());
    const steps = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps[0]).toMatch(/^Passaggio 1: Il file è quello sigillato nel registro: ✗ Non superato/);
    expect(steps[0]).toMatch(
      new RegExp(`L’impronta SHA-256 del file è a{64}, ma la voce di sigillo contiene c{64}`),
    );
    expect(steps[1]).toMatch(/Non verificato, perché un passaggio precedente non è riuscito\./);
    expect(within(region).getByText(/registrato solo nel registro dell’ente/)).toBeTruthy();
  });

  it.each([
    ['en-US', 'The steps of the check', 'Not anchored on a public chain'],
    ['it-IT', 'I passaggi della verifica', 'Non ancorato su una blockchain pubblica'],
  ] as const)(
    'on a valid result, says neutrally that a ledger-only record is not anchored on a public chain (%s)',
    async (locale, title, notAnchored) => {
      await changeLocale(locale);
      mockApi({
        [`GET /verify/${ID}`]: { body: { data: status('published') } },
        [`POST /verify/${ID}`]: {
          body: {
            data: answer({
              result: 'valid',
              reason: 'original',
              anchor: { state: 'off' },
              checks: [
                { step: 'file', outcome: 'passed', reason: 'file_matches', values: {} },
                { step: 'entry', outcome: 'passed', reason: 'entry_intact', values: { hash: HASH } },
                { step: 'path', outcome: 'skipped', reason: 'anchoring_off', values: {} },
                { step: 'transaction', outcome: 'skipped', reason: 'anchoring_off', values: {} },
              ],
            }),
          },
        },
      });
      renderApp(`/verify/${ID}`);
      await screen.findByText(/published on|pubblicato/);
      choose(pdf());
      const region = liveRegion();
      await waitFor(() => expect(within(region).getByText(title)).toBeTruthy());
      const steps = within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(steps[2]).toContain(`: – ${notAnchored}`);
      expect(steps[3]).toContain(`: – ${notAnchored}`);
      expect(steps.join(' ')).not.toMatch(/Not checked|Non verificato/);
    },
  );

  it('says a statement not yet published is not published, before and after the upload, once under its title', async () => {
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
    // The title says it; the line under it says what follows, not "not yet published" again.
    expect(
      within(liveRegion()).getByText('Its publication is still under way: please try again later.'),
    ).toBeTruthy();
    expect(within(liveRegion()).getAllByText(/not yet published/i)).toHaveLength(1);
  });

  it('says an unknown id is unknown, in Italian too', async () => {
    await changeLocale('it-IT');
    mockApi({ [`GET /verify/${ID}`]: { body: { data: status('unknown') } } });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText(/Non esiste alcun attestato con questo codice/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verifica un attestato');
  });

  it.each([
    [
      'en-US',
      'NOT valid',
      /The id in the address may be mistyped: .* printed on the statement’s PDF under “Check this statement”/,
    ],
    [
      'it-IT',
      'NON valido',
      /Il codice nell’indirizzo potrebbe essere sbagliato: .* stampato nel PDF dell’attestato, sotto “Verifica questo attestato”/,
    ],
  ] as const)(
    'keeps NOT valid for a good file under an unknown id, and says the id may be mistyped and where it is (%s)',
    async (locale, verdict, words) => {
      await changeLocale(locale);
      mockApi({
        [`GET /verify/${ID}`]: { body: { data: status('unknown') } },
        [`POST /verify/${ID}`]: { body: { data: answer({ reason: 'unknown_id' }) } },
      });
      renderApp(`/verify/${ID}`);
      await screen.findByText(locale === 'en-US' ? /There is no statement/ : /Non esiste alcun attestato/);
      choose(pdf());
      const region = liveRegion();
      await waitFor(() => expect(within(region).getByText(verdict)).toBeTruthy());
      expect(within(region).getByText(words)).toBeTruthy();
    },
  );

  it('refuses a file that is not a PDF chosen with the button as it does a dropped one, without sending it', async () => {
    const api = mockApi({ [`GET /verify/${ID}`]: { body: { data: status('published') } } });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(new File(['\x89PNG\r\n'], 'photo.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(
        within(liveRegion()).getByText('“photo.png”: Not a PDF file: choose the statement’s PDF.'),
      ).toBeTruthy(),
    );
    expect(within(liveRegion()).queryByText('NOT valid')).toBeNull();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(0);
  });

  it('reads a PDF by its first bytes, not by its type or name: a PNG renamed .pdf is refused', async () => {
    const api = mockApi({ [`GET /verify/${ID}`]: { body: { data: status('published') } } });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(new File(['\x89PNG\r\n\x1a\n'], 'x.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(
        within(liveRegion()).getByText('“x.pdf”: Not a PDF file: choose the statement’s PDF.'),
      ).toBeTruthy(),
    );
    expect(within(liveRegion()).queryByText('NOT valid')).toBeNull();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(0);
  });

  it('sends a PDF with no extension and no PDF type, by its bytes', async () => {
    const api = mockApi({
      [`GET /verify/${ID}`]: { body: { data: status('published') } },
      [`POST /verify/${ID}`]: { body: { data: answer({ result: 'valid', reason: 'original' }) } },
    });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    choose(new File(['%PDF-1.7 original'], 'statement', { type: 'application/octet-stream' }));
    await waitFor(() => expect(within(liveRegion()).getByText('Valid')).toBeTruthy());
    expect(within(liveRegion()).getByText('File checked: statement')).toBeTruthy();
    expect(api.callsTo(`POST /verify/${ID}`)).toHaveLength(1);
  });

  it('refuses a file over the limit without sending it, naming the file', async () => {
    const api = mockApi({ [`GET /verify/${ID}`]: { body: { data: status('published') } } });
    renderApp(`/verify/${ID}`);
    await screen.findByText(/published on/);
    const huge = new Uint8Array(VERIFY_MAX_BYTES + 1);
    huge.set(new TextEncoder().encode('%PDF-1.7'));
    choose(new File([huge], 'huge.pdf', { type: 'application/pdf' }));
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
  it('checks the same file again when it is chosen again, after a refusal as after an answer', async () => {
    const api = mockApi({
      'POST /verify': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' },
      },
    });
    renderApp('/verify');
    // The page's heading, not the first load's ("Loading the page", heard only).
    await screen.findByRole('heading', { level: 1, name: 'Verify a statement' });
    const input = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    if (!input) throw new Error('no file input');
    const file = pdf();
    // user-event, as a browser, fires no change when the file chosen is the one the input holds.
    await userEvent.upload(input, file);
    await waitFor(() =>
      expect(within(liveRegion()).getByText('Too many attempts. Please wait and try again.')).toBeTruthy(),
    );
    await userEvent.upload(input, file);
    await waitFor(() => expect(api.callsTo('POST /verify')).toHaveLength(2));
  });
  it('takes the PDF alone and says what the API found it to be', async () => {
    const api = mockApi({
      'POST /verify': { body: { data: answer({ result: 'valid', reason: 'original' }) } },
    });
    renderApp('/verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a statement' })).toBeTruthy();
    expect(screen.queryByText('Statement id', { exact: false })).toBeNull();
    choose(pdf());
    const region = liveRegion();
    await waitFor(() => expect(within(region).getByText('Valid')).toBeTruthy());
    expect(api.callsTo('POST /verify')).toHaveLength(1);
    expect(api.calls.filter((call) => call.path.startsWith('/verify/'))).toEqual([]);
    // "Check another file" offers PDF files only: a statement is always one (not the documents' JPEG and PNG).
    await screen.findByRole('button', { name: 'Check another file' });
    const chooser = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')].at(-1);
    expect(chooser?.getAttribute('accept')).toBe('application/pdf,.pdf');
  });

  it('says a chosen file that is not a PDF is not one, in Italian too, and sends nothing', async () => {
    await changeLocale('it-IT');
    const api = mockApi({ 'POST /verify': { body: { data: answer({}) } } });
    renderApp('/verify');
    await screen.findByRole('heading', { level: 1, name: 'Verifica un attestato' });
    // No type from the system: the extension tells.
    choose(new File(['\x89PNG\r\n'], 'foto.png', { type: '' }));
    await waitFor(() =>
      expect(
        within(liveRegion()).getByText('“foto.png”: Non è un file PDF: scegli il PDF dell’attestato.'),
      ).toBeTruthy(),
    );
    expect(within(liveRegion()).queryByText('NON valido')).toBeNull();
    expect(api.callsTo('POST /verify')).toHaveLength(0);
  });
});
