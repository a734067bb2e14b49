import { WALLET_STATUS_LIST_MAX_AGE_SECONDS, WALLET_STATUS_LIST_PATH } from '@lisbon/domain';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import { SignJWT } from 'jose';
import type { AppContext } from '../../context';
import { issuerKeyOf } from './issuance.service';
import { issuerUrlOf } from './metadata';
import { statusListRows } from './repository';

/** Status values of the IETF Token Status List: 0 valid, 1 invalid (revoked). */
const VALID = 0;
const INVALID = 1;

/**
 * GET /wallet/status-list: the Token Status List JWT of every credential of the deployment, built
 * from the database at each request (so every instance answers the same), cacheable for
 * WALLET_STATUS_LIST_MAX_AGE_SECONDS: a superseded or revoked statement reads invalid within a minute.
 */
export async function statusListJwt(ctx: AppContext): Promise<string> {
  const key = await issuerKeyOf(ctx);
  const { size, revoked } = await statusListRows(ctx.db);
  // At least 1 KiB of entries, so the list says little about how many credentials exist.
  const statuses = new Array<number>(Math.max(8192, size + 1)).fill(VALID);
  for (const index of revoked) statuses[index] = INVALID;
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const { header, payload } = createHeaderAndPayload(
    new StatusList(statuses, 1),
    {
      iss: issuerUrlOf(ctx),
      sub: `${issuerUrlOf(ctx)}${WALLET_STATUS_LIST_PATH}`,
      iat: now,
      exp: now + 24 * 3600,
      ttl: WALLET_STATUS_LIST_MAX_AGE_SECONDS,
    },
    { alg: 'ES256', typ: 'statuslist+jwt', kid: key.kid },
  );
  return new SignJWT(payload).setProtectedHeader({ ...header, alg: 'ES256' }).sign(key.privateKey);
}
