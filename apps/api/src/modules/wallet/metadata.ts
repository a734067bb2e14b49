import {
  LOCALES,
  WALLET_CLAIMS,
  WALLET_CLAIM_LABELS,
  WALLET_CREDENTIAL_ID,
  WALLET_CREDENTIAL_NAME,
  WALLET_VCT_PATH,
} from '@lisbon/domain';
import { preAuthorizedCodeGrantIdentifier, type AuthorizationServerMetadata } from '@openid4vc/oauth2';
import { Openid4vciVersion, type IssuerMetadataResult } from '@openid4vc/openid4vci';
import type { AppContext } from '../../context';
import type { RecordedWalletKey, WalletIssuerKey } from '../../platform/signing/wallet-key';
import { DPOP_SIGNING_ALGS } from './dpop';

/**
 * The documents a wallet reads before anything else (OpenID4VCI 1.0 §12, RFC 8414, SD-JWT VC
 * §4-6): the credential issuer is the deployment's public URL, which is its own authorization
 * server for the pre-authorized code flow.
 */
export const issuerUrlOf = (ctx: AppContext): string => ctx.config.publicUrl.replace(/\/$/, '');
export const vctOf = (ctx: AppContext): string => `${issuerUrlOf(ctx)}${WALLET_VCT_PATH}`;
export const walletEndpoint = (ctx: AppContext, path: string): string =>
  `${issuerUrlOf(ctx)}/api/v1/wallet/${path}`;

export function authorizationServerMetadata(
  ctx: AppContext,
): AuthorizationServerMetadata & { response_types_supported: string[] } {
  return {
    issuer: issuerUrlOf(ctx),
    token_endpoint: walletEndpoint(ctx, 'token'),
    // RFC 8414 §2: REQUIRED whatever the grants, though the libraries' model leaves it out. No
    // authorization endpoint (the pre-authorized code grant uses none), so no response type.
    response_types_supported: [],
    grant_types_supported: [preAuthorizedCodeGrantIdentifier],
    'pre-authorized_grant_anonymous_access_supported': true,
    token_endpoint_auth_methods_supported: ['none'],
    // RFC 9449 §5.1: a wallet that proves a key gets a DPoP-bound token (decision 088, amended).
    dpop_signing_alg_values_supported: DPOP_SIGNING_ALGS,
    // RFC 9396 §10: the token endpoint takes `authorization_details` of this type (OpenID4VCI §6).
    authorization_details_types_supported: ['openid_credential'],
  };
}

const configuration = (ctx: AppContext) => ({
  format: 'dc+sd-jwt' as const,
  vct: vctOf(ctx),
  scope: WALLET_CREDENTIAL_ID,
  cryptographic_binding_methods_supported: ['jwk'],
  credential_signing_alg_values_supported: ['ES256'],
  proof_types_supported: { jwt: { proof_signing_alg_values_supported: ['ES256'] } },
  credential_metadata: {
    display: LOCALES.map((locale) => ({ locale, name: WALLET_CREDENTIAL_NAME[locale].name })),
    claims: WALLET_CLAIMS.map(({ name }) => ({
      path: [name],
      display: LOCALES.map((locale) => ({ locale, name: WALLET_CLAIM_LABELS[locale][name] })),
    })),
  },
});

export function credentialIssuerMetadata(ctx: AppContext) {
  return {
    credential_issuer: issuerUrlOf(ctx),
    credential_endpoint: walletEndpoint(ctx, 'credential'),
    nonce_endpoint: walletEndpoint(ctx, 'nonce'),
    display: LOCALES.map((locale) => ({ locale, name: ctx.config.body.name })),
    credential_configurations_supported: { [WALLET_CREDENTIAL_ID]: configuration(ctx) },
  };
}

/** The metadata as the libraries take it on the issuer's side. */
export function issuerMetadataResult(ctx: AppContext): IssuerMetadataResult {
  const credentialIssuer = credentialIssuerMetadata(ctx);
  return {
    credentialIssuer,
    authorizationServers: [authorizationServerMetadata(ctx)],
    originalDraftVersion: Openid4vciVersion.V1,
    knownCredentialConfigurations: credentialIssuer.credential_configurations_supported,
  } as unknown as IssuerMetadataResult;
}

/**
 * `/.well-known/jwt-vc-issuer` (SD-JWT VC §5): the keys that sign the credentials, each with its
 * `kid`: this instance's first, then every key `keys:rotate` recorded (decision 094), the retired
 * ones included, so a credential signed before a rotation still finds its key. A key `keys:revoke`
 * revoked (decision 114) is not listed, this instance's own included, so no credential it signed
 * verifies for a third party.
 */
export const jwtVcIssuerMetadata = (
  ctx: AppContext,
  key: WalletIssuerKey,
  recorded: readonly RecordedWalletKey[],
) => {
  const revoked = new Set(recorded.filter((other) => other.revokedAt !== null).map((other) => other.jwk.kid));
  const listed = [key.publicJwk, ...recorded.map((other) => other.jwk).filter((jwk) => jwk.kid !== key.kid)];
  return {
    issuer: issuerUrlOf(ctx),
    jwks: { keys: listed.filter((jwk) => !revoked.has(jwk.kid)) },
  };
};

/** The type metadata document at the `vct` (SD-JWT VC §6), in both languages. */
export const typeMetadata = (ctx: AppContext) => ({
  vct: vctOf(ctx),
  name: WALLET_CREDENTIAL_NAME['en-US'].name,
  description: WALLET_CREDENTIAL_NAME['en-US'].description,
  display: LOCALES.map((locale) => ({
    locale,
    lang: locale,
    name: WALLET_CREDENTIAL_NAME[locale].name,
    description: WALLET_CREDENTIAL_NAME[locale].description,
  })),
  claims: WALLET_CLAIMS.map(({ name, personal }) => ({
    path: [name],
    display: LOCALES.map((locale) => ({ locale, lang: locale, label: WALLET_CLAIM_LABELS[locale][name] })),
    sd: personal ? 'always' : 'never',
  })),
});
