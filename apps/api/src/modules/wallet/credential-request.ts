import { WALLET_CREDENTIAL_ID } from '@lisbon/domain';
import { isJwtTooDeep } from '../../platform/http/json-depth';
import { WalletProtocolError } from './protocol-error';

// The credential endpoint’s request read as OpenID4VCI 1.0 §8.2 writes it, before the library reads it.

/** A JWS in compact form with a signature: header, payload and signature, each base64url. */
const SIGNED_COMPACT_JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The credential asked for as OpenID4VCI 1.0 §8.2 says: by a credential identifier the token
 * granted when its request had `authorization_details`, and then never by configuration; by our
 * one configuration's id otherwise, and then never by an identifier, since none was given.
 */
function checkCredentialAskedFor(body: Record<string, unknown>, grantedIdentifiers: string[] | undefined) {
  if (grantedIdentifiers) {
    if ('credential_configuration_id' in body)
      throw new WalletProtocolError(
        400,
        'invalid_credential_request',
        'Name the credential_identifier of the token response, not a credential_configuration_id',
      );
    if (typeof body.credential_identifier !== 'string')
      throw new WalletProtocolError(
        400,
        'invalid_credential_request',
        'The credential_identifier is missing',
      );
    if (!grantedIdentifiers.includes(body.credential_identifier))
      throw new WalletProtocolError(
        400,
        'unknown_credential_identifier',
        'The access token grants no credential of this identifier',
      );
    return;
  }
  if ('credential_identifier' in body)
    throw new WalletProtocolError(
      400,
      'unknown_credential_identifier',
      'No credential identifier was issued',
    );
  if (typeof body.credential_configuration_id !== 'string')
    throw new WalletProtocolError(
      400,
      'invalid_credential_request',
      'The credential_configuration_id is missing',
    );
  if (body.credential_configuration_id !== WALLET_CREDENTIAL_ID)
    throw new WalletProtocolError(
      400,
      'unknown_credential_configuration',
      `The only credential configuration is ${WALLET_CREDENTIAL_ID}`,
    );
}

/**
 * What OpenID4VCI 1.0 §8.2 allows, checked before the library reads the request (it also reads
 * earlier drafts' forms): the credential asked for as the token says, and one key proof in
 * `proofs` (the issuer does not issue in batches; the metadata has no `batch_credential_issuance`).
 */
export function checkedCredentialRequest(
  body: Record<string, unknown>,
  grantedIdentifiers: string[] | undefined,
): Record<string, unknown> {
  checkCredentialAskedFor(body, grantedIdentifiers);
  // §8.3.1.2: the metadata offers no credential_response_encryption, so a wallet that asks for an
  // encrypted answer is told its encryption parameters cannot be met, never answered in clear.
  if ('credential_response_encryption' in body)
    throw new WalletProtocolError(
      400,
      'invalid_encryption_parameters',
      'This issuer does not encrypt credential responses: send the request without credential_response_encryption',
    );
  if ('proof' in body)
    throw new WalletProtocolError(
      400,
      'invalid_credential_request',
      'Send the key proof in proofs, not proof',
    );
  const proofs = body.proofs as { jwt?: unknown } | undefined;
  if (!Array.isArray(proofs?.jwt) || proofs.jwt.length === 0)
    throw new WalletProtocolError(400, 'invalid_proof', 'A jwt key proof is required');
  if (proofs.jwt.length > 1)
    throw new WalletProtocolError(
      400,
      'invalid_credential_request',
      'One key proof: this issuer does not issue credentials in batches',
    );
  // A proof that is not a signed JWT (unsecured, `alg: none`, or no JWT at all) is an invalid proof
  // (§8.3.1.2), not a request the library's schema could not read.
  if (typeof proofs.jwt[0] !== 'string' || !SIGNED_COMPACT_JWT.test(proofs.jwt[0]))
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof is not a signed JWT');
  // Its header and payload are JSON that jose and the library parse: too deep, refused before they are.
  if (isJwtTooDeep(proofs.jwt[0]))
    throw new WalletProtocolError(400, 'invalid_proof', 'The key proof is nested too deeply');
  return body;
}
