/**
 * The `Idempotency-Key` of one composed body (decision 071, amended 2026-12-07): the same for every
 * send of it until one is answered (a retry after an answer that never came, a second press), a
 * new one for the next body. None where the browser makes no UUID (a page not served over HTTPS or
 * from localhost), as upload ids (decision 101): each send is then one of its own.
 */
export function createSendKeys() {
  let current: { body: string; key: string } | undefined;
  /** The key for a send of `body`: the last one while the body is the same and unanswered. */
  const keyFor = (body: unknown): string | undefined => {
    const text = JSON.stringify(body);
    if (current?.body === text) return current.key;
    const key = globalThis.crypto.randomUUID?.();
    current = key === undefined ? undefined : { body: text, key };
    return key;
  };
  /** The send was answered: the next one, even of the same text, is a new message. */
  const sent = (): void => {
    current = undefined;
  };
  /** Sends `body` with its key (`call`); once it is answered, the next send is a new one. */
  const send = async <T>(body: unknown, call: (key: string | undefined) => Promise<T>): Promise<T> => {
    const result = await call(keyFor(body));
    sent();
    return result;
  };
  return { keyFor, sent, send };
}

export type SendKeys = ReturnType<typeof createSendKeys>;
