import type { ProfileField } from '@lisbon/domain';

/** The account page's label of each detail an account is completed with (PROFILE_FIELDS). */
export const PROFILE_FIELD_LABELS = {
  birth_date: 'account.fields.birthDate',
  birth_country: 'account.fields.birthCountry',
  nationality: 'account.fields.nationality',
  document_number: 'account.fields.documentNumber',
  phone: 'account.fields.phone',
  residence_country: 'account.fields.residenceCountry',
  address: 'account.fields.address',
  city: 'account.fields.city',
} as const satisfies Record<ProfileField, `account.fields.${string}`>;

/** The id of a detail's input on the account page: the target of a link naming it. */
export const profileFieldId = (field: ProfileField): string => `account-${field.replaceAll('_', '-')}`;
