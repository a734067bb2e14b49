import type { AppContext } from '../../context';
import { totpContext } from '../../platform/secret-box';

/**
 * TOTP secrets stored before they were sealed (decision 057), sealed at start: each instance may
 * run it, a sealed value is never sealed twice. Answers how many accounts it sealed.
 */
export async function sealLegacyTotpSecrets(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'two_factor_secret', 'two_factor_pending_secret'])
    .where((eb) =>
      eb.or([
        eb.and([eb('two_factor_secret', 'is not', null), eb('two_factor_secret', 'not like', 'v1.%')]),
        eb.and([
          eb('two_factor_pending_secret', 'is not', null),
          eb('two_factor_pending_secret', 'not like', 'v1.%'),
        ]),
      ]),
    )
    .execute();
  const seal = (value: string | null, id: number) =>
    value === null || ctx.secrets.isSealed(value) ? value : ctx.secrets.seal(value, totpContext(id));
  for (const row of rows) {
    await ctx.db
      .updateTable('users')
      .set({
        two_factor_secret: seal(row.two_factor_secret, row.id),
        two_factor_pending_secret: seal(row.two_factor_pending_secret, row.id),
      })
      .where('id', '=', row.id)
      .where('two_factor_secret', 'is not distinct from', row.two_factor_secret)
      .execute();
  }
  return rows.length;
}
