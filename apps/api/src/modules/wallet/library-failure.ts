import { isLibraryRefusal } from './protocol-error';

/** An error's class as a log may keep it: a plain identifier, anything else read as `Error`. */
const CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The error's class (some libraries' errors keep the `name` Error, as `Openid4vciError`), else its
 * name: an identifier, or `Error`.
 */
function classOf(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  const className: unknown = error.constructor?.name;
  if (typeof className === 'string' && className !== 'Error' && CLASS_NAME.test(className)) return className;
  return CLASS_NAME.test(error.name) ? error.name : 'Error';
}

/**
 * A wallet library (OpenID4VCI, OpenID4VP, OAuth 2, SD-JWT) failed in a call of ours: a 500. Its
 * own message may quote what it was given (a pre-authorized code, a token, a request's address
 * with its secret id, a claim), and the app's handler logs an error's message, stack and cause:
 * this error carries only a fixed description of the call and the library error's class name, and
 * keeps neither its message nor its stack nor it as its `cause`.
 */
export class WalletLibraryFailure extends Error {
  override name = 'WalletLibraryFailure';
  /** The class of the library's error (`Openid4vciError`, `TypeError`…), never its message. */
  readonly libraryError: string;
  constructor(
    /** What the portal asked of the library, in a fixed wording (no value in it). */
    readonly call: string,
    error: unknown,
  ) {
    const libraryError = classOf(error);
    super(`${call}: the wallet library failed (${libraryError})`);
    this.libraryError = libraryError;
  }
}

/**
 * Runs `run`, a call into a wallet library, so that whatever it throws leaves as a
 * WalletLibraryFailure named by `call`. With `refusals`, a refusal of the wallet's request by the
 * library (`isLibraryRefusal`) is thrown as it is, for the endpoint to answer in its protocol's
 * format (400, to the wallet that sent it); any other error is ours and is wrapped.
 */
export async function walletLibraryCall<T>(
  call: string,
  run: () => T | Promise<T>,
  { refusals = false }: { refusals?: boolean } = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (refusals && isLibraryRefusal(error)) throw error;
    throw new WalletLibraryFailure(call, error);
  }
}
