import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createHttpWebhookTransport } from '../src/platform/payments/sandbox/transport';
import { resolveWebhookSecret } from '../src/platform/payments/secret';

const dataDir = mkdtempSync(join(tmpdir(), 'lisbon-payments-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('payment configuration', () => {
  it('defaults to the sandbox provider, 30-minute sessions and clearly marked demo body details', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      paymentProvider: 'sandbox',
      paymentWebhookSecret: null,
      paymentSessionTtlMinutes: 30,
      areBodyDetailsDemo: true,
      body: { name: 'Demo Evaluation Centre (DEMO)', vatNumber: '12345678903' },
    });
  });

  it('takes real values, and says the body details are real once all three are set', () => {
    const config = loadConfig({
      PAYMENT_WEBHOOK_SECRET: 's'.repeat(40),
      PAYMENT_SESSION_TTL_MINUTES: '15',
      BODY_NAME: 'CIMEA',
      BODY_ADDRESS: 'Viale XXI Aprile 36, 00162 Roma',
      BODY_VAT_NUMBER: '12345678903',
    });
    expect(config).toMatchObject({
      paymentSessionTtlMinutes: 15,
      areBodyDetailsDemo: false,
      body: { name: 'CIMEA' },
    });
    expect(config.paymentWebhookSecret).toHaveLength(40);
  });

  it('stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER must be one of sandbox, stripe, nexi/,
    );
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET must be at least 32/,
    );
    expect(() => loadConfig({ PAYMENT_SESSION_TTL_MINUTES: '0' })).toThrow(
      /PAYMENT_SESSION_TTL_MINUTES must be a whole number/,
    );
    expect(() => loadConfig({ BODY_NAME: 'x'.repeat(201) })).toThrow(/BODY_NAME must be at most 200/);
  });
});

describe('the real providers’ settings (decision 067)', () => {
  const stripe = {
    PAYMENT_PROVIDER: 'stripe',
    PAYMENT_API_KEY: 'sk_test_51Habc',
    PAYMENT_WEBHOOK_SECRET: `whsec_${'a'.repeat(32)}`,
  };

  it('takes Stripe’s secret key and signing secret, and its public API unless PAYMENT_API_URL says otherwise', () => {
    expect(loadConfig(stripe)).toMatchObject({
      paymentProvider: 'stripe',
      paymentApiKey: 'sk_test_51Habc',
      paymentApiUrl: 'https://api.stripe.com',
    });
    expect(loadConfig({ ...stripe, PAYMENT_API_URL: 'http://127.0.0.1:12111/' }).paymentApiUrl).toBe(
      'http://127.0.0.1:12111',
    );
  });

  it('takes Nexi’s API key, and Nexi’s production API unless PAYMENT_API_URL names the test one', () => {
    const nexi = loadConfig({
      PAYMENT_PROVIDER: 'nexi',
      PAYMENT_API_KEY: '5d952446-9004-4023-9eae-a527a152846b',
    });
    expect(nexi).toMatchObject({
      paymentApiKey: '5d952446-9004-4023-9eae-a527a152846b',
      paymentApiUrl: 'https://xpay.nexigroup.com/api/phoenix-0.0/psp/api/v1',
    });
  });

  it('reads the API key from a file, as mounted secrets are', () => {
    const file = join(dataDir, 'api-key');
    writeFileSync(file, 'sk_live_51Hsecret\n');
    expect(loadConfig({ ...stripe, PAYMENT_API_KEY: '', PAYMENT_API_KEY_FILE: file }).paymentApiKey).toBe(
      'sk_live_51Hsecret',
    );
  });

  it('stops the start when a provider lacks what it needs, naming the variable', () => {
    expect(() => loadConfig({ ...stripe, PAYMENT_API_KEY: '' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs PAYMENT_API_KEY/,
    );
    expect(() => loadConfig({ ...stripe, PAYMENT_API_KEY: 'pk_test_public' })).toThrow(/PAYMENT_API_KEY/);
    expect(() => loadConfig({ ...stripe, PAYMENT_WEBHOOK_SECRET: '' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs PAYMENT_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'nexi' })).toThrow(
      /PAYMENT_PROVIDER=nexi needs PAYMENT_API_KEY/,
    );
    expect(() => loadConfig({ ...stripe, PAYMENT_API_URL: 'ftp://x' })).toThrow(/PAYMENT_API_URL must be/);
  });
});

describe('the webhook secret', () => {
  it('is generated into DATA_DIR/keys on first start, private, and read back afterwards', () => {
    const first = resolveWebhookSecret({ paymentWebhookSecret: null, dataDir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, 'keys', 'payment-webhook-secret')).mode & 0o777).toBe(0o600);
    expect(resolveWebhookSecret({ paymentWebhookSecret: null, dataDir })).toBe(first);
  });

  it('comes from PAYMENT_WEBHOOK_SECRET when set', () => {
    expect(resolveWebhookSecret({ paymentWebhookSecret: 'k'.repeat(32), dataDir })).toBe('k'.repeat(32));
  });
});

describe('the sandbox gateway’s webhook transport', () => {
  it('delivers in-process when PUBLIC_URL cannot be reached from the server', async () => {
    // A loopback port that was free a moment ago: nothing listens, the connection is refused.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    const delivered: string[] = [];
    const transport = createHttpWebhookTransport({
      url: `http://127.0.0.1:${port}/api/v1/payments/webhook`,
      fallback: {
        deliver: async ({ body }) => {
          delivered.push(body);
          return 200;
        },
      },
      log: pino({ level: 'silent' }),
    });
    expect(await transport.deliver({ body: '{"id":"evt_1"}', headers: {} })).toBe(200);
    expect(delivered).toEqual(['{"id":"evt_1"}']);
  });
});
