import { createSecretBox, resolveTotpKey } from './platform/secret-box';
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '@lisbon/domain';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { appealsRoutes } from './modules/appeals/routes';
import { accountRoutes } from './modules/auth/account.routes';
import { sessionRoutes } from './modules/auth/routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { cmsRoutes } from './modules/cms/routes';
import { consentRoutes } from './modules/consent/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { documentsRoutes } from './modules/documents/routes';
import { healthRoutes } from './modules/health/routes';
import { invoicesRoutes } from './modules/invoices/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { marketingRoutes } from './modules/marketing/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { paymentWebhookRoutes } from './modules/payments/webhook.routes';
import { messagesRoutes } from './modules/practices/messages.routes';
import { practicesRoutes } from './modules/practices/routes';
import { closuresRoutes } from './modules/reference/closures.routes';
import { referenceRoutes } from './modules/reference/routes';
import { createAuthGuard, registerAuthentication } from './modules/sessions/guard';
import { sessionUserIdOf } from './modules/sessions/service';
import { hideDraftsFromStaff } from './modules/staff/drafts-hidden';
import { shareLinksRoutes } from './modules/share-links/routes';
import { staffChangesRoutes } from './modules/staff/changes.routes';
import { deliveryStaffRoutes } from './modules/staff/delivery.routes';
import { refundRoutes } from './modules/staff/refund.routes';
import { staffRoutes } from './modules/staff/routes';
import { statementsRoutes } from './modules/statements/routes';
import { staffPublicationRoutes } from './modules/statements/staff-publication.routes';
import { studyRoutes } from './modules/study/routes';
import { registerMaintenanceGate } from './modules/system/gate';
import { currentMaintenance, knownMaintenance } from './modules/system/maintenance.service';
import { systemRoutes } from './modules/system/routes';
import { usersRoutes } from './modules/users/routes';
import { verifyRoutes } from './modules/verify/routes';
import { walletRoutes, walletWellKnownRoutes } from './modules/wallet/routes';
import { systemClock, type Clock } from './platform/clock';
import { buildCommit, VERSION } from './platform/build';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';
import { changeFeedOf, startChangeFeed } from './platform/db/changes';
import { registerCompression } from './platform/http/compression';
import { registerDocs } from './platform/http/docs';
import { answerClientError, registerErrorHandler, sendError } from './platform/http/error-handler';
import { registerJsonDepthLimit } from './platform/http/json-depth';
import { registerMetrics } from './platform/http/metrics';
import { registerSecurity, securityHeaders } from './platform/http/security';
import { registerSpa } from './platform/http/spa';
import { registerStorableInputCheck } from './platform/http/storable-input';
import { createDatabaseQueue } from './platform/jobs/queue';
import { createDatabaseLedger } from './platform/ledger/ledger';
import { loggerOptions } from './platform/logger';
import { createMetrics, type Metrics } from './platform/metrics';
import { createPaymentProvider } from './platform/payments';
import type { PaymentProvider } from './platform/payments/provider';
import { sandboxGatewayRoutes } from './platform/payments/sandbox/routes';
import { resolveWebhookSecret } from './platform/payments/secret';
import { createKeptDocuments } from './platform/pdf/kept-documents';
import { createRateLimiter } from './platform/rate-limit/limiter';
import { createCostBudget, RENDERS_PER_USER, UPLOADS_PER_USER } from './platform/rate-limit/cost-budget';
import { connected, createRedis } from './platform/redis';
import { loadBodyKeys } from './platform/signing/keys';
import { createP12Signer } from './platform/signing/pdf-signer';
import { createFileStorage } from './platform/storage';
import { serializerCompiler } from './platform/http/serializer';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** A ready-made pino logger; otherwise one is built from the configuration. */
  logger?: FastifyBaseLogger;
  /** The time port; tests pass a ManualClock to move time. */
  clock?: Clock;
  /**
   * The real time of the one-time codes, sessions, links and rate limits; by default the time
   * port above, so a test's ManualClock moves both. The server and the CLI pass the system's.
   */
  securityClock?: Clock;
  /** Replaces the provider PAYMENT_PROVIDER names; tests pass one that answers like a busy gateway. */
  paymentProvider?: PaymentProvider;
  /** The process's metrics, shared with its worker (server.ts); otherwise a set of the app's own. */
  metrics?: Metrics;
  /** Says when the instance drains for a stop (server.ts sets it on SIGTERM); readiness answers 503 then. */
  isDraining?: () => boolean;
};

/** A hop count trusts the n addresses nearest the server (proxy-addr's rule), whatever they are. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number'
    ? (_address: string, hop: number) => hop < trust
    : trust === false
      ? false
      : [...trust];

/** The adapters every module's services use, built once from the configuration. */
export function createContext({
  config,
  db,
  clock = systemClock,
  securityClock = clock,
  paymentProvider,
  metrics = createMetrics(),
}: Omit<BuildAppOptions, 'logger' | 'isDraining'>): AppContext {
  const limiter = createRateLimiter({ db, clock: securityClock });
  return {
    config,
    db,
    clock,
    securityClock,
    queue: createDatabaseQueue(clock),
    limiter,
    storage: createFileStorage(config),
    payments:
      paymentProvider ??
      createPaymentProvider({ config, db, clock, webhookSecret: resolveWebhookSecret(config) }),
    // The keys are read (or generated, embedded default) on first use; server.ts asks at start.
    ledger: createDatabaseLedger({
      db,
      clock,
      keys: () => loadBodyKeys(config).ledger,
      anchor: config.anchor,
    }),
    pdfSigner: createP12Signer(() => loadBodyKeys(config)),
    secrets: createSecretBox(() => resolveTotpKey(config)),
    keptDocuments: createKeptDocuments(),
    renderBudget: createCostBudget(RENDERS_PER_USER, { limiter, clock: securityClock }),
    uploadBudget: createCostBudget(UPLOADS_PER_USER, { limiter, clock: securityClock }),
    metrics,
  };
}

// The release's version: the root package's (platform/build.ts).
export { VERSION };

/** How long a request may take to arrive whole, its body included. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** The whole HTTP application, not listening: server.ts listens, tests call `app.inject`. */
export async function buildApp({
  config,
  db,
  logger,
  clock,
  securityClock,
  paymentProvider,
  metrics,
  isDraining = () => false,
}: BuildAppOptions): Promise<App> {
  const ctx = createContext({
    config,
    db,
    ...(clock ? { clock } : {}),
    ...(securityClock ? { securityClock } : {}),
    ...(paymentProvider ? { paymentProvider } : {}),
    ...(metrics ? { metrics } : {}),
  });
  const clientErrorHeaders = securityHeaders(config.publicUrl);
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config) }),
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.trustProxy),
    // A draining instance finishes what it has and takes no new connection; it never answers
    // 503, which the SPA reads as maintenance (spec §8).
    return503OnClosing: false,
    // A request must arrive whole within five minutes (Node's own default, which Fastify turns off):
    // an upload trickled a byte a second would otherwise hold its check, and its socket, for ever.
    // Behind deploy.md's nginx, which buffers bodies, the portal receives each at the network's pace.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // The router's own refusals (a bad %-escape, a path parameter over the length limit) answer in
    // the error contract too, not with Fastify's body that echoes the URL.
    // They come before any hook: the headers the onRequest and onSend hooks give every other answer
    // (the security headers, the request's id, no-store) are set here.
    frameworkErrors: (error, request, reply) => {
      reply
        .headers(clientErrorHeaders)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store');
      void sendError(error, request, reply);
    },
    // And so does Node's parser, for what it refuses before any route runs (a header too long).
    clientErrorHandler(this: FastifyInstance, error, socket) {
      // As Fastify's own handler logs it: at trace, a client's broken request being no fault of ours.
      this.log.trace({ err: error }, 'client error');
      answerClientError(error, socket, clientErrorHeaders);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: text/plain bodies get 415 instead of reaching a JSON schema as a string.
  app.removeContentTypeParser('text/plain');
  // JSON nested past any input of the portal is refused before it is parsed (400 JSON_TOO_DEEP).
  registerJsonDepthLimit(app);

  const { instanceId } = config;
  // The hooks every call runs call `done` rather than return a promise, which costs on each call.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Which instance answered, for operators behind a balancer (and the cluster test).
    if (instanceId) reply.header('x-lisbon-instance', instanceId);
    done();
  });
  registerErrorHandler(app);
  registerStorableInputCheck(app);
  const redis = config.redisUrl ? createRedis(config.redisUrl) : null;
  registerMetrics(app, {
    metrics: ctx.metrics,
    token: config.metricsToken,
    db,
    clock: ctx.clock,
    redis,
    anchoring: ctx.ledger.anchoring,
    storage: { store: ctx.storage, kind: config.s3 ? 's3' : 'disk' },
  });
  if (redis) {
    // One line when Redis goes away and one when it is back, not one per reconnection try (every
    // 2 s, all the outage long); lisbon_redis_up says 0 meanwhile.
    let isRedisDown = false;
    redis.on('error', (error: Error) => {
      if (isRedisDown) return;
      isRedisDown = true;
      app.log.warn(
        { err: error.message },
        'redis unreachable: the global rate limit lets calls through uncounted until it is back',
      );
    });
    redis.on('ready', () => {
      if (!isRedisDown) return;
      isRedisDown = false;
      app.log.warn('redis reachable again: the global rate limit counts in it');
    });
    app.addHook('onClose', async () => void redis.disconnect());
    app.addHook('onReady', async () => {
      if (!(await connected(redis, 5000))) app.log.warn('redis not ready after 5 s: starting without it');
    });
  }
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    globalLimitPerMinute: config.rateLimitPerMinute,
    refusalDelayMs: config.rateLimitRefusalDelayMs,
    redis,
    sessionUserIdOf: (tokenHash) => sessionUserIdOf(ctx, tokenHash),
  });
  await registerCompression(app);

  // Health stays up for load balancers; the SPA stays up so it can show its maintenance page.
  registerMaintenanceGate(app, ctx);

  if (config.isApiDocsServed) await registerDocs(app, { version: VERSION, publicUrl: config.publicUrl });
  registerAuthentication(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        db,
        version: VERSION,
        commit: buildCommit(),
        maintenance: () => currentMaintenance(ctx),
        knownMaintenance: () => knownMaintenance(ctx),
        isDraining,
        clock: ctx.securityClock,
      });
      hideDraftsFromStaff(api, ctx);
      await api.register(cmsRoutes, { db });
      await api.register(referenceRoutes, { ctx });
      const guard = createAuthGuard(ctx);
      await api.register(sessionRoutes, { ctx, guard });
      await api.register(twoFactorRoutes, { ctx, guard });
      await api.register(accountRoutes, { ctx, guard });
      await api.register(usersRoutes, { ctx, guard });
      await api.register(studyRoutes, { ctx, guard });
      await api.register(practicesRoutes, { ctx, guard });
      await api.register(documentsRoutes, { ctx, guard });
      await api.register(consentRoutes, { ctx, guard });
      await api.register(paymentsRoutes, { ctx, guard });
      await api.register(paymentWebhookRoutes, { ctx });
      await api.register(refundRoutes, { ctx, guard });
      await api.register(invoicesRoutes, { ctx, guard });
      await api.register(messagesRoutes, { ctx, guard });
      await api.register(staffRoutes, { ctx, guard });
      await api.register(staffChangesRoutes, { ctx, guard });
      await api.register(statementsRoutes, { ctx, guard });
      await api.register(shareLinksRoutes, { ctx, guard });
      await api.register(staffPublicationRoutes, { ctx, guard });
      await api.register(appealsRoutes, { ctx, guard });
      await api.register(verifyRoutes, { ctx });
      await api.register(ledgerRoutes, { ctx });
      await api.register(deliveryRoutes, { ctx, guard });
      await api.register(deliveryStaffRoutes, { ctx, guard });
      await api.register(systemRoutes, { ctx, guard });
      await api.register(closuresRoutes, { ctx, guard });
      await api.register(marketingRoutes, { ctx });
      await api.register(walletRoutes, { ctx, guard });
    },
    { prefix: API_PREFIX },
  );

  await app.register(walletWellKnownRoutes, { ctx });
  if (config.paymentProvider === 'sandbox')
    await app.register(sandboxGatewayRoutes, { deps: ctx, payee: config.body.name });
  registerSpa(app, { webDistDir: config.webDistDir });
  // What the database says changed, for the rows kept in memory (decision 076); started when the
  // app is ready, after the migrations, since SQLite's triggers name the tables.
  let changeFeed: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    changeFeed = await startChangeFeed(db, (message) => app.log.warn(message));
  });
  app.addHook('onClose', async () => {
    await changeFeed?.stop();
  });
  // A call that may have written answers once this instance has heard its own changes, so its
  // next call (a poll after a logout, say) never reads what it kept from before them.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const feed = request.method === 'GET' || request.method === 'HEAD' ? undefined : changeFeedOf(db);
    if (!feed) return done(null, payload);
    feed.settle().then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  return app;
}
