import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

const entry = (id: number, entity: 'faq' | 'country_tips', title: string, body: string, position = id) => ({
  id,
  entity,
  locale: 'en-US',
  position,
  content: { title, body },
});

function answerCms(byEntity: Record<string, unknown[] | 'fail'>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const entity = new URL(String(input), 'http://localhost').searchParams.get('entity') ?? '';
    const entries = byEntity[entity];
    if (entries === 'fail') return new Response('oops', { status: 500 });
    return new Response(JSON.stringify({ data: entries ?? [], meta: { page: 1, perPage: 100, total: 0 } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FAQ page', () => {
  it('shows the FAQ in position order and opens an answer', async () => {
    const fetchMock = answerCms({
      faq: [
        entry(2, 'faq', 'How long does it take?', 'About thirty days.\n\nLonger in summer.', 2),
        entry(1, 'faq', 'Who can apply?', 'Adults.', 1),
      ],
      country_tips: [entry(3, 'country_tips', 'Look at the awarding body', 'Not at the campus.')],
    });
    renderApp('/faq');

    const questions = await screen.findAllByRole('button', { name: /\?$/ });
    expect(questions.map((q) => q.textContent)).toEqual(['Who can apply?', 'How long does it take?']);
    await userEvent.click(questions[1]!);
    expect(await screen.findByText('Longer in summer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Look at the awarding body' })).toBeTruthy();
    const cmsCall = fetchMock.mock.calls.find((call) => String(call[0]).includes('cms-entries'));
    expect(String(cmsCall?.[0])).toContain('locale=en-US');
  });

  it('links the portal pages an answer names by their address', async () => {
    answerCms({
      faq: [
        entry(
          1,
          'faq',
          'Which documents do I need?',
          'The Documents page (/documents) lists them; the form comes from the Consent page, /consent).',
        ),
      ],
      country_tips: [],
    });
    renderApp('/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Which documents do I need?' }));
    expect((await screen.findByRole('link', { name: '/documents' })).getAttribute('href')).toBe('/documents');
    expect(screen.getByRole('link', { name: '/consent' }).getAttribute('href')).toBe('/consent');
  });

  it('says which list is empty in its own words', async () => {
    answerCms({ faq: [], country_tips: [entry(3, 'country_tips', 'A tip', 'Text')] });
    renderApp('/faq');
    expect(await screen.findByText('No questions and answers are published yet.')).toBeTruthy();
  });

  it('shows the generic error with a retry when loading fails', async () => {
    answerCms({ faq: 'fail', country_tips: [] });
    renderApp('/faq');
    expect(
      await screen.findByText('An error occurred. Try again later or contact your system administrator'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
