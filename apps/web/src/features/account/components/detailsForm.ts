import { formatPhoneForReading, isOmocodicTaxId, type User } from '@lisbon/domain';
import type { UseFormReturnType } from '@mantine/form';
import { blankToNull } from '@/shared/forms/schemaForm';

/** The complete-account form as the inputs hold it: text, or null for an empty select. */
export type DetailsValues = {
  category: string;
  phone: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  birth_date: string;
  birth_country: string | null;
  birth_city: string;
  nationality: string | null;
  gender: string;
  document_number: string;
  document_issue_country: string | null;
  document_expiration_date: string;
  tax_id: string;
  tax_id_omocodia_confirmed: boolean;
  residence_country: string | null;
  address: string;
  city: string;
  zip_code: string;
  province: string;
  municipality: string;
};

export type DetailsForm = UseFormReturnType<DetailsValues>;

export function detailsFromUser(user: User): DetailsValues {
  return {
    category: user.category,
    // Kept in E.164, shown for reading: +39 333 123 4567.
    phone: user.phone ? formatPhoneForReading(user.phone) : '',
    first_name: user.first_name,
    middle_name: user.middle_name ?? '',
    last_name: user.last_name,
    birth_date: user.birth_date ?? '',
    birth_country: user.birth_country,
    birth_city: user.birth_city ?? '',
    nationality: user.nationality,
    gender: user.gender ?? '',
    document_number: user.document_number ?? '',
    document_issue_country: user.document_issue_country,
    document_expiration_date: user.document_expiration_date ?? '',
    tax_id: user.tax_id ?? '',
    tax_id_omocodia_confirmed: user.tax_id_omocodia_confirmed,
    residence_country: user.residence_country,
    address: user.address ?? '',
    city: user.city ?? '',
    zip_code: user.zip_code ?? '',
    province: user.province ?? '',
    municipality: user.municipality ?? '',
  };
}

/** The input of `userUpdateSchema`; the omocodia confirmation only counts for an omocodic code. */
export function detailsToInput(values: DetailsValues): Record<string, unknown> {
  return {
    ...blankToNull(values),
    tax_id_omocodia_confirmed: isOmocodicTaxId(values.tax_id) && values.tax_id_omocodia_confirmed,
  };
}
