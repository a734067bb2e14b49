import { VERIFY_MAX_BYTES, type SharedStatement } from '@lisbon/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/shared/ui/saveBlob';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

vi.mock('@/shared/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(saveBlob).mockClear();
  localStorage.clear();
});

const TOKEN = 'T'.repeat(43);
const ID = '3f1c2a9e-7b4d-4e21-9c55-0a8d6e2f1b77';
const shared: SharedStatement = {
  certificate_id: ID,
  state: 'published',
  qualification_name: 'Licence de biologie',
  published_at: '2026-02-10T10:00:00.000Z',
  transaction_hash: 'd'.repeat(64),
  holder_name: 'M**** R****',
  certificate_authority: 'Demo Evaluation Centre (DEMO)',
  has_pdf: true,
  expires_on: '2026-03-31',
  max_upload_bytes: VERIFY_MAX_BYTES,
  anchor: { state: 'pending' },
};

describe('the page a share link opens', () => {
  it('shows the statement’s facts, lets the visitor download the PDF and check a file, without a login', async () => {
    const api = mockApi({
      [`GET /shared/${TOKEN}`]: { body: { data: shared } },
      [`GET /shared/${TOKEN}/pdf`]: { body: {} },
    });
    renderApp(`/verify/shared/${TOKEN}`);
    expect(await screen.findByText('Licence de biologie')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shared statement');
    expect(screen.getByText('M**** R****')).toBeTruthy();
    expect(screen.getByText('February 10, 2026')).toBeTruthy();
    expect(screen.getByText('d'.repeat(64))).toBeTruthy();
    expect(screen.getByText('This link works until March 31, 2026.')).toBeTruthy();
    expect(screen.getByText(/^Anchoring pending:/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Check a file' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), `statement-${ID}.pdf`));
    expect(api.calls.every((call) => call.headers.get('Authorization') === null)).toBe(true);
  });

  it('says plainly that a revoked or expired link does not work', async () => {
    mockApi({
      [`GET /shared/${TOKEN}`]: {
        status: 410,
        body: {
          code: 'SHARE_LINK_EXPIRED',
          message: 'This link to the statement has expired. Ask the holder for a new one.',
        },
      },
    });
    renderApp(`/verify/shared/${TOKEN}`);
    expect(
      await screen.findByText('This link to the statement has expired. Ask the holder for a new one.'),
    ).toBeTruthy();
    expect(screen.getByText('This link does not work')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the statement (PDF)' })).toBeNull();
  });

  it('says in a sentence that a malformed link is unknown, never the raw validation text (issue 33)', async () => {
    mockApi({
      'GET /shared/abc': {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Value not valid',
          errors: { token: ['Value not valid'] },
        },
      },
    });
    renderApp('/verify/shared/abc');
    expect(await screen.findByText(/^The portal never gave this link/)).toBeTruthy();
    expect(screen.queryByText('Value not valid')).toBeNull();
  });

  it('shows a statement not yet published without a PDF to download', async () => {
    mockApi({
      [`GET /shared/${TOKEN}`]: {
        body: {
          data: {
            ...shared,
            state: 'pending',
            qualification_name: null,
            published_at: null,
            transaction_hash: null,
            holder_name: null,
            has_pdf: false,
            anchor: null,
          },
        },
      },
    });
    renderApp(`/verify/shared/${TOKEN}`);
    expect(await screen.findByText('Not yet published. Please try again later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the statement (PDF)' })).toBeNull();
  });
});
