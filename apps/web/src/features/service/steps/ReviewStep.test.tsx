import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { discoveryFixture, practiceFixture, qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { testUser } from '@/test/users';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function openReview(isUrgent: boolean, user = testUser()) {
  mockApi({
    'GET /practices/draft': {
      body: {
        data: practiceFixture({
          wizard_step: 'review',
          is_urgent: isUrgent,
          qualification: qualificationFixture,
        }),
      },
    },
    'GET /services/discovery': { body: { data: discoveryFixture() } },
    'GET /users/1/billing': { body: { data: null } },
  });
  renderApp('/service/new/review', { queryClient: logIn(user) });
}

/** The review's "Price", found once the discovery has answered. */
async function reviewPrice() {
  const price = await screen.findByText(/VAT included/, { selector: 'dd' });
  return price.textContent;
}

// The review step renders whole behind each test: on a loaded machine it takes seconds, so its
// waits are the shared WAIT_MS and its tests have the project’s timeout (src/test/wait.test.ts).
describe('review step: the price', () => {
  it('is the service price for an ordinary request', async () => {
    openReview(false);
    expect(await reviewPrice()).toBe('€150.00 VAT included (€122.95 plus €27.05 VAT)');
  });

  it('is the service and the urgent supplement for an urgent one, as the checkout charges it', async () => {
    openReview(true);
    expect(await reviewPrice()).toBe('€250.00 VAT included (€204.92 plus €45.08 VAT)');
  });
});

describe('review step: the identity document', () => {
  it('shows the passport-expiry warning of the account when the document has expired', async () => {
    openReview(false, testUser({ document_expiration_date: '2020-01-31' }));
    await reviewPrice();
    expect(screen.getByText('This document has expired: upload a valid one with your request.')).toBeTruthy();
  });
});
