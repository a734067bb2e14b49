import {
  type ListMeta,
  listMetaSchema,
  MAINTENANCE_STATUS,
  type NoticeMeta,
  noticeMetaSchema,
  REQUEST_TIMEOUT_MS,
} from '@lisbon/domain';
import { z } from 'zod/mini';
import { ApiError, errorFromResponse, unreadableError } from './errors';
import { type MultipartFields, toFormData } from './multipart';
import { type UploadProgress, xhrFetch } from './xhr';

/**
 * A successful answer, unwrapped from the `{ data, meta }` envelope: a list's `meta`, or the
 * success message (spec §4) a change of the staff workspace or the thread answers with.
 */
export type ApiResult<T> = { data: T; meta?: ListMeta; notice?: NoticeMeta };

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];
export type Query = Readonly<Record<string, QueryValue>>;
export type Id = string | number;

export type CallOptions<T> = {
  /** `false` for calls made before login, such as `POST /auth`: no bearer token is sent. */
  auth?: boolean;
  /** Checks and types `data`; an answer that does not match is an unreadable answer. */
  schema?: z.core.$ZodType<T>;
  /**
   * A token to send instead of the stored one: the second-factor step of a login, whose session
   * is not stored until it passes. A 401 on such a call is the caller's to handle.
   */
  token?: string;
  /** Sent as `Idempotency-Key` (IETF draft): a retry of one send with it is not sent twice. */
  idempotencyKey?: string;
};

export type ClientConfig = {
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called on every 503, before the call rejects. */
  onMaintenance: () => void;
  /**
   * Called on a 401 to a call that sent the stored token, while that token is still the stored
   * one: the session is over (spec §2: logout and /auth/login). Not called for calls made
   * without a token, such as a wrong password at login.
   */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Makes the XMLHttpRequest of an upload that reports progress; tests pass a fake. */
  createXhr?: () => XMLHttpRequest;
};

export type UploadOptions<T> = CallOptions<T> & {
  /** `PUT` replaces the resource at `path` (a document's file); `POST` by default. */
  method?: 'POST' | 'PUT';
  /** Called as the body goes out; the call then runs on XMLHttpRequest, which alone reports it. */
  onProgress?: (progress: UploadProgress) => void;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Request = {
  method: Method;
  path: string;
  query?: Query;
  body?: unknown;
  blob?: boolean;
  auth: boolean;
  token?: string;
  idempotencyKey?: string;
  onProgress?: (progress: UploadProgress) => void;
};

const envelopeSchema = z.object({ data: z.unknown(), meta: z.optional(z.unknown()) });

function joinUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // Array.isArray does not narrow a readonly array out of the union: what is left is a scalar.
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const withId = (path: string, id: Id) => `${path.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;

/** The one HTTP client of the SPA (spec §7). */
export function createApiClient(config: ClientConfig) {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // Looked up at call time so that a test can stub the global fetch after the client exists.
  const doFetch: typeof fetch = (...args) => (config.fetch ?? globalThis.fetch)(...args);
  const createXhr = config.createXhr ?? (() => new XMLHttpRequest());
  const inFlight = new Map<string, Promise<unknown>>();

  async function send(request: Request): Promise<unknown> {
    const url = joinUrl(config.baseUrl, request.path, request.query);
    const headers = new Headers({ 'Accept-Language': config.getLanguage() });
    headers.set('Accept', request.blob ? '*/*' : 'application/json');
    const storedToken = request.auth && request.token === undefined ? config.getToken() : null;
    const token = request.auth ? (request.token ?? storedToken) : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // An sf-string, as the draft writes it.
    if (request.idempotencyKey) headers.set('Idempotency-Key', `"${request.idempotencyKey}"`);
    let body: FormData | string | undefined;
    if (request.body instanceof FormData) {
      body = request.body; // the browser writes the multipart boundary itself
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }

    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), timeoutMs);
    };
    restartTimer();
    try {
      const { onProgress } = request;
      const init = { method: request.method, headers, body, signal: controller.signal };
      // An upload with progress gives up only after timeoutMs without any: a large file may take longer.
      const response = onProgress
        ? await xhrFetch(createXhr, url, {
            ...init,
            onUploadProgress: (progress) => {
              restartTimer();
              onProgress(progress);
            },
          })
        : await doFetch(url, init);
      if (!response.ok) {
        const error = await errorFromResponse(response);
        if (error.status === MAINTENANCE_STATUS) config.onMaintenance();
        // A 401 to a session this tab has since ended or replaced is no news.
        if (error.status === 401 && storedToken && config.getToken() === storedToken) {
          config.onUnauthorized?.(error);
        }
        throw error;
      }
      if (request.blob) return await response.blob();
      if (response.status === 204) return { data: undefined };
      return await response.json();
    } catch (error) {
      // Network failures, aborts by the timeout and unparsable bodies all end the same way.
      throw error instanceof ApiError ? error : unreadableError();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Identical GETs in flight share one request; once settled, the next call fetches again. */
  function shared(request: Request): Promise<unknown> {
    if (request.method !== 'GET') return send(request);
    const key = `${request.blob ? 'blob' : 'json'} ${request.auth} ${request.token ?? ''} ${joinUrl('', request.path, request.query)}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const promise = send(request).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  async function call<T>(
    request: Omit<Request, 'auth'>,
    options: CallOptions<T> = {},
  ): Promise<ApiResult<T>> {
    const raw = await shared({
      ...request,
      auth: options.auth ?? true,
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
    });
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) throw unreadableError();
    // Without a schema the caller vouches for the data's type; with one, it is parsed just below.
    let data = envelope.data.data as T;
    if (options.schema) {
      const parsed = z.safeParse(options.schema, data);
      if (!parsed.success) throw unreadableError();
      data = parsed.data;
    }
    const listMeta = listMetaSchema.safeParse(envelope.data.meta);
    if (listMeta.success) return { data, meta: listMeta.data };
    const notice = noticeMetaSchema.safeParse(envelope.data.meta);
    return notice.success ? { data, notice: notice.data } : { data };
  }

  return {
    list: <T>(path: string, query?: Query, options?: CallOptions<T>) =>
      call<T>({ method: 'GET', path, ...(query ? { query } : {}) }, options),
    /** One resource by id; without an id, the resource at `path` itself (e.g. `auth/me`). */
    get: <T>(path: string, id?: Id | null, options?: CallOptions<T>) =>
      call<T>({ method: 'GET', path: id == null ? path : withId(path, id) }, options),
    create: <T>(path: string, body: unknown, options?: CallOptions<T>) =>
      call<T>({ method: 'POST', path, body }, options),
    /** Updates the resource `id` at `path`; without an id, the resource at `path` (e.g. `profile`). */
    update: <T>(path: string, id: Id | null, body: unknown, options?: CallOptions<T>) =>
      call<T>({ method: 'PATCH', path: id == null ? path : withId(path, id), body }, options),
    /** Replaces the resource at `path` as a whole (`PUT`), e.g. a request's assessment. */
    put: <T>(path: string, body: unknown, options?: CallOptions<T>) =>
      call<T>({ method: 'PUT', path, body }, options),
    /** `body` for deletions that need a confirmation, such as an account's own email. */
    remove: <T>(path: string, id: Id, options?: CallOptions<T> & { body?: unknown }) =>
      call<T>({ method: 'DELETE', path: withId(path, id), body: options?.body }, options),
    /** Multipart POST (or PUT); with `onProgress` the body's progress is reported as it goes. */
    upload: <T>(path: string, fields: MultipartFields, options: UploadOptions<T> = {}) =>
      call<T>(
        {
          method: options.method ?? 'POST',
          path,
          body: toFormData(fields),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        },
        options,
      ),
    // A request with `blob: true` answers the Blob itself; `shared` has one return type for both kinds.
    download: (path: string, query?: Query, options: Pick<CallOptions<Blob>, 'auth'> = {}) =>
      shared({
        method: 'GET',
        path,
        ...(query ? { query } : {}),
        blob: true,
        auth: options.auth ?? true,
      }) as Promise<Blob>,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
