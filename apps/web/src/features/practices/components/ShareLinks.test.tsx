import { SHARE_LINKS_ACTIVE_MAX, type ShareLink } from '@lisbon/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderComponent } from '@/test/renderComponent';
import { ShareLinks } from './ShareLinks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL_OF_LINK = 'http://localhost:3000/verify/shared/' + 'T'.repeat(43);
const link = (id: number, overrides: Partial<ShareLink> = {}): ShareLink => ({
  id,
  state: 'active',
  expires_on: null,
  created_at: '2026-02-10T10:00:00.000Z',
  revoked_at: null,
  ...overrides,
});

function linksApi(initial: ShareLink[]) {
  let links = initial;
  return mockApi({
    'GET /practices/7/statement/share-links': () => ({ body: { data: links } }),
    'POST /practices/7/statement/share-links': (call) => {
      const body = call.body as { expires_on: string | null };
      if (body.expires_on === '2020-01-01') {
        return {
          status: 422,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            errors: { expires_on: ['The date must be today or later'] },
          },
        };
      }
      const made = link(links.length + 1, { expires_on: body.expires_on });
      links = [made, ...links];
      return { status: 201, body: { data: { ...made, url: URL_OF_LINK } } };
    },
    'DELETE /practices/7/statement/share-links/1': () => {
      links = links.map((item) =>
        item.id === 1 ? { ...item, state: 'revoked', revoked_at: '2026-02-10T11:00:00.000Z' } : item,
      );
      return { body: { data: links.find((item) => item.id === 1) } };
    },
  });
}

describe('share links on the statement panel', () => {
  it('makes a link with an expiry date, shows its address once, and lists it', async () => {
    const api = linksApi([]);
    renderComponent(<ShareLinks practiceId={7} />);
    expect(await screen.findByText('You have no share links yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Last day the link works/), '31/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create a share link' }));

    const status = screen.getAllByRole('status').find((region) => region.textContent?.includes(URL_OF_LINK));
    expect(status).toBeTruthy();
    expect(within(status as HTMLElement).getByText('Share link created')).toBeTruthy();
    expect(api.callsTo('POST /practices/7/statement/share-links')[0]?.body).toEqual({
      expires_on: '2026-03-31',
    });
    const table = await screen.findByRole('table', { name: 'Your share links' });
    expect(within(table).getByText('March 31, 2026')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
  });

  it('makes a link with no expiry when the date is left empty', async () => {
    const api = linksApi([]);
    renderComponent(<ShareLinks practiceId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a share link' }));
    expect(await screen.findByText('No expiry')).toBeTruthy();
    expect(api.callsTo('POST /practices/7/statement/share-links')[0]?.body).toEqual({ expires_on: null });
  });

  it('shows the API’s word on a date in the past next to the field', async () => {
    linksApi([]);
    renderComponent(<ShareLinks practiceId={7} />);
    await userEvent.type(await screen.findByLabelText(/Last day the link works/), '01/01/2020');
    await userEvent.click(screen.getByRole('button', { name: 'Create a share link' }));
    expect(await screen.findByText('The date must be today or later')).toBeTruthy();
    expect(screen.getByLabelText(/Last day the link works/).getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Date not valid' for a last day typed month first, and sends nothing", async () => {
    const api = linksApi([]);
    renderComponent(<ShareLinks practiceId={7} />);
    await userEvent.type(
      await screen.findByLabelText(/Last day the link works \(dd\/mm\/yyyy\)/),
      '03/31/2026',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create a share link' }));
    expect(await screen.findByText('Date not valid')).toBeTruthy();
    expect(screen.getByLabelText(/Last day the link works/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /practices/7/statement/share-links')).toHaveLength(0);
  });

  it('revokes an active link, which then shows as revoked with nothing more to do', async () => {
    linksApi([
      link(1, { expires_on: '2026-03-31' }),
      link(2, { state: 'expired', expires_on: '2026-02-01' }),
    ]);
    renderComponent(<ShareLinks practiceId={7} />);
    const table = await screen.findByRole('table', { name: 'Your share links' });
    expect(within(table).getByText('Expired')).toBeTruthy();
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: /Revoke the link created on/ }));
    expect(await within(table).findByText('Revoked')).toBeTruthy();
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the API’s word when as many links as may work at once already do', async () => {
    const limit = `You already have ${SHARE_LINKS_ACTIVE_MAX} working links to this statement: revoke one you no longer need to make another.`;
    // The list this page shows is one link old: another tab made the rest.
    let reads = 0;
    mockApi({
      'GET /practices/7/statement/share-links': () => {
        reads += 1;
        return { body: { data: reads === 1 ? [link(1)] : [link(1), link(2)] } };
      },
      'POST /practices/7/statement/share-links': () => ({
        status: 409,
        body: { code: 'SHARE_LINKS_LIMIT', message: limit },
      }),
    });
    renderComponent(<ShareLinks practiceId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a share link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    // The list is read again, to show every working link the visitor may revoke.
    await waitFor(() => expect(reads).toBe(2));
  });
});
