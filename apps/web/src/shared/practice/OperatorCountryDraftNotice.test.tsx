import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { discoveryFixture, practiceFixture, qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
  vi.unstubAllGlobals();
  localStorage.clear();
});

// A draft for Italy started before Italy stopped being offered (decision 113), ready to pay.
const italian = practiceFixture({
  country: 'IT',
  wizard_step: 'review',
  purpose: {
    purpose: 'further_studies',
    italian_institution: 'Università di Bologna',
    programme_name: 'Laurea magistrale in Fisica',
    has_visa: false,
    diplomatic_representation: null,
    purpose_other: null,
  },
  qualification: qualificationFixture,
  missing_documents: [],
});

function open(path: string) {
  mockApi({
    'GET /practices/7': { body: { data: italian } },
    'GET /practices/draft': { body: { data: italian } },
    'GET /practices/7/documents': { body: { data: { documents: [], missing: [] } } },
    'GET /countries/IT': { body: { data: { ...discoveryFixture().country, code: 'IT', name: 'Italy' } } },
    'GET /services/discovery': { body: { data: discoveryFixture() } },
    'GET /users/1/billing': { body: { data: null } },
    'GET /users/1/user-qualification': { body: { data: [] } },
  });
  renderApp(path, { queryClient: logIn() });
}

const notice = async (title = 'This draft cannot be sent') =>
  (await screen.findByText(title)).closest('[role="note"]') as HTMLElement;

describe('a draft for the operator’s own country, from before decision 113', () => {
  it('says on its page why it cannot be sent, offers a new request and the deletion, not to continue it', async () => {
    open('/practices/7');
    const box = await notice();
    expect(screen.getByRole('note')).toBe(box);
    expect(box.textContent).toContain(
      'Its country of education system is Italy, the centre’s own. The centre evaluates qualifications of foreign education systems, so this draft cannot be paid for or submitted.',
    );
    expect(box.textContent).toContain(
      'Start a new request choosing the country of the education system that awarded your qualification, and delete this draft',
    );
    expect(screen.getByRole('link', { name: 'Start a new request' }).getAttribute('href')).toBe(
      '/service/new',
    );
    expect(screen.getByRole('button', { name: 'Delete the draft' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue the request' })).toBeNull();
    expect(screen.queryByText(/complete the steps and submit it/)).toBeNull();
  });

  it('opens the wizard on the notice, with no step and nothing to pay or submit', async () => {
    open('/service/new/review');
    const box = await notice();
    expect(screen.getByRole('heading', { level: 1, name: 'New request' })).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'See this draft' }).getAttribute('href')).toBe(
      '/practices/7',
    );
    expect(within(box).getByRole('link', { name: 'Start a new request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /pay|submit/i })).toBeNull();
    expect(screen.queryByRole('heading', { name: /step \d of/ })).toBeNull();
  });

  it('is not offered to continue when a new request finds it, only to be seen or replaced', async () => {
    open('/service/new');
    await screen.findByRole('heading', { name: 'You have a draft request' });
    expect(await notice()).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue the draft' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See this draft' }).getAttribute('href')).toBe('/practices/7');
    expect(screen.getByRole('button', { name: 'Start a new request' })).toBeTruthy();
  });

  it('says it in Italian too', async () => {
    await changeLocale('it-IT');
    open('/practices/7');
    const box = await notice('Questa bozza non può essere inviata');
    expect(box.textContent).toContain(
      'Come paese del sistema di istruzione indica Italia, il paese del centro. Il centro valuta titoli di studio di sistemi di istruzione esteri, quindi questa bozza non può essere pagata né inviata.',
    );
    expect(screen.getByRole('link', { name: 'Inizia una nuova richiesta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elimina la bozza' })).toBeTruthy();
  });

  it('says nothing of a draft for another country', async () => {
    mockApi({ 'GET /practices/7': { body: { data: practiceFixture() } } });
    renderApp('/practices/7', { queryClient: logIn() });
    expect(await screen.findByRole('link', { name: 'Continue the request' })).toBeTruthy();
    expect(screen.queryByText('This draft cannot be sent')).toBeNull();
  });
});
