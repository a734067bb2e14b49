import {
  WALLET_CREDENTIAL_ID,
  walletAuthorizationDetailsSchema,
  walletGrantedDetailsSchema,
  type WalletGrantedDetails,
} from '@lisbon/domain';
import { parseShallowJson } from '../../platform/http/json-depth';
import { WalletProtocolError } from './protocol-error';

/** The configurations an offer grants: its `credential_configuration_ids`. */
export const OFFERED_CONFIGURATIONS: readonly string[] = [WALLET_CREDENTIAL_ID];

const refused = (description: string) =>
  new WalletProtocolError(400, 'invalid_authorization_details', description);

/**
 * The configurations a token request's `authorization_details` asks for (OpenID4VCI 1.0 §6.1),
 * undefined when it sends none. Refused `invalid_authorization_details` (RFC 9396 §5) when the
 * value is not the JSON array of `openid_credential` entries §5.1.1 describes, names a
 * configuration the offer does not grant, or names another place of use.
 */
export function requestedConfigurations(value: unknown, issuer: string): string[] | undefined {
  if (value === undefined) return undefined;
  // Unreadable, or nested too deep to be read: refused below like any other shape.
  const json = typeof value === 'string' ? parseShallowJson(value) : undefined;
  const parsed = walletAuthorizationDetailsSchema.safeParse(json);
  if (!parsed.success) throw refused('The authorization_details are not a list of openid_credential entries');
  const configurations = parsed.data.map((detail) => detail.credential_configuration_id);
  const notOffered = configurations.find((id) => !OFFERED_CONFIGURATIONS.includes(id));
  if (notOffered !== undefined)
    throw refused(`The offer does not grant the credential configuration ${notOffered}`);
  if (parsed.data.some((detail) => detail.locations && !detail.locations.includes(issuer)))
    throw refused(`The locations do not name this credential issuer, ${issuer}`);
  return [...new Set(configurations)];
}

/**
 * What the token grants for those configurations: the offer's one credential dataset, its
 * statement, is each one's credential identifier (§6.2).
 */
export const grantedDetails = (
  configurations: readonly string[],
  statementId: string,
): WalletGrantedDetails =>
  configurations.map((id) => ({
    type: 'openid_credential',
    credential_configuration_id: id,
    credential_identifiers: [statementId],
  }));

/** The credential identifiers an access token grants, from its `authorization_details`; undefined if none. */
export function grantedIdentifiersOf(accessTokenPayload: Record<string, unknown>): string[] | undefined {
  if (accessTokenPayload.authorization_details === undefined) return undefined;
  const parsed = walletGrantedDetailsSchema.safeParse(accessTokenPayload.authorization_details);
  // Our own signature over a claim we did not write: the token is not one of ours to honour.
  if (!parsed.success) return [];
  return parsed.data.flatMap((detail) => detail.credential_identifiers);
}
