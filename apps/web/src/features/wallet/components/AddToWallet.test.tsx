import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTexts } from '@/shared/i18n';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { AddToWallet } from './AddToWallet';

beforeAll(() => loadTexts('wallet'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Add to a digital wallet', () => {
  it('says to wait when the applicant made too many offers, and that the offer failed otherwise', async () => {
    const wait = 'Too many attempts. Please wait and try again.';
    mockApi({
      'POST /practices/7/statement/wallet-offers': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: wait },
      },
    });
    renderComponent(<AddToWallet practiceId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to a digital wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
    cleanup();

    mockApi({ 'POST /practices/7/statement/wallet-offers': { status: 500, body: { code: 'INTERNAL' } } });
    renderComponent(<AddToWallet practiceId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to a digital wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The offer could not be made. Please try again.',
    );
  });
});
