/** How far an upload has gone: bytes sent of the total, when the browser knows the total. */
export type UploadProgress = { loaded: number; total: number };

type XhrInit = {
  method: string;
  headers: Headers;
  body: XMLHttpRequestBodyInit | null | undefined;
  signal: AbortSignal;
  onUploadProgress: (progress: UploadProgress) => void;
};

/**
 * fetch's contract over XMLHttpRequest, the one browser API that reports upload progress. It
 * resolves to a `Response`, so the client reads the answer exactly as it reads fetch's.
 */
export function xhrFetch(createXhr: () => XMLHttpRequest, url: string, init: XhrInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    xhr.open(init.method, url);
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) init.onUploadProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const headers = new Headers();
      const contentType = xhr.getResponseHeader('Content-Type');
      if (contentType) headers.set('Content-Type', contentType);
      const hasBody = xhr.status !== 204 && xhr.status !== 205 && xhr.status !== 304;
      resolve(new Response(hasBody ? xhr.responseText : null, { status: xhr.status, headers }));
    });
    const fail = () => reject(new TypeError('Network request failed'));
    xhr.addEventListener('error', fail);
    xhr.addEventListener('abort', fail);
    xhr.addEventListener('timeout', fail);
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body ?? null);
  });
}
