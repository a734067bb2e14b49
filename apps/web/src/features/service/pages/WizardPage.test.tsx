import type { Practice, PurposeStep } from '@lisbon/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { practiceFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function openWizard(path: string, draft: Practice) {
  const calls = mockApi({
    'GET /practices/draft': { body: { data: draft } },
    'PATCH /practices/7/purpose': ({ body }) => ({
      body: { data: { ...draft, purpose: body as PurposeStep, wizard_step: 'qualification' } },
    }),
    'GET /users/1/user-qualification': { body: { data: [] } },
  });
  return { calls, ...renderApp(path, { queryClient: logIn() }) };
}

describe('request wizard', () => {
  it("resumes at the draft's step, heading focused, and mirrors the draft in storage", async () => {
    const { router } = openWizard('/service/new/review', practiceFixture({ wizard_step: 'qualification' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'New request, step 2 of 4: Qualification to assess',
    });
    expect(router.state.location.pathname).toBe('/service/new/qualification');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(storage.get('draft')).toEqual({ practiceId: 7, step: 'qualification' });
    expect(screen.getByRole('link', { name: 'Purpose' })).toBeTruthy();
    expect(screen.getByText('Review').closest('a')).toBeNull();
  });

  it('asks for the Italian institution only for purposes that concern one, then saves the step', async () => {
    const { calls, router } = openWizard('/service/new/purpose', practiceFixture());
    await screen.findByRole('heading', { level: 1, name: 'New request, step 1 of 4: Purpose' });
    expect(screen.queryByLabelText(/^Italian institution of interest/)).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Public competition' }));
    expect(screen.queryByLabelText(/^Italian institution of interest/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Access to further studies' }));
    const institution = screen.getByLabelText(/^Italian institution of interest/);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(institution));
    expect(calls.callsTo('PATCH /practices/7/purpose')).toHaveLength(0);

    await userEvent.type(institution, 'Sapienza University of Rome');
    await userEvent.click(screen.getByRole('checkbox', { name: /visa application/ }));
    await userEvent.type(
      screen.getByLabelText(/^Italian diplomatic representation/),
      'Consulate General of Italy in Lyon',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(calls.callsTo('PATCH /practices/7/purpose')).toHaveLength(1));
    expect(calls.callsTo('PATCH /practices/7/purpose')[0]?.body).toEqual({
      purpose: 'further_studies',
      italian_institution: 'Sapienza University of Rome',
      programme_name: null,
      has_visa: true,
      diplomatic_representation: 'Consulate General of Italy in Lyon',
      purpose_other: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/new/qualification'));
  });

  it('makes the purpose one Tab stop: the choice checked, else the first (WAI-ARIA radio group)', async () => {
    openWizard('/service/new/purpose', practiceFixture());
    const group = await screen.findByRole('radiogroup', { name: /^Why do you need the statement/ });
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.tabIndex);
    // Nothing chosen yet: Tab reaches the first purpose only (Chromium stopped on each of them).
    expect(tabStops()).toEqual([0, ...Array<number>(tabStops().length - 1).fill(-1)]);
    await userEvent.click(within(group).getByRole('radio', { name: 'Other' }));
    expect(tabStops().filter((stop) => stop === 0)).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: 'Other' }).tabIndex).toBe(0);
  });

  it("requires a description for the purpose 'Other'", async () => {
    openWizard('/service/new/purpose', practiceFixture());
    await userEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    expect(screen.getByLabelText(/^Describe the purpose/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });
});

describe('what is typed in a step and not saved yet', () => {
  it('is kept in the tab: asked about before leaving, back after a reload or a new login, cleared once saved (en-US, it-IT)', async () => {
    const { router, unmount } = openWizard('/service/new/purpose', practiceFixture());
    await userEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    await userEvent.type(screen.getByLabelText(/^Describe the purpose/), 'A job in Turin');

    // Reload or close: the browser asks.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // Leaving within the app (a link, browser Back): the shared dialog asks; staying keeps all.
    await act(() => router.navigate('/practices'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText(/What you typed here is not saved yet/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/service/new/purpose');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Describe the purpose/).value).toBe('A job in Turin');

    // The session ends (a save answered 401 goes to the login): nothing holds the way to the login.
    storage.remove('token');
    await act(() => router.navigate('/auth/login?next=%2Fservice%2Fnew%2Fpurpose'));
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    // Logged in again (or reloaded), the step has what was typed, and says so.
    await changeLocale('it-IT');
    try {
      const again = openWizard('/service/new/purpose', practiceFixture());
      expect(
        await screen.findByText(
          'Quello che avevi scritto qui senza salvarlo è stato ripristinato: controllalo, poi salva.',
        ),
      ).toBeTruthy();
      expect(screen.getByLabelText<HTMLTextAreaElement>(/^Descrivi/).value).toBe('A job in Turin');
      // Saved: nothing kept, and going on to the next step asks nothing.
      await userEvent.click(screen.getByRole('button', { name: /^Salva e continua/ }));
      await waitFor(() => expect(again.router.state.location.pathname).toBe('/service/new/qualification'));
      expect(again.calls.callsTo('PATCH /practices/7/purpose')[0]?.body).toMatchObject({
        purpose: 'other',
        purpose_other: 'A job in Turin',
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(Object.keys(sessionStorage).filter((key) => key.includes('purpose'))).toEqual([]);
    } finally {
      await changeLocale('en-US');
    }
  });
});

describe('submitting a free request', () => {
  /** A refugee's free request at its review step, nothing missing, and the same once submitted. */
  const freeRequest = (submittedAt?: string) => {
    const draft = practiceFixture({
      service: 'refugee_comparability',
      country: 'AF',
      wizard_step: 'review',
      missing_documents: [],
    });
    const submitted = practiceFixture({
      ...draft,
      status: 'unassigned',
      status_label: 'in evaluation',
      ...(submittedAt === undefined ? {} : { requested_at: submittedAt }),
    });
    return { draft, submitted };
  };

  it('ends at the thank-you screen, which stays once the draft is gone (issue 14)', async () => {
    const { draft, submitted } = freeRequest('2026-11-25T10:00:00.000Z');
    let isSubmitted = false;
    const calls = mockApi({
      'GET /practices/draft': () => ({ body: { data: isSubmitted ? null : draft } }),
      'POST /practices/7/submit': () => {
        isSubmitted = true;
        return { body: { data: submitted } };
      },
      'GET /practices/7': { body: { data: submitted } },
    });
    const { router } = renderApp('/service/new/review', { queryClient: logIn() });

    await userEvent.click(await screen.findByRole('button', { name: 'Submit the request' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Request submitted' })).toBeTruthy();
    expect(await screen.findByText('Thank you: we have received your request.')).toBeTruthy();
    expect(calls.callsTo('POST /practices/7/submit')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/service/new/thank-you');
    expect(router.state.location.search).toBe('?practice=7');
    expect(storage.get('draft')).toBeNull();
  });

  it('ends at the thank-you screen when a read of the draft asked before the submission answers after it', async () => {
    // An upload or a declaration just asked for the draft again; its answer, "no draft", comes once
    // the request is submitted, while the navigation to the thank-you screen is under way.
    const { draft, submitted } = freeRequest();
    let submit: () => void = () => undefined;
    const isSubmitted = new Promise<void>((done) => (submit = done));
    let reads = 0;
    mockApi({
      'GET /practices/draft': async () => {
        reads += 1;
        if (reads === 1) return { body: { data: draft } };
        await isSubmitted;
        return { body: { data: null } };
      },
      'POST /practices/7/submit': () => {
        submit();
        return { body: { data: submitted } };
      },
      'GET /practices/7': { body: { data: submitted } },
    });
    const queryClient = logIn();
    const { router } = renderApp('/service/new/review', { queryClient });
    const button = await screen.findByRole('button', { name: 'Submit the request' });
    void queryClient.invalidateQueries({ queryKey: ['practices'] });
    await waitFor(() => expect(reads).toBe(2));

    await userEvent.click(button);

    expect(await screen.findByRole('heading', { level: 1, name: 'Request submitted' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/service/new/thank-you');
  });
  it('submits again with the same Idempotency-Key after a lost answer, so the request is submitted once', async () => {
    const { draft, submitted } = freeRequest();
    let answers = 0;
    const calls = mockApi({
      'GET /practices/draft': () => ({ body: { data: answers < 2 ? draft : null } }),
      'POST /practices/7/submit': () => {
        answers += 1;
        return answers < 2
          ? { status: 500, body: { code: 'api_error', message: 'Something went wrong.' } }
          : { body: { data: submitted } };
      },
      'GET /practices/7': { body: { data: submitted } },
    });
    renderApp('/service/new/review', { queryClient: logIn() });
    const button = await screen.findByRole('button', { name: 'Submit the request' });

    await userEvent.click(button);
    // The answer lost: the step stays, for another press.
    await waitFor(() => expect(calls.callsTo('POST /practices/7/submit')).toHaveLength(1));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Submit the request' }).getAttribute('data-loading'),
      ).toBeNull(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit the request' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Request submitted' })).toBeTruthy();
    const keys = calls.callsTo('POST /practices/7/submit').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('the review step', () => {
  it('heads the service with "Servizio" and names the choice "Tipo di richiesta", not "Servizio" twice', async () => {
    await changeLocale('it-IT');
    try {
      mockApi({
        'GET /practices/draft': {
          body: { data: practiceFixture({ service: 'comparability', wizard_step: 'review' }) },
        },
      });
      renderApp('/service/new/review', { queryClient: logIn() });
      const section = (await screen.findByRole('heading', { level: 2, name: 'Servizio' })).closest('section');
      const labels = [...(section as HTMLElement).querySelectorAll('.facts-row')].map(
        (row) => row.firstElementChild?.textContent,
      );
      expect(labels).toContain('Tipo di richiesta');
      expect(labels).not.toContain('Servizio');
      expect(within(section as HTMLElement).getByText('Solo comparabilità')).toBeTruthy();
    } finally {
      await changeLocale('en-US');
    }
  });
});
