import type { Practice } from '@lisbon/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceFixture, qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The qualification's facts as shown, one "labelvalue" string a row. */
async function qualificationFacts(practice: Practice) {
  mockApi({ 'GET /practices/7': { body: { data: practice } } });
  renderApp('/practices/7', { queryClient: logIn() });
  const heading = await screen.findByRole('heading', { level: 2, name: /^(Qualification|Titolo)/ });
  const section = heading.closest('section');
  return [...(section?.querySelectorAll('.facts-row') ?? [])].map((row) => row.textContent);
}

const withAccreditation = (awarding: boolean, teaching: boolean) =>
  practiceFixture({
    qualification: {
      ...qualificationFixture,
      is_awarding_institution_accredited: awarding,
      is_teaching_institution_accredited: teaching,
    },
  });

describe('what a request says of its institutions’ accreditation (applicant walk)', () => {
  it('says "Not stated" for a box the applicant left unticked, not "No", in both languages', async () => {
    const shown = await qualificationFacts(withAccreditation(false, false));
    expect(shown).toContain('Awarding institution accreditedNot stated');
    expect(shown).toContain('Teaching institution accreditedNot stated');
    cleanup();
    await changeLocale('it-IT');
    const mostrati = await qualificationFacts(withAccreditation(false, false));
    expect(mostrati).toContain('Istituzione che rilascia il titolo accreditataNon dichiarato');
    expect(mostrati).toContain('Istituzione didattica accreditataNon dichiarato');
  });

  it('says "Yes" where the applicant stated it', async () => {
    const shown = await qualificationFacts(withAccreditation(true, false));
    expect(shown).toContain('Awarding institution accreditedYes');
    expect(shown).toContain('Teaching institution accreditedNot stated');
  });
});
