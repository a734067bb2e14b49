import type { AppContext } from '../../context';
import { totpContext } from '../../platform/secret-box';
import { findUsersWithUnsealedTotp, updateTotpSecretsUnlessChanged } from './repository';

/**
 * TOTP secrets stored before they were sealed (decision 057), sealed at start: each instance may
 * run it, a sealed value is never sealed twice. Answers how many accounts it sealed.
 */
export async function sealLegacyTotpSecrets(ctx: AppContext): Promise<number> {
  const rows = await findUsersWithUnsealedTotp(ctx.db);
  const seal = (value: string | null, id: number) =>
    value === null || ctx.secrets.isSealed(value) ? value : ctx.secrets.seal(value, totpContext(id));
  for (const row of rows) {
    await updateTotpSecretsUnlessChanged(ctx.db, {
      id: row.id,
      seen: row.two_factor_secret,
      secret: seal(row.two_factor_secret, row.id),
      pendingSecret: seal(row.two_factor_pending_secret, row.id),
    });
  }
  return rows.length;
}
