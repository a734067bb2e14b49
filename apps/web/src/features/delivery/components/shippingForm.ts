import { formatPhoneForReading, type User } from '@lisbon/domain';
import { storage } from '@/shared/storage';

/** The shipping form as its inputs hold it: text, null for no country chosen. */
export type ShippingValues = {
  recipient_name: string;
  address: string;
  city: string;
  zip_code: string;
  province: string;
  country: string | null;
  phone: string;
};

const TEXT_FIELDS = ['recipient_name', 'address', 'city', 'zip_code', 'province', 'phone'] as const;

/**
 * The account's own name, address and phone: where the originals most often go back to. The phone,
 * kept in E.164, is written for reading (`+39 333 123 4567`), as the account's form shows it.
 */
export function shippingFromProfile(user: User): ShippingValues {
  return {
    recipient_name: [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' '),
    address: user.address ?? '',
    city: user.city ?? '',
    zip_code: user.zip_code ?? '',
    province: user.province ?? '',
    country: user.residence_country,
    phone: user.phone ? formatPhoneForReading(user.phone, user.residence_country) : '',
  };
}

/**
 * What the form starts with (issue 14): what was typed in this browser ('shipping'), so a reload
 * loses nothing, over the account's name, address and phone.
 */
export function initialShipping(user: User): ShippingValues {
  const values = shippingFromProfile(user);
  const stored = storage.get('shipping');
  if (!stored) return values;
  for (const key of TEXT_FIELDS) {
    const value = stored[key];
    if (typeof value === 'string') values[key] = value;
  }
  if (typeof stored.country === 'string' && stored.country) values.country = stored.country;
  return values;
}
