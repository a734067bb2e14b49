import type { FastifyBaseLogger } from 'fastify';

/** How the sandbox gateway reaches the portal's webhook; answers the HTTP status it got. */
export type WebhookTransport = {
  deliver(request: { body: string; headers: Record<string, string> }): Promise<number>;
};

/** The answer of `app.inject`, as far as a delivery needs it. */
type Inject = (options: {
  method: 'POST';
  url: string;
  payload: string;
  headers: Record<string, string>;
}) => Promise<{ statusCode: number }>;

/** In-process delivery through the same route, signature and body (tests, and the fallback below). */
export const injectWebhookTransport = (inject: Inject, path: string): WebhookTransport => ({
  async deliver({ body, headers }) {
    return (await inject({ method: 'POST', url: path, payload: body, headers })).statusCode;
  },
});

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const isConnectionFailure = (error: unknown): boolean => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && CONNECTION_FAILURES.has(cause.code);
};

/**
 * Real HTTP to `url` (`PUBLIC_URL/api/v1/payments/webhook`), as a gateway would call. When that
 * address cannot be reached from the server itself (a public name it cannot resolve, a proxy not
 * in place yet), the call goes in-process to `fallback` instead; any other failure (a timeout, a
 * 5xx) is left to the job's retries.
 */
export function createHttpWebhookTransport(options: {
  url: string;
  fallback: WebhookTransport;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): WebhookTransport {
  let hasWarned = false;
  return {
    async deliver(request) {
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          body: request.body,
          headers: request.headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await response.body?.cancel();
        return response.status;
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        if (!hasWarned) {
          hasWarned = true;
          options.log.warn(
            { url: options.url },
            'sandbox webhooks cannot reach PUBLIC_URL; delivering in-process',
          );
        }
        return options.fallback.deliver(request);
      }
    },
  };
}
