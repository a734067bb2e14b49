import { vi } from 'vitest';

export type ApiCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
type Answer = { status?: number; body?: unknown };
type Route = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

/**
 * Stubs `fetch` with answers per `"METHOD /path"` (the path after the API prefix) and records
 * every call. An unknown route answers 404.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer: Answer = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? { data: null }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls a page made itself, without the layout's notification polling and notices. */
    pageCalls: () =>
      calls.filter((call) => !call.path.endsWith('/notifications') && call.path !== '/notices'),
    /** The calls made to one route. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
