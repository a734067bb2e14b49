import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, the transport of uploads that report progress: the test sees
 * what was sent, drives the upload's progress and answers.
 */
export class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  method = '';
  url = '';
  readonly headers = new Headers();
  body: unknown = null;
  status = 0;
  responseText = '';
  private readonly responseHeaders = new Headers();

  constructor(private readonly onSend: (xhr: FakeXhr) => void = () => undefined) {
    super();
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  send(body: unknown): void {
    this.body = body;
    this.onSend(this);
  }

  abort(): void {
    this.dispatchEvent(new Event('abort'));
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  /** The path after the API prefix, as mockApi names routes. */
  get path(): string {
    return new URL(this.url, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
  }

  /** The multipart part `name` of the body. */
  field(name: string): FormDataEntryValue | null {
    return this.body instanceof FormData ? this.body.get(name) : null;
  }

  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }

  /** No answer: the connection dropped. */
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }

  respond(status: number, body?: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders.set('Content-Type', 'application/json');
    this.dispatchEvent(new Event('load'));
  }
}

/** Replaces the global XMLHttpRequest; `sent` lists every request made since. */
export function installFakeXhr(onSend?: (xhr: FakeXhr) => void) {
  const sent: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super((xhr) => {
          sent.push(xhr);
          onSend?.(xhr);
        });
      }
    },
  );
  return { sent };
}
