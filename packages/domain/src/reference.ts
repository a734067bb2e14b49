import { z } from 'zod/mini';
import { DOCUMENT_TYPES, EDUCATION_LEVELS, SERVICE_KINDS } from './services';

/** A country of education system as the API shows it (reference data an administrator can correct). */
export const countrySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    is_lisbon_state: z.boolean(),
    levels: z.array(z.enum(EDUCATION_LEVELS)),
    is_service_available: z.boolean(),
    is_verification_possible: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Country' });
export type Country = z.infer<typeof countrySchema>;

/** GET /countries: `search` needs at least 2 characters (spec §5), matched on the code or the name. */
export const countriesQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.minLength(2), z.maxLength(60))),
});

/** GET /services/discovery?country=FR&level=higher */
export const discoveryQuerySchema = z.object({
  country: z.string().check(z.trim(), z.length(2)),
  level: z.enum(EDUCATION_LEVELS),
});

export const serviceDescriptionSchema = z.object({
  kind: z.enum(SERVICE_KINDS),
  includes_verification: z.boolean(),
  is_free: z.boolean(),
  /** Prices in euro cents, VAT included; the VAT part is shown apart. */
  price: z.object({
    total: z.number().check(z.int()),
    net: z.number().check(z.int()),
    vat: z.number().check(z.int()),
  }),
  urgent_price: z.nullable(
    z.object({
      total: z.number().check(z.int()),
      net: z.number().check(z.int()),
      vat: z.number().check(z.int()),
    }),
  ),
  /** What urgent processing adds to the price (its own line on the invoice); null where it is not offered. */
  urgent_supplement: z.nullable(
    z.object({
      total: z.number().check(z.int()),
      net: z.number().check(z.int()),
      vat: z.number().check(z.int()),
    }),
  ),
  ordinary_working_days: z.number().check(z.int()),
  urgent_working_days: z.nullable(z.number().check(z.int())),
  /** The deadline of a request submitted today, ordinary processing (ISO date). */
  expected_deadline: z.string(),
  required_documents: z.array(z.enum(DOCUMENT_TYPES)),
});
export type ServiceDescription = z.infer<typeof serviceDescriptionSchema>;

/** GET /reference/figures: counts the texts state, taken from the data an administrator corrects. */
export const referenceFiguresSchema = z
  .object({ lisbon_states_count: z.number().check(z.int()) })
  .register(z.globalRegistry, { id: 'ReferenceFigures' });
export type ReferenceFigures = z.infer<typeof referenceFiguresSchema>;

/** Where a text names a figure of the data (CMS answers): `{{lisbon_states_count}}`. */
export function interpolateFigures(text: string, figures: ReferenceFigures): string {
  return text.replaceAll('{{lisbon_states_count}}', String(figures.lisbon_states_count));
}

/** GET /contact: where applicants reach the body; set by configuration. */
export const contactDetailsSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    /** Null: no telephone line is offered. */
    phone: z.nullable(z.string()),
    /** Opening hours, as the operator wrote them. */
    hours: z.string(),
    /** Demo values are configuration defaults; the page says so while they are in use. */
    is_demo: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'ContactDetails' });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const discoverySchema = z
  .object({
    country: countrySchema,
    level: z.enum(EDUCATION_LEVELS),
    /** Null when no service is available for this country and level. */
    service: z.nullable(serviceDescriptionSchema),
    /** The free comparability service for refugees, when one applies. */
    refugee_alternative: z.nullable(serviceDescriptionSchema),
    /** How many Lisbon Recognition Convention states the data holds (spec §1 speaks of 55). */
    lisbon_states_count: z.number().check(z.int()),
    /** Demo prices are configuration; the portal says so while they are in use. */
    are_prices_demo: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'ServiceDiscovery' });
export type Discovery = z.infer<typeof discoverySchema>;

/**
 * The service of a discovery answer that applies (spec §1): a refugee's is the free comparability
 * alternative, anyone else's the service of the country and level; null when none applies.
 */
export const applicableService = (discovery: Discovery, isRefugee: boolean): ServiceDescription | null =>
  isRefugee ? discovery.refugee_alternative : discovery.service;
