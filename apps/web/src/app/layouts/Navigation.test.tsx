import { abilitiesFor } from '@lisbon/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { AppNavigation } from './Navigation';

afterEach(cleanup);

function renderNavigation() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <nav aria-label="Your area">
            <AppNavigation abilities={abilitiesFor('applicant')} onLogout={() => undefined} />
          </nav>
        ),
      },
    ],
    { initialEntries: ['/account'] },
  );
  return renderComponent(<RouterProvider router={router} />);
}

describe('the logged-in area’s navigation', () => {
  // A screen reader heard "Requests", then an image with no name, then ten links in no list.
  it('gives each group as a list named by its title, a button that says whether the list is open', async () => {
    renderNavigation();
    const requests = screen.getByRole('list', { name: 'Requests' });
    expect(within(requests).getAllByRole('listitem')).toHaveLength(4);
    expect(within(requests).getByRole('link', { name: 'Archive' })).toBeTruthy();
    const account = screen.getByRole('list', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryAllByRole('img')).toEqual([]);

    const title = screen.getByRole('button', { name: 'Requests' });
    expect(title.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Archive' })).toBeTruthy();
  });
});
