import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/provider';

/** The provider named by `PAYMENT_PROVIDER`; `sandbox` is the only one so far. */
export function createPaymentProvider(options: {
  config: Config;
  db: Db;
  clock: Clock;
  webhookSecret: string;
}): PaymentProvider {
  switch (options.config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({
        db: options.db,
        clock: options.clock,
        secret: options.webhookSecret,
        publicUrl: options.config.publicUrl,
        sessionTtlMinutes: options.config.paymentSessionTtlMinutes,
      });
  }
}
