import { countryName, type BillingInfoView } from '@lisbon/domain';

/** The payer as an invoice prints it, from the billing information given at checkout. */
export function payerLines(billing: BillingInfoView): string[] {
  // No zip code where the country has none (`hasPostalCodes`): the city alone.
  const place = [billing.zip_code, billing.city, billing.province && `(${billing.province})`]
    .filter(Boolean)
    .join(' ');
  const address = [billing.address, place, countryName(billing.country, 'it-IT')];
  switch (billing.entity_type) {
    case 'individual':
      return [
        `${billing.first_name} ${billing.last_name}`,
        ...(billing.fiscal_code ? [`Codice fiscale / Tax code: ${billing.fiscal_code}`] : []),
        ...address,
      ];
    case 'legal_entity':
      return [
        billing.business_name,
        `P. IVA / VAT no. ${billing.vat_number}`,
        ...(billing.fiscal_code ? [`Codice fiscale / Tax code: ${billing.fiscal_code}`] : []),
        ...(billing.sdi_code ? [`Codice destinatario SDI: ${billing.sdi_code}`] : []),
        ...(billing.pec ? [`PEC: ${billing.pec}`] : []),
        ...address,
      ];
  }
}
