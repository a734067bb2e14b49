import {
  type BillingInfoView,
  ENTITY_TYPES,
  type EntityType,
  isOmocodicTaxId,
  type User,
} from '@lisbon/domain';
import type { UseFormReturnType } from '@mantine/form';
import { blankToNull } from '@/shared/forms/schemaForm';
import { storage } from '@/shared/storage';

/** The billing form as the inputs hold it: both kinds of payer, so switching loses nothing typed. */
export type BillingValues = {
  entity_type: EntityType;
  first_name: string;
  last_name: string;
  business_name: string;
  vat_number: string;
  fiscal_code: string;
  /** The payer confirms an omocodic fiscal code is correct (spec §5). */
  fiscal_code_omocodia_confirmed: boolean;
  sdi_code: string;
  pec: string;
  address: string;
  city: string;
  zip_code: string;
  province: string;
  country: string | null;
};

export type BillingForm = UseFormReturnType<BillingValues>;

/** An address the billing address can be the same as (the return delivery's shipping address). */
export type BillingAddress = Pick<BillingValues, 'address' | 'city' | 'zip_code' | 'province' | 'country'>;

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'business_name',
  'vat_number',
  'fiscal_code',
  'sdi_code',
  'pec',
  'address',
  'city',
  'zip_code',
  'province',
] as const;

/** The fields each kind of payer sends (billingInfoSchema's two variants). */
const FIELDS_OF: Record<EntityType, readonly (keyof BillingValues)[]> = {
  individual: ['first_name', 'last_name', 'fiscal_code'],
  legal_entity: ['business_name', 'vat_number', 'fiscal_code', 'sdi_code', 'pec'],
};
const ADDRESS_FIELDS = ['address', 'city', 'zip_code', 'province', 'country'] as const;

const ADDRESS_TEXTS = ['address', 'city', 'zip_code', 'province'] as const;

/** The values with the given address in place of theirs. */
export const withAddress = (values: BillingValues, address: BillingAddress): BillingValues => ({
  ...values,
  address: address.address,
  city: address.city,
  zip_code: address.zip_code,
  province: address.province,
  country: address.country,
});

/**
 * Whether "same as shipping" starts ticked: unless a billing address was given before (typed in
 * this browser or kept on the server) and it is another one. The account's address does not count.
 */
export function startsAsShipping(
  values: BillingValues,
  server: BillingInfoView | null,
  shipping: BillingAddress,
): boolean {
  if (!storage.get('billing') && !server) return true;
  const isBlank = ['address', 'city', 'zip_code'].every((key) => !values[key as 'address'].trim());
  const isSame =
    ADDRESS_TEXTS.every((key) => values[key].trim() === shipping[key].trim()) &&
    values.country === shipping.country;
  return isBlank || isSame;
}

const isEntityType = (value: unknown): value is EntityType =>
  (ENTITY_TYPES as readonly unknown[]).includes(value);

/** A saved value read back: the texts it has, nothing else (storage may hold anything). */
function fromRecord(base: BillingValues, record: Record<string, unknown>): BillingValues {
  const values = { ...base };
  for (const key of TEXT_FIELDS) {
    const value = record[key];
    if (typeof value === 'string') values[key] = value;
  }
  // An address kept without a zip code (its country has none) is not given the account's.
  if (record.zip_code === null) values.zip_code = '';
  if (isEntityType(record.entity_type)) values.entity_type = record.entity_type;
  // A confirmation counts for the code it was given for: the account's carries over only to the same code.
  values.fiscal_code_omocodia_confirmed =
    typeof record.fiscal_code_omocodia_confirmed === 'boolean'
      ? record.fiscal_code_omocodia_confirmed
      : values.fiscal_code === base.fiscal_code && base.fiscal_code_omocodia_confirmed;
  if (typeof record.country === 'string' && record.country) values.country = record.country;
  return values;
}

/**
 * What the form starts with: what was typed in this browser ('billing'), else the billing
 * information kept on the server, else the account's own name and address.
 */
export function initialBilling(user: User, server: BillingInfoView | null): BillingValues {
  const fromProfile: BillingValues = {
    entity_type: 'individual',
    first_name: user.first_name,
    last_name: user.last_name,
    business_name: '',
    vat_number: '',
    fiscal_code: user.tax_id ?? '',
    // The account's tax ID, already confirmed there, needs no second confirmation.
    fiscal_code_omocodia_confirmed: user.tax_id_omocodia_confirmed,
    sdi_code: '',
    pec: '',
    address: user.address ?? '',
    city: user.city ?? '',
    zip_code: user.zip_code ?? '',
    province: user.province ?? '',
    country: user.residence_country,
  };
  const stored = storage.get('billing');
  if (stored) return fromRecord(fromProfile, stored);
  return server ? fromRecord(fromProfile, server) : fromProfile;
}

/**
 * The input of billingInfoSchema: the chosen kind's fields and the address; blank text is null.
 * The omocodia confirmation only counts for an individual's omocodic code.
 */
export function billingToInput(values: BillingValues): Record<string, unknown> {
  const picked: Record<string, unknown> = { entity_type: values.entity_type };
  for (const key of [...FIELDS_OF[values.entity_type], ...ADDRESS_FIELDS]) picked[key] = values[key];
  if (values.entity_type === 'individual' && isOmocodicTaxId(values.fiscal_code)) {
    picked.fiscal_code_omocodia_confirmed = values.fiscal_code_omocodia_confirmed;
  }
  return blankToNull(picked);
}
