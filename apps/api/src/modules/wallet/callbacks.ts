import { createHash, randomBytes } from 'node:crypto';
import {
  clientAuthenticationNone,
  type CallbackContext,
  type Jwk,
  type SignJwtCallback,
  type VerifyJwtCallback,
} from '@openid4vc/oauth2';
import { importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import type { WalletIssuerKey } from '../../platform/signing/wallet-key';

/**
 * What the OpenID4VC libraries ask of the host (decision 088): hashing, randomness, and JWTs
 * signed with the deployment's issuer key or checked against the key a JWT names (the wallet's
 * `jwk` in a key proof). The libraries do the protocol; jose does the signatures.
 */
export const verifyJwt: VerifyJwtCallback = async (signer, { compact }) => {
  if (signer.method !== 'jwk') return { verified: false };
  try {
    await jwtVerify(compact, await importJWK(signer.publicJwk as JWK, signer.alg), {
      algorithms: ['ES256'],
    });
    return { verified: true, signerJwk: signer.publicJwk };
  } catch {
    return { verified: false };
  }
};

const signWith =
  (key: WalletIssuerKey): SignJwtCallback =>
  async (signer, { header, payload }) => {
    const isOurs =
      (signer.method === 'jwk' && signer.publicJwk.kid === key.kid) ||
      (signer.method === 'did' && signer.didUrl === verifierDidUrl(key));
    if (!isOurs) throw new Error('only the issuer key signs here');
    const kid = signer.method === 'did' ? signer.didUrl : key.kid;
    const jwt = await new SignJWT(payload)
      .setProtectedHeader({ ...header, alg: 'ES256', kid })
      .sign(key.privateKey);
    return { jwt, signerJwk: key.publicJwk as Jwk };
  };

export function walletCallbacks(
  key: WalletIssuerKey,
): Omit<CallbackContext, 'encryptJwe' | 'decryptJwe' | 'fetch'> &
  Pick<CallbackContext, 'encryptJwe' | 'decryptJwe'> {
  return {
    hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
    generateRandom: (bytes) => randomBytes(bytes),
    clientAuthentication: clientAuthenticationNone({ clientId: 'lisbon' }),
    signJwt: signWith(key),
    verifyJwt,
    encryptJwe: () => Promise.reject(new Error('no encrypted responses')),
    decryptJwe: () => Promise.resolve({ decrypted: false as const }),
  };
}

/**
 * The verifier's client identifier (OpenID4VP 1.0 §5.9.3, `decentralized_identifier`): a did:jwk of
 * the issuer's public key, so a wallet checks the signed request with no lookup, and a person can
 * compare it with the keys at `/.well-known/jwt-vc-issuer`.
 */
export const verifierDid = (key: Pick<WalletIssuerKey, 'publicJwk'>): string => {
  const { kty, crv, x, y } = key.publicJwk;
  return `did:jwk:${Buffer.from(JSON.stringify({ crv, kty, x, y })).toString('base64url')}`;
};
export const verifierDidUrl = (key: WalletIssuerKey): string => `${verifierDid(key)}#0`;

/** The issuer key as the libraries' signer. */
export const issuerSigner = (key: WalletIssuerKey) => ({
  method: 'jwk' as const,
  alg: 'ES256',
  publicJwk: key.publicJwk as Jwk,
});
