import { countryName } from './countries';
import type { Locale } from './locales';
import type { Certificate, CERTIFICATE_FIELDS } from './statement';
import { formatLongDate } from './formats';
import { BODY_TIME_ZONE } from './wall-clock';

/**
 * A certificate field as the statement prints it and the certificate display shows it: dates in
 * full and countries by name, in the given language; null when the field is empty. The birth date
 * is a calendar day (read in UTC, so it never shifts); the publish date is the body's day.
 */
export function certificateFieldText(
  certificate: Certificate,
  field: (typeof CERTIFICATE_FIELDS)[number],
  locale: Locale,
): string | null {
  switch (field) {
    case 'birth_date':
      return certificate.birth_date ? formatLongDate(certificate.birth_date, locale) : null;
    case 'publish_date':
      return formatLongDate(certificate.publish_date, locale, BODY_TIME_ZONE);
    case 'country_of_studies':
    case 'country_of_education_system':
      return certificate[field] ? countryName(certificate[field], locale) : null;
    case 'award_year':
    case 'request_id':
      return certificate[field] === null ? null : String(certificate[field]);
    default:
      return certificate[field] ?? null;
  }
}
