import type { Config } from './config';

type Settings = Pick<
  Config,
  | 'isProduction'
  | 'publicUrl'
  | 'smtpUrl'
  | 'redisUrl'
  | 'paymentProvider'
  | 'areBodyDetailsDemo'
  | 'arePricesDemo'
  | 'areContactDetailsDemo'
>;

/**
 * What a production instance tells its operator at start (one `warn` line each): a setting left
 * at the default that serves a laptop, where the public would meet it. Nothing is refused: a trial
 * deployment may want the sandbox and the demo body.
 */
export function productionWarnings(config: Settings): string[] {
  if (!config.isProduction) return [];
  const warnings: (string | false)[] = [
    // OpenID4VCI 1.0 §12.2.1 and SD-JWT VC: an issuer is an https URL. Warned, not refused: an
    // operator may try a production build on one machine over plain http before TLS is set up.
    config.publicUrl.startsWith('http://') &&
      'PUBLIC_URL is http://: wallets refuse the statement’s credential offers and the issuer metadata, which OpenID4VCI requires on https (set the https:// address TLS serves: docs/deploy.md)',
    !config.smtpUrl &&
      'SMTP_URL is not set: mail is written to DATA_DIR/mail as .eml files, and nobody receives it',
    !config.redisUrl &&
      'REDIS_URL is not set: the global rate limit counts in each instance alone (set it whenever several instances run)',
    config.paymentProvider === 'sandbox' &&
      'PAYMENT_PROVIDER is sandbox: applicants pay with test cards on the portal’s own page and no money moves (set stripe or nexi: docs/payments.md)',
    config.areBodyDetailsDemo &&
      'BODY_NAME, BODY_ADDRESS and BODY_VAT_NUMBER are not all set: invoices, receipts and statements name the demo body and say they are not valid',
    config.arePricesDemo && 'the PRICE_*_CENTS are not all set: applicants are charged the demo prices',
    config.areContactDetailsDemo &&
      'CONTACT_ADDRESS, CONTACT_EMAIL and CONTACT_HOURS are not all set: the contact page shows the demo centre',
  ];
  return warnings.filter((warning) => warning !== false);
}
