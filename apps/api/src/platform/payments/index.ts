import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createNexiProvider } from './nexi/provider';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/provider';
import { createStripeProvider } from './stripe/provider';

/** The provider named by `PAYMENT_PROVIDER` (decision 067): switching needs configuration only. */
export function createPaymentProvider(options: {
  config: Config;
  db: Db;
  clock: Clock;
  webhookSecret: string;
}): PaymentProvider {
  const { config, db, clock } = options;
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({
        db,
        clock,
        secret: options.webhookSecret,
        publicUrl: config.publicUrl,
        sessionTtlMinutes: config.paymentSessionTtlMinutes,
      });
    case 'stripe':
      return createStripeProvider({
        clock,
        apiKey: config.paymentApiKey ?? '',
        apiUrl: config.paymentApiUrl ?? '',
        webhookSecret: options.webhookSecret,
        sessionTtlMinutes: config.paymentSessionTtlMinutes,
      });
    case 'nexi':
      return createNexiProvider({
        db,
        clock,
        apiKey: config.paymentApiKey ?? '',
        apiUrl: config.paymentApiUrl ?? '',
        notificationUrl: `${config.publicUrl}/api/v1/payments/webhook`,
        sessionTtlMinutes: config.paymentSessionTtlMinutes,
      });
  }
}
