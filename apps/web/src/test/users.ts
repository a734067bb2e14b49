import { abilitiesFor, type Role, type User } from '@lisbon/domain';

/** A user as `GET /auth/me` answers it, with an empty profile unless told otherwise. */
export function testUser(overrides: Partial<User> & { role?: Role } = {}): User {
  const role = overrides.role ?? 'applicant';
  return {
    id: 1,
    email: 'ada@example.org',
    locale: 'en-US',
    category: 'standard',
    role,
    abilities: abilitiesFor(role),
    first_name: 'Ada',
    middle_name: null,
    last_name: 'Lovelace',
    birth_date: null,
    birth_country: null,
    birth_city: null,
    nationality: null,
    document_number: null,
    document_issue_country: null,
    document_expiration_date: null,
    phone: null,
    gender: null,
    residence_country: null,
    address: null,
    city: null,
    zip_code: null,
    province: null,
    municipality: null,
    tax_id: null,
    tax_id_omocodia_confirmed: false,
    marketing_consent: false,
    two_factor_enabled: false,
    activated_at: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A profile complete enough that login goes on to the requests. */
export const completeProfile: Partial<User> = {
  birth_date: '1990-05-17',
  birth_country: 'GB',
  nationality: 'GB',
  document_number: 'X1234567',
  phone: '+442079460958',
  residence_country: 'IT',
  address: 'Via Roma 1',
  city: 'Roma',
};
