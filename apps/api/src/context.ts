import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';
import type { JobQueue } from './platform/jobs/queue';
import type { Ledger } from './platform/ledger/ledger';
import type { Metrics } from './platform/metrics';
import type { PaymentProvider } from './platform/payments/provider';
import type { RateLimiter } from './platform/rate-limit/limiter';
import type { CostBudget } from './platform/rate-limit/cost-budget';
import type { SecretBox } from './platform/secret-box';
import type { PdfSigner } from './platform/signing/pdf-signer';
import type { KeptDocuments } from './platform/pdf/kept-documents';
import type { FileStorage } from './platform/storage/storage';

/** What every module's services are given: the adapters, chosen once at start. */
export type AppContext = {
  db: Db;
  config: Config;
  /** The business calendar: deadlines, the appeal window, closures. `clock:set` moves it (decision 056). */
  clock: Clock;
  /**
   * Real time, for what guards the accounts: one-time codes, sessions, links in mails, rate
   * limits. A moved business calendar never moves it (decision 085).
   */
  securityClock: Clock;
  queue: JobQueue;
  limiter: RateLimiter;
  storage: FileStorage;
  payments: PaymentProvider;
  /** The statements' hash chain (embedded: in the database, signed with the body's ledger key). */
  ledger: Ledger;
  /** Signs statement PDFs with the body's certificate (PAdES). */
  pdfSigner: PdfSigner;
  /** Seals the secrets the portal reads back (TOTP) under the configured key. */
  secrets: SecretBox;
  /** Documents rendered on request, kept by their input (decision 084). */
  keptDocuments: KeptDocuments;
  /** Renders on request per user, refused early once spent (decision 084). */
  renderBudget: CostBudget;
  /** Uploads per user, refused early once spent (decision 098). */
  uploadBudget: CostBudget;
  /** What `GET /metrics` reports: one set per process, shared by its HTTP server and its worker. */
  metrics: Metrics;
};
