import type { Practice } from '@lisbon/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { practiceFixture, qualificationFixture } from '@/test/fixtures';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { logIn } from '@/test/session';
import { qualificationInput, qualificationValues } from './qualificationForm';

afterEach(async () => {
  await changeLocale('en-US');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const draft = practiceFixture({ wizard_step: 'documents', qualification: qualificationFixture });

describe('qualification step input', () => {
  it('holds the dates as ISO days and sends them so', () => {
    expect(qualificationValues(draft).issued_at).toBe('2021-07-15');
    expect(qualificationInput(qualificationValues(draft))).toMatchObject({
      enrolled_at: '2019-09-01',
      graduated_at: '2021-07-01',
      issued_at: '2021-07-15',
    });
  });

  it('keeps a text that is no date as typed, for the schema to refuse', () => {
    const values = { ...qualificationValues(draft), issued_at: '31/02/2021' };
    expect(qualificationInput(values).issued_at).toBe('31/02/2021');
  });

  it('sends the parts a flag hides as empty', () => {
    const values = {
      ...qualificationValues(draft),
      teaching_institution_name: 'Left over',
      has_different_name: false,
      diploma_last_name: 'Byron',
    };
    expect(qualificationInput(values)).toMatchObject({
      teaching_institution_name: null,
      diploma_last_name: null,
    });
    expect(qualificationInput(values)).not.toHaveProperty('has_different_name');
  });
});

describe('qualification step', () => {
  function open(practice: Practice = draft) {
    const calls = mockApi({
      'GET /practices/draft': { body: { data: practice } },
      'GET /users/1/user-qualification': { body: { data: [] } },
      'PATCH /practices/7/qualification': { body: { data: practice } },
    });
    renderApp('/service/new/qualification', { queryClient: logIn() });
    return calls;
  }
  const save = () => userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

  it('shows every date of the step in one format, dd/mm/yyyy, said in its label (issue 14)', async () => {
    open();
    const value = async (label: RegExp) => (await screen.findByLabelText<HTMLInputElement>(label)).value;
    expect(await value(/^Enrolment date \(dd\/mm\/yyyy\)/)).toBe('01/09/2019');
    expect(await value(/^Graduation date \(dd\/mm\/yyyy\)/)).toBe('01/07/2021');
    expect(await value(/^Award date \(dd\/mm\/yyyy\)/)).toBe('15/07/2021');
    expect(document.querySelectorAll('input[type="date"]')).toHaveLength(0);
  });

  it("refuses an award date that is not a real dd/mm/yyyy date with 'Date not valid'", async () => {
    const calls = open();
    const award = await screen.findByLabelText(/^Award date/);
    await userEvent.clear(award);
    await userEvent.type(award, '31/02/2021');
    await save();
    expect(await screen.findByText('Date not valid')).toBeTruthy();
    expect(award.getAttribute('aria-invalid')).toBe('true');
    expect(calls.callsTo('PATCH /practices/7/qualification')).toHaveLength(0);
  });

  it('says the graduation must follow the enrolment, on the graduation date', async () => {
    const calls = open();
    const graduation = await screen.findByLabelText(/^Graduation date/);
    fireEvent.change(graduation, { target: { value: '01/07/2018' } });
    await save();
    expect(await screen.findByText('The date must be after the enrolment date')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(graduation));
    expect(calls.callsTo('PATCH /practices/7/qualification')).toHaveLength(0);
  });

  it('asks for the teaching institution only when it differs, then saves the award date as ISO', async () => {
    const calls = open();
    await userEvent.click(await screen.findByRole('checkbox', { name: /teaching institution differs/ }));
    expect(screen.getByLabelText(/^Teaching institution name/)).toBeTruthy();
    await save();
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    await userEvent.click(screen.getByRole('checkbox', { name: /teaching institution differs/ }));
    await save();
    await waitFor(() => expect(calls.callsTo('PATCH /practices/7/qualification')).toHaveLength(1));
    expect(calls.callsTo('PATCH /practices/7/qualification')[0]?.body).toMatchObject({
      issued_at: '2021-07-15',
      is_teaching_institution_different: false,
      teaching_institution_name: null,
    });
  });

  it("asks nothing of the institution's country: it says so only when it differs from the education system's (issue 33)", async () => {
    const differs = /^The institution is not in the country of education system/;
    const calls = open();
    await screen.findByLabelText(/^Award date/);
    expect(screen.queryByRole('checkbox', { name: /country differs/ })).toBeNull();
    expect(screen.queryByText(differs)).toBeNull();
    await save();
    await waitFor(() => expect(calls.callsTo('PATCH /practices/7/qualification')).toHaveLength(1));
    expect(calls.callsTo('PATCH /practices/7/qualification')[0]?.body).toMatchObject({
      institution_country: 'FR',
      is_institution_country_different: false,
    });
    cleanup();

    const inBelgium = practiceFixture({
      wizard_step: 'documents',
      country: 'FR',
      qualification: { ...qualificationFixture, institution_country: 'BE' },
    });
    const again = open(inBelgium);
    const note = await screen.findByText(
      'The institution is not in the country of education system (France): this is recorded with the request.',
    );
    // The note explains the country chosen: a screen reader reads it with that box.
    const country = screen.getByLabelText(/^Country of the institution/, { selector: 'input' });
    expect(country.getAttribute('aria-describedby')?.split(' ')).toContain(note.id);
    await save();
    await waitFor(() => expect(again.callsTo('PATCH /practices/7/qualification')).toHaveLength(1));
    expect(again.callsTo('PATCH /practices/7/qualification')[0]?.body).toMatchObject({
      institution_country: 'BE',
      is_institution_country_different: true,
    });
  });

  it("makes each of the programme's choices one Tab stop: the one checked, else the first (WAI-ARIA radio group)", async () => {
    open(practiceFixture({ wizard_step: 'qualification', qualification: null }));
    const tabStops = async (name: RegExp) =>
      within(await screen.findByRole('radiogroup', { name }))
        .getAllByRole('radio')
        .map((radio) => radio.tabIndex);
    // Nothing chosen yet: Tab reaches each group's first choice only (Chromium stopped on each).
    expect(await tabStops(/^Delivery mode/)).toEqual([0, -1, -1]);
    expect(await tabStops(/^Studies/)).toEqual([0, -1]);
    expect(await tabStops(/^Diploma type/)).toEqual([0, -1]);
    await userEvent.click(screen.getByRole('radio', { name: 'Distance learning' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Part time' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Provisional certificate' }));
    expect(await tabStops(/^Delivery mode/)).toEqual([-1, -1, 0]);
    expect(await tabStops(/^Studies/)).toEqual([-1, 0]);
    expect(await tabStops(/^Diploma type/)).toEqual([-1, 0]);
  });

  it('takes half credits as the language writes them: 180,5 in Italian, 180.5 in English', async () => {
    for (const [locale, label, typed] of [
      ['it-IT', /^Crediti/, '180,5'],
      ['en-US', /^Credits/, '180.5'],
    ] as const) {
      await changeLocale(locale);
      const calls = open();
      const credits = await screen.findByLabelText(label);
      await userEvent.clear(credits);
      await userEvent.type(credits, typed);
      expect((credits as HTMLInputElement).value).toBe(typed);
      await userEvent.click(
        screen.getByRole('button', { name: locale === 'it-IT' ? 'Salva e continua' : 'Save and continue' }),
      );
      await waitFor(() => expect(calls.callsTo('PATCH /practices/7/qualification')).toHaveLength(1));
      expect(calls.callsTo('PATCH /practices/7/qualification')[0]?.body).toMatchObject({ credits: 180.5 });
      cleanup();
    }
  });
});
