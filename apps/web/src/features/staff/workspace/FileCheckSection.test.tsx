import axe from 'axe-core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { evaluator, seenBy, staffPracticeFixture, staffUser } from '@/test/staffFixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const counts = { assigned: 1, to_review: 0, unassigned: 0, ready_for_issue: 0, archive: 0, all: 1 };
const concluded = {
  concluded_at: '2026-11-04T09:00:00.000Z',
  by: evaluator,
  notes: 'All four documents legible.',
};

function fileCheckApi() {
  const viewer = staffUser('evaluator');
  const practice = staffPracticeFixture({ status: 'in_evaluation' });
  const api = mockApi({
    'GET /staff/queues/counts': { body: { data: counts } },
    'GET /staff/practices/7': () => ({
      body: {
        data: seenBy(
          viewer,
          api.callsTo('POST /staff/practices/7/file-check').length > 0
            ? { ...practice, file_check: concluded }
            : practice,
        ),
      },
    }),
    'POST /staff/practices/7/file-check': () => ({
      status: 201,
      body: {
        data: seenBy(viewer, { ...practice, file_check: concluded }),
        meta: { notice: 'fileCheckConcluded', message: '' },
      },
    }),
  });
  return { api, viewer };
}

const axeViolations = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => violation.id,
  );

describe('concluding the file check', () => {
  it('asks first: Cancel concludes nothing and gives the focus back to the button', async () => {
    const { api, viewer } = fileCheckApi();
    renderApp('/staff/practices/7?part=checks', { queryClient: logIn(viewer) });
    await userEvent.type(
      await screen.findByLabelText('Notes on the file (optional)'),
      'All four documents legible.',
    );
    const conclude = screen.getByRole('button', { name: 'Conclude the file check' });
    await userEvent.click(conclude);

    const dialog = await screen.findByRole('dialog', { name: 'Conclude the file check?' });
    expect(within(dialog).getByText(/The conclusion cannot be changed afterwards\./)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(conclude));
    expect(api.callsTo('POST /staff/practices/7/file-check')).toHaveLength(0);
    expect(screen.getByText('The file check is not concluded yet.')).toBeTruthy();
  });

  it('concludes once confirmed, with the notes, and puts the focus on the outcome that replaced the form', async () => {
    const { api, viewer } = fileCheckApi();
    renderApp('/staff/practices/7?part=checks', { queryClient: logIn(viewer) });
    await userEvent.type(
      await screen.findByLabelText('Notes on the file (optional)'),
      'All four documents legible.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Conclude the file check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conclude the file check?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conclude the file check' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const outcome = await screen.findByText(/^Concluded on .+ by Enzo Valutati\.$/);
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(api.callsTo('POST /staff/practices/7/file-check').map((call) => call.body)).toEqual([
      { notes: 'All four documents legible.' },
    ]);
    expect(screen.queryByRole('button', { name: 'Conclude the file check' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
