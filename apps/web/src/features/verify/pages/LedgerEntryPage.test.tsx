import { LEDGER_GENESIS_HASH, type LedgerEntryView } from '@lisbon/domain';
import { act, cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
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
const ISSUE = 'a'.repeat(64);

const entry = (overrides: Partial<LedgerEntryView> = {}): LedgerEntryView => ({
  seq: 2,
  kind: 'seal',
  certificate_id: ID,
  payload_hash: 'b'.repeat(64),
  ref_hash: ISSUE,
  prev_hash: ISSUE,
  created_at: '2026-02-10T10:00:00.000Z',
  signature: 'c2lnbmF0dXJl',
  hash: HASH,
  is_intact: true,
  ...overrides,
});

const blocking = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);

describe('the ledger entry page (issue 14)', () => {
  it('shows the entry in words, each field labelled, the entries it links to as links', async () => {
    const api = mockApi({ [`GET /ledger/${HASH}`]: { body: { data: entry() } } });
    renderApp(`/ledger/${HASH}`);
    expect(await screen.findByText('This entry is intact: its hash and its signature check.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ledger entry');
    const facts = screen.getByRole('region', { name: 'What the entry records' });
    const valueOf = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(valueOf('Kind of entry')).toMatch(/^Seal: the fingerprint of the signed PDF/);
    expect(valueOf('Position in the ledger')).toBe('2');
    expect(valueOf('Recorded on')).toMatch(/^February 10, 2026/);
    expect(valueOf('Fingerprint recorded (payload hash)')).toBe('b'.repeat(64));
    // The seal refers to its issue entry, which is also the one before it.
    const links = within(facts).getAllByRole('link', { name: `Open the entry ${ISSUE}` });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/ledger/${ISSUE}`, `/ledger/${ISSUE}`]);
    expect(
      within(facts).getByRole('link', { name: 'Check a statement with this id' }).getAttribute('href'),
    ).toBe(`/verify/${ID}`);
    expect(screen.queryByText(/"payload_hash"/)).toBeNull();
    expect(api.callsTo(`GET /ledger/${HASH}`)[0]?.headers.get('authorization')).toBeNull();
    expect(await blocking()).toEqual([]);
  });

  it('says the first entry has none before it, and an entry that does not check, in red words', async () => {
    mockApi({
      [`GET /ledger/${HASH}`]: {
        body: {
          data: entry({ kind: 'issue', ref_hash: null, prev_hash: LEDGER_GENESIS_HASH, is_intact: false }),
        },
      },
    });
    renderApp(`/ledger/${HASH}`);
    expect(await screen.findByText(/^This entry does NOT check/)).toBeTruthy();
    expect(screen.getByText('None: this is the first entry of the ledger')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /^Open the entry/ })).toHaveLength(0);
  });

  it('speaks Italian to an Italian reader', async () => {
    mockApi({ [`GET /ledger/${HASH}`]: { body: { data: entry() } } });
    renderApp(`/ledger/${HASH}`);
    await screen.findByText(/This entry is intact/);
    await act(() => changeLocale('it-IT'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Registrazione sul registro');
    expect(screen.getByText('Tipo di registrazione')).toBeTruthy();
    expect(screen.getByText(/^Sigillo: /)).toBeTruthy();
  });

  it('says plainly when there is no entry with the hash', async () => {
    mockApi({
      [`GET /ledger/${HASH}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
    });
    renderApp(`/ledger/${HASH}`);
    expect(
      await screen.findByText('There is no ledger entry with this hash. Check the address.'),
    ).toBeTruthy();
  });
});
