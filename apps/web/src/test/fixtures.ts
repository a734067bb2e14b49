import {
  practiceSummarySchema,
  type Discovery,
  type Practice,
  type PracticeSummary,
  type ServiceDescription,
} from '@lisbon/domain';

/** Answers of the request calls, as the API shapes them, with what a test needs changed. */

export function serviceFixture(overrides: Partial<ServiceDescription> = {}): ServiceDescription {
  return {
    kind: 'correspondence_verification',
    includes_verification: true,
    is_free: false,
    price: { total: 15000, net: 12295, vat: 2705 },
    urgent_price: { total: 25000, net: 20492, vat: 4508 },
    urgent_supplement: { total: 10000, net: 8197, vat: 1803 },
    ordinary_working_days: 60,
    urgent_working_days: 30,
    expected_deadline: '2027-02-18',
    required_documents: ['identity_document', 'diploma', 'transcript_of_records'],
    ...overrides,
  };
}

export function discoveryFixture(overrides: Partial<Discovery> = {}): Discovery {
  return {
    country: {
      code: 'FR',
      name: 'France',
      is_lisbon_state: true,
      levels: ['higher', 'upper_secondary'],
      is_service_available: true,
      is_verification_possible: true,
    },
    level: 'higher',
    service: serviceFixture(),
    refugee_alternative: serviceFixture({
      kind: 'refugee_comparability',
      includes_verification: false,
      is_free: true,
      price: { total: 0, net: 0, vat: 0 },
      urgent_price: null,
      urgent_supplement: null,
      urgent_working_days: null,
    }),
    lisbon_states_count: 55,
    are_prices_demo: true,
    ...overrides,
  };
}

export function practiceFixture(overrides: Partial<Practice> = {}): Practice {
  return {
    id: 7,
    status: 'draft',
    status_label: 'draft',
    service: 'correspondence_verification',
    country: 'FR',
    level: 'higher',
    is_urgent: false,
    wizard_step: 'purpose',
    purpose: null,
    qualification: null,
    documents: [],
    missing_documents: ['identity_document', 'diploma'],
    history: [{ from_status: null, to_status: 'draft', at: '2026-11-20T10:00:00.000Z' }],
    created_at: '2026-11-20T10:00:00.000Z',
    requested_at: null,
    paid_at: null,
    expected_deadline: null,
    days_to_go: null,
    ...overrides,
  };
}

/** The request of practiceFixture as the lists of requests show it: the summary's fields only. */
export const practiceSummaryFixture = (overrides: Partial<Practice> = {}): PracticeSummary =>
  practiceSummarySchema.parse(practiceFixture(overrides));

export const qualificationFixture = {
  qualification_name: 'Diplôme national de master',
  institution_name: 'Université Lyon 1',
  institution_country: 'FR',
  institution_city: 'Lyon',
  is_institution_country_different: false,
  is_teaching_institution_different: false,
  teaching_institution_name: null,
  teaching_institution_country: null,
  teaching_institution_city: null,
  is_awarding_body_different: false,
  awarding_body_name: null,
  awarding_body_country: null,
  delivery_mode: 'in_presence',
  study_program_name: 'Physique',
  study_program_locale: 'French',
  credits: 120,
  studies_type: 'full_time',
  enrolled_at: '2019-09-01',
  graduated_at: '2021-07-01',
  issued_at: '2021-07-15',
  diploma_type: 'final',
  is_awarding_institution_accredited: false,
  is_teaching_institution_accredited: false,
  diploma_first_name: null,
  diploma_middle_name: null,
  diploma_last_name: null,
} satisfies Practice['qualification'];
