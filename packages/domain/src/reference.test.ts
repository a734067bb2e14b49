import { describe, expect, it } from 'vitest';
import { applicableService, type Discovery, type ServiceDescription } from './reference';

const described = (kind: ServiceDescription['kind'], isFree = false): ServiceDescription => ({
  kind,
  includes_verification: kind.endsWith('_verification'),
  is_free: isFree,
  price: { total: isFree ? 0 : 24590, net: 0, vat: 0 },
  urgent_price: null,
  urgent_supplement: null,
  ordinary_working_days: 60,
  urgent_working_days: null,
  expected_deadline: '2027-01-29',
  required_documents: [],
});

const discovery = (
  service: ServiceDescription | null,
  alternative: ServiceDescription | null,
): Discovery => ({
  country: {
    code: 'FR',
    name: 'France',
    is_lisbon_state: true,
    levels: ['higher'],
    is_service_available: true,
    is_verification_possible: true,
  },
  level: 'higher',
  service,
  refugee_alternative: alternative,
  lisbon_states_count: 55,
  are_prices_demo: true,
});

describe('applicableService', () => {
  const paid = described('correspondence_verification');
  const free = described('refugee_comparability', true);

  it('gives a refugee the free alternative and anyone else the service of the country and level', () => {
    expect(applicableService(discovery(paid, free), true)).toBe(free);
    expect(applicableService(discovery(paid, free), false)).toBe(paid);
  });

  it('gives nothing when the service that would apply is not available', () => {
    expect(applicableService(discovery(paid, null), true)).toBeNull();
    expect(applicableService(discovery(null, free), false)).toBeNull();
  });
});
