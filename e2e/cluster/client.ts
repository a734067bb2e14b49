import { randomBytes } from 'node:crypto';

/** One simulated user's calls through the balancer: JSON in and out, and which instance answered. */
export type Answer = { status: number; body: unknown; instance: string; raw: Buffer; headers: Headers };

export type Caller = {
  token?: string;
  /** The client's own address, which nginx hands on (the cluster trusts two hops: see harness). */
  address: string;
};

export const newAddress = (): string =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;

const RETRYABLE = new Set([502, 503, 504]);

/**
 * Calls the portal as a browser would, retrying (like a person pressing again) when the
 * balancer answers 502/504 or the connection drops: an instance killed mid-request.
 */
export async function call(
  baseUrl: string,
  who: Caller,
  method: string,
  path: string,
  {
    json,
    body,
    headers = {},
    retries = 5,
  }: { json?: unknown; body?: string | FormData; headers?: Record<string, string>; retries?: number } = {},
): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          'x-forwarded-for': who.address,
          ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
      });
      const raw = Buffer.from(await response.arrayBuffer());
      if (RETRYABLE.has(response.status) && attempt < retries) {
        await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
        continue;
      }
      let parsed: unknown = null;
      if ((response.headers.get('content-type') ?? '').includes('application/json'))
        parsed = JSON.parse(raw.toString('utf8'));
      return {
        status: response.status,
        body: parsed,
        instance: response.headers.get('x-lisbon-instance') ?? '?',
        raw,
        headers: response.headers,
      };
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
  }
}

export const dataOf = <T>(answer: Answer): T => (answer.body as { data: T }).data;

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.raw.toString('utf8').slice(0, 300)}`,
    );
  }
  return answer;
}
