import { parseArgs } from 'node:util';
import { NEXI_API_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './keys';
import { startNexiContract } from './nexi';
import { startStripeContract } from './stripe';

/**
 * A contract server on its own (decision 067), for the journeys and the rush bench:
 *   tsx apps/api/test/contract/serve.ts stripe --port 12111 --webhook http://127.0.0.1:3210/api/v1/payments/webhook
 *   tsx apps/api/test/contract/serve.ts nexi --port 12112
 * Stripe's events go to `--webhook`; Nexi's notifications to each order's notificationUrl. Keys are
 * the test suite's (CONTRACT_API_KEY, CONTRACT_WEBHOOK_SECRET override them). Ready at /contract/health.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '0' }, webhook: { type: 'string' } },
});
const provider = positionals[0];
const port = Number(values.port);

const server =
  provider === 'stripe'
    ? await startStripeContract({
        secretKey: process.env.CONTRACT_API_KEY ?? STRIPE_SECRET_KEY,
        webhookSecret: process.env.CONTRACT_WEBHOOK_SECRET ?? STRIPE_WEBHOOK_SECRET,
        ...(values.webhook ? { webhookUrl: values.webhook } : {}),
        port,
      })
    : provider === 'nexi'
      ? await startNexiContract({
          apiKey: process.env.CONTRACT_API_KEY ?? NEXI_API_KEY,
          isAutoNotifying: true,
          port,
        })
      : null;
if (!server) {
  console.error('usage: serve.ts stripe|nexi [--port N] [--webhook URL]');
  process.exit(2);
}
console.log(`${provider} contract server listening on ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
