import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the contract servers (Stripe's and Nexi's API as their references publish them, decision
 * 067) share: a bare node:http server on 127.0.0.1, bodies, answers, the bracket form encoding
 * Stripe's API reads, a hosted card page, and an outbox of webhooks/notifications to the portal.
 */

export type Handler = (request: IncomingMessage, body: string, url: URL) => Promise<Answer> | Answer;
export type Answer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: 303; location: string };

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function write(response: ServerResponse, answer: Answer) {
  if ('location' in answer) {
    response.writeHead(303, { location: answer.location }).end();
  } else if ('html' in answer) {
    response
      .writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(answer.html);
  } else {
    response
      .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      .end(JSON.stringify(answer.json));
  }
}

/** Listens on 127.0.0.1 (port 0: any free one) and answers with `handler`; a throw answers 500. */
export async function listen(
  handler: Handler,
  port = 0,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The contract server's own readiness, for whoever starts it (not part of any provider's API).
    if (url.pathname === '/contract/health') {
      write(response, { status: 200, json: { ready: true } });
      return;
    }
    readBody(request)
      .then((body) => handler(request, body, url))
      .then((answer) => write(response, answer))
      .catch((error: unknown) => write(response, { status: 500, json: { error: String(error) } }));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

type Tree = { [key: string]: Tree | string };

/**
 * `application/x-www-form-urlencoded` with Stripe's bracket keys (`line_items[0][price_data][currency]`,
 * `expand[0]`, `metadata[payment_id]`) into nested objects; arrays come out as objects keyed by index.
 */
export function parseBracketForm(text: string): Tree {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node = root;
    path.forEach((part, index) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Tree;
    });
  }
  return root;
}

export const field = (tree: Tree | string | undefined, ...path: string[]): string | undefined => {
  let node: Tree | string | undefined = tree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

export const listOf = (tree: Tree | string | undefined): string[] =>
  typeof tree === 'object'
    ? Object.values(tree).filter((value): value is string => typeof value === 'string')
    : [];

/** One webhook or notification on its way to the portal (`target`: where, when each names its own). */
export type Delivery = { body: string; headers: Record<string, string>; target?: string };
/** How a delivery reaches the portal; answers the HTTP status (tests route it through `app.inject`). */
export type Transport = (delivery: Delivery) => Promise<number>;

export const httpTransport =
  (url?: string): Transport =>
  async ({ body, headers, target }) => {
    const to = target ?? url;
    if (!to) throw new Error('no address to deliver to');
    const response = await fetch(to, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    return response.status;
  };

/**
 * Events waiting to reach the portal, as a provider keeps them: each is sent (signed at sending
 * time) until answered 2xx; a lost answer or a refusal leaves it for the next try. `auto` sends
 * each as it comes, several at once, retrying with a backoff, as the providers do; otherwise a
 * test sends them with `flush`, in order.
 */
export class Outbox {
  private readonly queue: { build: () => Delivery; attempts: number }[] = [];
  readonly sent: Delivery[] = [];
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private isStopped = false;

  constructor(
    private readonly auto: Transport | null = null,
    private readonly concurrency = 16,
  ) {}

  push(build: () => Delivery): void {
    const item = { build, attempts: 0 };
    this.queue.push(item);
    if (this.auto) void this.sendUntilAnswered(item, this.auto);
  }

  get pending(): number {
    return this.queue.length;
  }

  private async send(item: { build: () => Delivery; attempts: number }, transport: Transport) {
    const delivery = item.build();
    this.sent.push(delivery);
    item.attempts += 1;
    const status = await transport(delivery).catch(() => 0);
    const isAnswered = status >= 200 && status < 300;
    if (isAnswered) this.queue.splice(this.queue.indexOf(item), 1);
    return isAnswered;
  }

  private async sendUntilAnswered(item: { build: () => Delivery; attempts: number }, transport: Transport) {
    while (!this.isStopped && item.attempts < 12) {
      if (this.inFlight >= this.concurrency) await new Promise<void>((done) => this.waiting.push(done));
      this.inFlight += 1;
      const isAnswered = await this.send(item, transport).finally(() => {
        this.inFlight -= 1;
        this.waiting.shift()?.();
      });
      if (isAnswered) return;
      await new Promise((done) => setTimeout(done, Math.min(500 * 2 ** item.attempts, 30_000)).unref());
    }
  }

  /** Sends every pending event once through `transport`, in order; true when nothing is left after. */
  async flush(transport: Transport | null = this.auto): Promise<boolean> {
    if (!transport) throw new Error('no transport to deliver with');
    for (const item of [...this.queue]) await this.send(item, transport);
    return this.queue.length === 0;
  }

  stop(): void {
    this.isStopped = true;
  }
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const euro = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The card form a contract server's hosted page shows: the same fields as the sandbox's page. */
export function cardPage(page: {
  provider: string;
  description: string;
  amountCents: number;
  action: string;
  cancelAction: string;
  testCards: readonly { number: string; outcome: string }[];
  error?: string;
}): string {
  const input = (name: string, label: string, autocomplete: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" required>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay – ${escape(page.provider)} (contract test server)</title>
<style>body{font-family:Arial,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#1a1a1a}label,input,button{display:block;margin-top:.5rem;font-size:1rem}input{width:100%;padding:.5rem;border:2px solid #4a4f57}button{padding:.6rem 1rem;margin-top:1rem;background:#1c4e80;color:#fff;border:0}.secondary{background:#fff;color:#1c4e80;border:2px solid #1c4e80}.error{color:#b10e1e;font-weight:bold}</style></head>
<body><header><p><strong>${escape(page.provider)} — contract test server: no real money.</strong></p></header><main>
<h1>Pay by card</h1>
${page.error ? `<p class="error" role="alert">${escape(page.error)}</p>` : ''}
<p>${escape(page.description)}</p><p>Amount: <strong>${escape(euro(page.amountCents))}</strong></p>
<form method="post" action="${escape(page.action)}">
${input('card_number', 'Card number', 'cc-number')}${input('expiry', 'Expiry date (MM/YY)', 'cc-exp')}${input('cvc', 'Security code (CVC)', 'cc-csc')}${input('holder', 'Name on the card', 'cc-name')}
<button type="submit">Pay ${escape(euro(page.amountCents))}</button></form>
<form method="post" action="${escape(page.cancelAction)}"><button type="submit" class="secondary">Cancel and go back</button></form>
<table><caption>Test cards</caption><thead><tr><th scope="col">Card number</th><th scope="col">Outcome</th></tr></thead><tbody>${page.testCards
    .map((card) => `<tr><td>${escape(card.number)}</td><td>${escape(card.outcome)}</td></tr>`)
    .join('')}</tbody></table></main></body></html>`;
}

export const digitsOf = (card: string | null | undefined) => (card ?? '').replace(/\D/g, '');
