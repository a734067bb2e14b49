import { billingInfoViewSchema, type BillingInfo, type BillingInfoView } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { requireOwnUser } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { findBillingProfile, saveBillingProfile } from './repository';

/** GET /users/{id}/billing: the billing information last given, or null (the user's own only). */
export async function getBilling(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<BillingInfoView | null> {
  requireOwnUser(actor, userId);
  const info = await findBillingProfile(ctx.db, userId);
  return info ? billingInfoViewSchema.parse(JSON.parse(info)) : null;
}

/** Keeps the billing information on the server, for the next checkout and the invoices. */
export async function storeBilling(
  ctx: AppContext,
  db: Db,
  userId: number,
  billing: BillingInfo,
): Promise<void> {
  await saveBillingProfile(db, { userId, info: JSON.stringify(billing), now: ctx.clock.now().toISOString() });
}

/** PUT /users/{id}/billing. */
export async function putBilling(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
  billing: BillingInfo,
): Promise<BillingInfoView> {
  requireOwnUser(actor, userId);
  await storeBilling(ctx, ctx.db, userId, billing);
  return billing;
}
