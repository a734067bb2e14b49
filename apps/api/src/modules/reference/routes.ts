import {
  contactDetailsSchema,
  countriesQuerySchema,
  countrySchema,
  dataEnvelope,
  discoveryQuerySchema,
  discoverySchema,
  errorBodySchema,
  listEnvelope,
  negotiateLocale,
  referenceFiguresSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { discoverService } from './discovery.service';
import { contactDetails, getCountry, listCountries, referenceFigures } from './service';

const localeOf = (headers: { 'accept-language'?: string | undefined }) =>
  negotiateLocale(headers['accept-language']);

/** Public reference data: countries of education system and service discovery (no login). */
export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/countries',
    {
      schema: {
        summary: 'Countries of education system, named in the language of Accept-Language',
        description: '`search` (2 characters at least) matches the ISO code or the name, ignoring accents.',
        tags: ['reference'],
        querystring: countriesQuerySchema,
        response: { 200: listEnvelope(countrySchema), 422: errorBodySchema },
      },
    },
    async (request) => listCountries(ctx, request.query, localeOf(request.headers)),
  );

  app.get(
    '/countries/:code',
    {
      schema: {
        summary: 'One country of education system',
        tags: ['reference'],
        params: z.object({ code: z.string().length(2) }),
        response: { 200: dataEnvelope(countrySchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await getCountry(ctx, request.params.code, localeOf(request.headers)) }),
  );

  app.get(
    '/services/discovery',
    {
      schema: {
        summary: 'The service for a country and level of education system, with price, documents and time',
        description:
          'For a standard applicant, with the free refugee alternative. `service` is null where no service is available. The expected deadline counts working days from today (weekends, Italian holidays, the body’s local holiday and closures skipped).',
        tags: ['reference'],
        querystring: discoveryQuerySchema,
        response: { 200: dataEnvelope(discoverySchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await discoverService(ctx, request.query, localeOf(request.headers)) }),
  );

  app.get(
    '/reference/figures',
    {
      schema: {
        summary:
          'Figures of the reference data that texts state, such as the count of Lisbon Convention states',
        tags: ['reference'],
        response: { 200: dataEnvelope(referenceFiguresSchema) },
      },
    },
    async () => ({ data: await referenceFigures(ctx.db) }),
  );

  app.get(
    '/contact',
    {
      schema: {
        summary: 'Where applicants reach the body: address, email, telephone and opening hours',
        description:
          'Set by the CONTACT_* configuration; `is_demo` is true while any of it is a demo default.',
        tags: ['reference'],
        response: { 200: dataEnvelope(contactDetailsSchema) },
      },
    },
    async () => ({ data: contactDetails(ctx) }),
  );
};
