import { Oauth2Error, Oauth2ServerErrorResponseError } from '@openid4vc/oauth2';
import { Openid4vciError } from '@openid4vc/openid4vci';

/**
 * A refusal of a protocol endpoint in the error format its specification requires (RFC 6749 §5.2,
 * OpenID4VCI 1.0 §8.3.1, RFC 6750 §3): `{ error, error_description }`, never a 500.
 */
export class WalletProtocolError extends Error {
  override name = 'WalletProtocolError';
  readonly description: string;
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    /** The scheme a 401 challenges with, when the refusal decides it (a DPoP-bound token: `DPoP`). */
    readonly scheme?: 'Bearer' | 'DPoP',
  ) {
    const safe = describable(description);
    super(safe);
    this.description = safe;
  }
}

/**
 * The form a protocol endpoint takes (the token request, RFC 6749 §4.1.3; a `direct_post` answer,
 * OpenID4VP 1.0 §8.2), parsed; any other body is refused `invalid_request` with `description`.
 */
export function formBodyOf(
  request: { headers: { 'content-type'?: string }; body: unknown },
  description: string,
): Record<string, unknown> {
  if (!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    throw new WalletProtocolError(400, 'invalid_request', description);
  return typeof request.body === 'object' && request.body !== null
    ? (request.body as Record<string, unknown>)
    : {};
}

/**
 * A request to the credential endpoint that carries no access token: no `Authorization`, or one of
 * a scheme it does not take (RFC 6750 §3.1, "attempted using an unsupported authentication
 * method"). It is told only the schemes it may use: no error code, no other error information.
 */
export class WalletAccessTokenMissing extends Error {
  override name = 'WalletAccessTokenMissing';
}

/**
 * RFC 6749 §5.2: `error_description` is one line of printable ASCII, without a quote or a
 * backslash. A library's description keeps its first line, with any other character left out.
 */
function describable(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '').trim();
}

/** A refusal of the request by a wallet library (or one of ours), which the wallet is answered. */
export const isLibraryRefusal = (error: unknown): error is Error =>
  error instanceof WalletProtocolError ||
  error instanceof Oauth2ServerErrorResponseError ||
  error instanceof Openid4vciError ||
  error instanceof Oauth2Error ||
  (error instanceof Error && (error.name.startsWith('Oauth2') || error.name === 'ValidationError'));

/** What a library's refusal of the request means for the wallet; anything else stays an error of ours. */
export function protocolErrorOf(error: unknown, fallback: string): WalletProtocolError | undefined {
  if (error instanceof WalletProtocolError) return error;
  if (error instanceof Oauth2ServerErrorResponseError)
    return new WalletProtocolError(
      error.status >= 400 && error.status < 500 ? error.status : 400,
      error.errorResponse.error,
      error.errorResponse.error_description ?? error.message,
    );
  if (isLibraryRefusal(error))
    return new WalletProtocolError(400, fallback, error.message.split('\n')[0] ?? fallback);
  return undefined;
}
