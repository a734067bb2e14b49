import type { WalletCheck } from '@lisbon/domain';
import { cleanup, screen } from '@testing-library/react';
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

const ID = 'AbCdEfGhIjKlMnOpQrStUvWx';
const checked = (overrides: Partial<WalletCheck> = {}): WalletCheck => ({
  id: ID,
  state: 'checked',
  is_valid: false,
  is_open: false,
  checks: [
    { step: 'signature', outcome: 'passed' },
    { step: 'holder_binding', outcome: 'passed' },
    { step: 'status', outcome: 'failed' },
    { step: 'ledger', outcome: 'failed' },
  ],
  claims: { statement_id: 'S-1', holder_name: 'Amina Haddad' },
  reason: null,
  ...overrides,
});

const blocking = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);

describe('the wallet check’s result page (decision 088)', () => {
  it('says NOT valid with each step’s outcome and what the holder disclosed, labelled', async () => {
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: checked() } } });
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-result')).textContent).toBe('NOT valid');
    expect(screen.getByText(/^Status \(not revoked or superseded\)/).textContent).toBe(
      'Status (not revoked or superseded): failed',
    );
    expect(screen.getByText(/^Holder:/).textContent).toBe('Holder: Amina Haddad');
    expect(await blocking()).toEqual([]);
  });

  it('says why a statement no longer in force is NOT valid, in the PDF check’s words, in both languages', async () => {
    const superseded = checked({
      checks: checked().checks.map(({ step }) => ({
        step,
        outcome: step === 'status' ? ('failed' as const) : ('passed' as const),
      })),
      reason: 'superseded',
    });
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: superseded } } });
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-reason')).textContent).toBe(
      'NOT valid: superseded by an amendment. This statement has been replaced by a new version.',
    );
    // Said once: the reason, in the PDF check's words, is the result.
    expect(screen.getByTestId('wallet-result').textContent).toBe(
      'NOT valid: superseded by an amendment. This statement has been replaced by a new version.',
    );
    expect(screen.getByText(/^Record in the ledger/).textContent).toBe('Record in the ledger: passed');
    expect(await blocking()).toEqual([]);
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-reason')).textContent).toMatch(/^NON valido: sostituito/);
  });

  it('gives no reason where the statement is in force, whatever failed', async () => {
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: checked() } } });
    renderApp(`/verify/wallet/${ID}`);
    await screen.findByTestId('wallet-result');
    expect(screen.queryByTestId('wallet-reason')).toBeNull();
  });

  it('says a NOT valid answer came and that it still waits for a valid one while the request is open, in both languages', async () => {
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: checked({ is_open: true }) } } });
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-result')).textContent).toBe('NOT valid');
    expect(screen.getByTestId('wallet-still-waiting').textContent).toBe(
      'Still waiting for a valid answer until the request expires: the holder can scan the code again. Anyone who sees the code can answer, so a valid answer that comes later replaces this one.',
    );
    expect(await blocking()).toEqual([]);
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-still-waiting')).textContent).toMatch(
      /^Ancora in attesa di una risposta valida fino alla scadenza della richiesta/,
    );
  });

  it('says a wallet declined and that it still waits for a valid answer while the request is open', async () => {
    const declined = {
      ...checked(),
      state: 'declined' as const,
      is_valid: null,
      is_open: true,
      checks: [],
      claims: {},
    };
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: declined } } });
    renderApp(`/verify/wallet/${ID}`);
    expect(
      await screen.findByText('A wallet did not share a statement: its holder declined, or it holds none.'),
    ).toBeTruthy();
    expect(screen.getByTestId('wallet-still-waiting').textContent).toMatch(
      /^Still waiting for a valid answer/,
    );
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect(await screen.findByText(/^Un portafoglio non ha condiviso un attestato/)).toBeTruthy();
    expect(screen.getByTestId('wallet-still-waiting').textContent).toMatch(/^Ancora in attesa/);
  });

  it('no longer says it waits once the request expired with a NOT valid answer', async () => {
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: checked() } } });
    renderApp(`/verify/wallet/${ID}`);
    await screen.findByTestId('wallet-result');
    expect(screen.queryByTestId('wallet-still-waiting')).toBeNull();
  });

  it('says the wallet declined when it answered with an error, and stops waiting, in both languages', async () => {
    const declined = { ...checked(), state: 'declined' as const, is_valid: null, checks: [], claims: {} };
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: declined } } });
    renderApp(`/verify/wallet/${ID}`);
    expect(await screen.findByText(/^The wallet did not share a statement/)).toBeTruthy();
    expect(screen.queryByTestId('wallet-result')).toBeNull();
    expect(screen.queryByText('Waiting for the wallet’s answer…')).toBeNull();
    expect(await blocking()).toEqual([]);
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect(await screen.findByText(/^Il portafoglio non ha condiviso un attestato/)).toBeTruthy();
  });

  it('says where a check is shown when there is none to show here, with a way to make a new request, in both languages', async () => {
    mockApi({});
    renderApp(`/verify/wallet/${ID}`);
    const gone = await screen.findByText(
      /^There is no check to show here. A check is shown only in the browser that made the request, or on the page the wallet opens when it answers, for 24 hours/,
    );
    expect(gone.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Make a new request' }).getAttribute('href')).toBe(
      '/verify/wallet',
    );
    expect(await blocking()).toEqual([]);
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect(await screen.findByText(/^Non c’è alcuna verifica da mostrare qui/)).toBeTruthy();
  });

  it('reads the outcome with the response code a wallet on this device came back with, in the address’s fragment', async () => {
    const api = mockApi({
      [`GET /wallet/presentations/${ID}`]: (call) =>
        call.query.get('response_code') === 'wallet-response-code-1'
          ? { body: { data: checked() } }
          : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
    });
    renderApp(`/verify/wallet/${ID}#response_code=wallet-response-code-1`);
    expect((await screen.findByTestId('wallet-result')).textContent).toBe('NOT valid');
    const [read] = api.callsTo(`GET /wallet/presentations/${ID}`);
    expect([...(read?.query.keys() ?? [])]).toEqual(['response_code']);
  });

  it('reads the outcome of its own request with the key it was given, which the QR code does not carry', async () => {
    const api = mockApi({
      'POST /wallet/presentations': {
        status: 201,
        body: {
          data: {
            id: ID,
            request_url: `openid4vp://?client_id=x&request_uri=https%3A%2F%2Fportal%2Fwallet%2Fpresentations%2F${ID}%2Frequest`,
            qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
            expires_at: '2026-12-04T12:10:00Z',
            result_key: 'browser-result-key-1',
          },
        },
      },
      [`GET /wallet/presentations/${ID}`]: (call) =>
        call.query.get('key') === 'browser-result-key-1'
          ? { body: { data: checked() } }
          : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
    });
    renderApp('/verify/wallet');
    expect((await screen.findByTestId('wallet-result')).textContent).toBe('NOT valid');
    expect(api.callsTo(`GET /wallet/presentations/${ID}`)[0]?.query.get('key')).toBe('browser-result-key-1');
  });

  it('speaks Italian: valido, and the steps in words', async () => {
    await changeLocale('it-IT');
    const allPassed = checked().checks.map(({ step }) => ({ step, outcome: 'passed' as const }));
    mockApi({
      [`GET /wallet/presentations/${ID}`]: { body: { data: checked({ is_valid: true, checks: allPassed }) } },
    });
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByTestId('wallet-result')).textContent).toBe('Valido');
    expect(screen.getByText(/^Registrazione nel registro/).textContent).toBe(
      'Registrazione nel registro: superato',
    );
  });

  it('writes the disclosed date and country as the statement’s pages do, and wraps a transaction’s hash', async () => {
    const hash = 'ffe950ce'.repeat(8);
    const claims = {
      ...checked().claims,
      issue_date: '2026-12-04',
      country_of_education_system: 'FR',
      ledger_transaction: hash,
    };
    mockApi({ [`GET /wallet/presentations/${ID}`]: { body: { data: checked({ claims }) } } });
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByText(/^Date of issue:/)).textContent).toBe('Date of issue: December 4, 2026');
    expect(screen.getByText(/^Country of the education system:/).textContent).toBe(
      'Country of the education system: France',
    );
    expect(screen.getByText(new RegExp(hash)).closest('li')?.style.overflowWrap).toBe('anywhere');
    cleanup();
    await changeLocale('it-IT');
    renderApp(`/verify/wallet/${ID}`);
    expect((await screen.findByText(/^Data di emissione:/)).textContent).toBe(
      'Data di emissione: 4 dicembre 2026',
    );
    expect(screen.getByText(/^Paese del sistema di istruzione:/).textContent).toBe(
      'Paese del sistema di istruzione: Francia',
    );
  });

  it('gives the API’s own words when the visitor’s address has made too many requests', async () => {
    mockApi({
      'POST /wallet/presentations': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' },
      },
    });
    renderApp('/verify/wallet');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait and try again.',
    );
  });
});
