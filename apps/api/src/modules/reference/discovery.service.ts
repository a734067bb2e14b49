import {
  deadlineFrom,
  ORDINARY_WORKING_DAYS,
  serviceFor,
  URGENT_WORKING_DAYS,
  type Discovery,
  type EducationLevel,
  type Locale,
  type ServiceDescription,
  type ServiceOffer,
  type UserCategory,
  type WorkingCalendar,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { bodyToday, workingCalendar } from './calendar.service';
import { servicePrice, urgentPrice, urgentSupplement } from './prices';
import { countLisbonStates, findCountryRow } from './repository';
import { requiredDocuments, toCountry, toCountryFacts } from './service';

type Describe = { country: string; level: EducationLevel; today: string; calendar: WorkingCalendar };

async function describe(
  ctx: AppContext,
  offer: ServiceOffer | null,
  category: UserCategory,
  { country, level, today, calendar }: Describe,
): Promise<ServiceDescription | null> {
  if (!offer) return null;
  return {
    kind: offer.kind,
    includes_verification: offer.includesVerification,
    is_free: offer.isFree,
    price: servicePrice(ctx.config.prices, offer.kind),
    urgent_price: offer.isUrgentAvailable ? urgentPrice(ctx.config.prices, offer.kind) : null,
    urgent_supplement: offer.isUrgentAvailable ? urgentSupplement(ctx.config.prices) : null,
    ordinary_working_days: ORDINARY_WORKING_DAYS,
    urgent_working_days: offer.isUrgentAvailable ? URGENT_WORKING_DAYS : null,
    expected_deadline: deadlineFrom(today, false, calendar),
    required_documents: await requiredDocuments(ctx.db, { country, level, category }),
  };
}

/**
 * GET /services/discovery: public, no access check. The service a standard applicant gets for a
 * country and level, and the refugee alternative; both null where no service is available.
 */
export async function discoverService(
  ctx: AppContext,
  query: { country: string; level: EducationLevel },
  locale: Locale,
): Promise<Discovery> {
  const row = await findCountryRow(ctx.db, query.country.toUpperCase());
  if (!row) throw new AppError('NOT_FOUND');
  const facts = toCountryFacts(row);
  const input = {
    country: row.code,
    level: query.level,
    today: bodyToday(ctx),
    calendar: await workingCalendar(ctx),
  };
  const standard = serviceFor({ country: facts, level: query.level, category: 'standard' });
  const refugee = serviceFor({ country: facts, level: query.level, category: 'refugee' });
  return {
    country: toCountry(row, locale),
    level: query.level,
    service: await describe(ctx, standard, 'standard', input),
    refugee_alternative: await describe(ctx, refugee, 'refugee', input),
    lisbon_states_count: await countLisbonStates(ctx.db),
    are_prices_demo: ctx.config.arePricesDemo,
  };
}
