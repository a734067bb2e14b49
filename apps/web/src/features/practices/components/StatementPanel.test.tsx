import type { PublishedStatement } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { saveBlob } from '@/shared/ui/saveBlob';
import { findAlert } from '@/test/alerts';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { statementQuery } from '../api/statement';
import { StatementPanel } from './StatementPanel';

vi.mock('@/shared/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(saveBlob).mockClear();
  vi.unstubAllGlobals();
});

const ID = '3f1c2a9e-7b4d-4e21-9c55-0a8d6e2f1b77';

const published: PublishedStatement = {
  status: 'published',
  certificate_id: ID,
  transaction_hash: 'd'.repeat(64),
  ledger_hash: 'd'.repeat(64),
  anchor: { state: 'off' },
  published_at: '2026-02-10T10:00:00.000Z',
  verify_url: `http://localhost:3000/verify/${ID}`,
  pdf: { size: 26000, sha256: 'e'.repeat(64) },
  certificate: {
    reference_id: ID,
    holder_name: 'Maria Rossi',
    birth_date: '1997-04-18',
    classification: 'EQF level 6',
    awarding_institution: 'Université de Lyon',
    award_year: 2019,
    institution_status: null,
    country_of_studies: 'FR',
    country_of_education_system: 'FR',
    teaching_institution: null,
    qualification_type: 'Licence',
    major: null,
    qualification_name: 'Licence de biologie',
    workload: '180 ECTS',
    duration: '3 years full time',
    deqar_id: null,
    whed_id: null,
    access_requirements: null,
    access_to_further_studies: null,
    evaluation_notes: null,
    request_id: 7,
    certificate_authority: 'Demo Evaluation Centre (DEMO)',
    publish_date: '2026-02-10T10:00:00.000Z',
    locale: 'en-US',
  },
};

const panel = (status: 'ready_for_issue' | 'published' | 'in_review' = 'published') =>
  renderComponent(
    <MemoryRouter>
      <StatementPanel practice={{ id: 7, status }} />
    </MemoryRouter>,
  );

/** Says when the statement's answer has come: the panel beside it renders that answer in the same pass. */
function Answered() {
  return useQuery(statementQuery(7)).isSuccess ? <p>answered</p> : null;
}

describe('the statement on the request detail', () => {
  it('tells the applicant to try again later while publication is pending', async () => {
    let isPending = true;
    mockApi({
      'GET /practices/7/statement': () =>
        isPending
          ? { status: 202, body: { data: { status: 'pending', requested_at: '2026-02-10T09:59:00.000Z' } } }
          : { body: { data: published } },
    });
    panel('ready_for_issue');
    expect(
      await screen.findByText('Publication of your statement is still pending. Please try again later.'),
    ).toBeTruthy();
    isPending = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('button', { name: 'Download the statement (PDF)' })).toBeTruthy();
  });

  it('shows the certificate fields, the verification page and the download', async () => {
    mockApi({ 'GET /practices/7/statement': { body: { data: published } } });
    panel();
    expect(await screen.findByText('Licence de biologie')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Statement' })).toBeTruthy();
    expect(screen.getByText('Maria Rossi')).toBeTruthy();
    expect(screen.getByText('April 18, 1997')).toBeTruthy();
    expect(screen.getAllByText('France')).toHaveLength(2);
    expect(screen.getByText('d'.repeat(64))).toBeTruthy();
    const link = screen.getByRole('link', { name: published.verify_url });
    expect(link.getAttribute('href')).toBe(`/verify/${ID}`);
  });

  it('saves the signed PDF, and says spec §8’s export message when that fails', async () => {
    let isBroken = false;
    mockApi({
      'GET /practices/7/statement': { body: { data: published } },
      'GET /practices/7/statement/pdf': () => (isBroken ? { status: 500, body: {} } : { body: {} }),
    });
    panel();
    await userEvent.click(await screen.findByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `statement-${ID}.pdf`));
    isBroken = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    await findAlert('An error occurred while exporting your document. Try again on another browser.');
  });

  it('saves the PDF under a name in the language in use, as its button is worded', async () => {
    mockApi({
      'GET /practices/7/statement': { body: { data: published } },
      'GET /practices/7/statement/pdf': { body: {} },
    });
    await i18n.changeLanguage('it-IT');
    try {
      panel();
      await userEvent.click(await screen.findByRole('button', { name: 'Scarica l’attestato (PDF)' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `attestato-${ID}.pdf`));
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('says plainly that the record is on the body’s own ledger only when nothing is anchored', async () => {
    mockApi({ 'GET /practices/7/statement': { body: { data: published } } });
    panel();
    expect(await screen.findByRole('heading', { level: 3, name: 'Record on the blockchain' })).toBeTruthy();
    expect(screen.getByText(/recorded on the issuing body’s own ledger only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the proof (JSON receipt)' })).toBeNull();
  });

  it('says anchoring pending until the anchor is final', async () => {
    mockApi({
      'GET /practices/7/statement': { body: { data: { ...published, anchor: { state: 'pending' } } } },
    });
    panel();
    expect(await screen.findByText(/^Anchoring pending:/)).toBeTruthy();
  });

  it('shows the chain, the block, the linked transaction and its time once anchored, and saves the receipt', async () => {
    const transaction = `0x${'a'.repeat(64)}`;
    const anchored: PublishedStatement = {
      ...published,
      transaction_hash: transaction,
      anchor: {
        state: 'anchored',
        chain_id: 11155111,
        chain_name: 'Ethereum Sepolia',
        block_number: 7_654_321,
        block_time: '2026-02-10T10:12:00.000Z',
        transaction_hash: transaction,
        explorer_url: `https://sepolia.etherscan.io/tx/${transaction}`,
      },
    };
    mockApi({
      'GET /practices/7/statement': { body: { data: anchored } },
      [`GET /verify/${ID}/receipt`]: { body: { format: 'lisbon-anchor-receipt/1' } },
    });
    panel();
    expect(await screen.findByText('Ethereum Sepolia')).toBeTruthy();
    expect(screen.getByText('7654321')).toBeTruthy();
    const links = screen.getAllByRole('link', {
      name: `${transaction} (on the block explorer, opens another site)`,
    });
    // The certificate's transaction hash and the anchor's transaction: the same chain transaction.
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe(`https://sepolia.etherscan.io/tx/${transaction}`);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('d'.repeat(64))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download the proof (JSON receipt)' }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `statement-${ID}.receipt.json`),
    );
  });

  it('shows nothing before the request can have a statement, nor when it has none', async () => {
    const api = mockApi({});
    panel('in_review');
    expect(screen.queryByRole('heading', { name: 'Statement' })).toBeNull();
    expect(api.calls).toHaveLength(0);
    cleanup();
    renderComponent(
      <MemoryRouter>
        <StatementPanel practice={{ id: 7, status: 'ready_for_issue' }} />
        <Answered />
      </MemoryRouter>,
    );
    expect(await screen.findByText('answered')).toBeTruthy();
    expect(api.callsTo('GET /practices/7/statement')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Statement' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
