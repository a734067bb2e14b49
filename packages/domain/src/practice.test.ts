import { describe, expect, it } from 'vitest';
import {
  createPracticeSchema,
  isDraftOfOperatorCountry,
  isInstitutionCountryDifferent,
  purposeStepSchema,
  qualificationStepSchema,
  qualificationStepSchemaAt,
  withInstitutionCountryFlag,
} from './practice';

const qualification = {
  qualification_name: 'Bachelor of Science in Biology',
  institution_name: 'Universidade de São Paulo',
  institution_country: 'br',
  institution_city: 'São Paulo',
  delivery_mode: 'in_presence',
  study_program_name: 'Biology',
  study_program_locale: 'Portuguese',
  studies_type: 'full_time',
  enrolled_at: '2015-03-01',
  graduated_at: '2019-07-15',
  issued_at: '2019-09-01',
  diploma_type: 'final',
};

describe('createPracticeSchema', () => {
  it('refuses Italy, the operator’s own country, as the country of education system', () => {
    const italian = createPracticeSchema.safeParse({ country: 'it', level: 'higher' });
    expect(italian.error?.issues).toMatchObject([{ path: ['country'], message: 'invalidOption' }]);
    expect(createPracticeSchema.parse({ country: 'fr', level: 'higher' }).country).toBe('FR');
  });
});

describe('isDraftOfOperatorCountry — a draft from before decision 113', () => {
  it('is a draft for Italy only: another country, or a request already submitted, is not one', () => {
    expect(isDraftOfOperatorCountry({ status: 'draft', country: 'IT' })).toBe(true);
    expect(isDraftOfOperatorCountry({ status: 'draft', country: 'FR' })).toBe(false);
    expect(isDraftOfOperatorCountry({ status: 'unassigned', country: 'IT' })).toBe(false);
  });
});

describe('qualificationStepSchema', () => {
  it('accepts a complete qualification and upper-cases countries', () => {
    expect(qualificationStepSchema.parse(qualification)).toMatchObject({ institution_country: 'BR' });
  });

  it('applies the date order: graduation after enrolment, award on or after graduation', () => {
    const result = qualificationStepSchema.safeParse({
      ...qualification,
      graduated_at: '2015-03-01',
      issued_at: '2015-02-01',
    });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['graduated_at', 'dateAfterEnrolment'],
        ['issued_at', 'dateSameOrAfterGraduation'],
      ]),
    );
  });

  it('says only "Date not valid" of a date that is not one, without comparing it', () => {
    const result = qualificationStepSchema.safeParse({ ...qualification, issued_at: '15/09/2019' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['issued_at', 'invalid_format'],
    ]);
  });

  it('refuses a graduation or an award after the day of the clock it is given (Rome), not the real date', () => {
    let now = new Date('2020-06-01T12:00:00Z');
    const schema = qualificationStepSchemaAt(() => now);
    const messagesOf = (dates: { graduated_at: string; issued_at: string }) =>
      schema
        .safeParse({ ...qualification, ...dates })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    const day = (iso: string) => ({ graduated_at: iso, issued_at: iso });
    expect(messagesOf(day('2020-06-01'))).toEqual([]);
    expect(messagesOf(day('2020-06-02'))).toEqual([
      ['graduated_at', 'dateNotInFuture'],
      ['issued_at', 'dateNotInFuture'],
    ]);
    // 23:30 in London on 1 June is 2 June in Rome: the day has come.
    now = new Date('2020-06-01T22:30:00Z');
    expect(messagesOf(day('2020-06-02'))).toEqual([]);
    // A clock set ahead (a test's, a journey's) decides, though the day is still to come for real.
    now = new Date('2099-01-01T12:00:00Z');
    expect(messagesOf({ graduated_at: '2098-06-01', issued_at: '2098-07-01' })).toEqual([]);
    // A saved step is read with the schema that needs no clock, whatever its dates.
    expect(
      qualificationStepSchema.safeParse({
        ...qualification,
        graduated_at: '2098-06-01',
        issued_at: '2098-07-01',
      }).success,
    ).toBe(true);
  });

  it('requires the teaching institution when it differs', () => {
    const result = qualificationStepSchema.safeParse({
      ...qualification,
      is_teaching_institution_different: true,
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'teaching_institution_name',
      'teaching_institution_country',
    ]);
  });
});

describe('purposeStepSchema', () => {
  it('requires the diplomatic representation with a visa and the institution for further studies', () => {
    const result = purposeStepSchema.safeParse({ purpose: 'further_studies', has_visa: true });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'italian_institution',
      'diplomatic_representation',
    ]);
  });
});

describe("the flag that the institution's country differs", () => {
  it('follows from the institution country and the country of education system', () => {
    expect(isInstitutionCountryDifferent({ institutionCountry: 'BR', educationCountry: 'FR' })).toBe(true);
    expect(isInstitutionCountryDifferent({ institutionCountry: 'FR', educationCountry: 'FR' })).toBe(false);
    expect(isInstitutionCountryDifferent({ institutionCountry: null, educationCountry: 'FR' })).toBe(false);
  });

  it('replaces whatever value a step carries', () => {
    const step = qualificationStepSchema.parse({ ...qualification, is_institution_country_different: false });
    expect(withInstitutionCountryFlag(step, 'FR').is_institution_country_different).toBe(true);
    expect(
      withInstitutionCountryFlag({ ...step, is_institution_country_different: true }, 'BR'),
    ).toMatchObject({
      is_institution_country_different: false,
    });
  });
});
