/**
 * Builds the Fastify app (fastify/demo layout): plugins, the call contract of docs/api.md, the
 * portal's static files and the quote worker. Listening is start.ts's job, so tests drive the
 * same app with `app.inject`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { DEFAULT_SIGN_IN_THROTTLE, type SignInThrottle } from './auth/sign-in-throttle.ts';
import { type RelyingPartyConfig, relyingPartyConfigFromEnv } from './auth/webauthn-relying-party.ts';
import type { Executor } from './db/database.ts';
import { serialiseAnswersWithSchemas } from './http/answer-serialisation.ts';
import { failure } from './http/envelope.ts';
import { errorHandler } from './http/error-handler.ts';
import { addHealthRoutes } from './http/health-routes.ts';
import { inlineScriptHashes } from './http/inline-script-hashes.ts';
import { lazyRouteCompilers } from './http/lazy-route-compilers.ts';
import { addMetricsRoute } from './http/metrics.ts';
import { setNoStoreForApi } from './http/no-store.ts';
import { openApiOptions } from './http/openapi-document.ts';
import {
  addPartnerRateLimit,
  DEFAULT_PARTNER_RATE_LIMIT,
  type PartnerRateLimit,
} from './http/partner-rate-limit.ts';
import { portalCacheHeaders } from './http/portal-cache-headers.ts';
import { redactedRequest, redactUrlsInText } from './http/redact-url.ts';
import { rejectDeepNesting } from './http/reject-deep-nesting.ts';
import { rejectNulCharacters } from './http/reject-nul-characters.ts';
import { addRequestIds, REQUEST_ID_HEADER, requestIdOf } from './http/request-id.ts';
import { securityHeadersSetter } from './http/security-headers.ts';
import { answerWhileShuttingDown } from './http/shutting-down-answer.ts';
import { trustedProxies } from './http/trust-proxy.ts';
import { jobHandlers, messagingJobHandlers, propertyDataJobHandlers } from './jobs/job-kinds.ts';
import { createJobWorker, type JobWorkerOptions } from './jobs/job-worker.ts';
import type { LeaseRunner } from './jobs/lease-runner.ts';
import { createQuoteWorker, type QuoteWorkerOptions } from './jobs/quote-worker.ts';
import { type MailSink, startMailSink } from './mail/mail-sink.ts';
import { createMailer } from './mail/mailer.ts';
import { createSmsSink, type SmsSink } from './messaging/sms/sms-sink.ts';
import { type TextingConfig, textingConfigFromEnv } from './messaging/sms/texting-config.ts';
import { createTextingEvents } from './messaging/texting-events.ts';
import { createStripeClient, type StripeConfig, stripeConfigFromEnv } from './payments/stripe-config.ts';
import type { PropertyDataOptions } from './property-data/build-providers.ts';
import { currentCarriers } from './quoting/current-carriers.ts';
import { connectionsFileOf, parseConnectionOrigins } from './quoting/http/connection-origins.ts';
import {
  createLiveConnectors,
  type LiveConnectors,
  type LiveConnectorsOptions,
} from './quoting/http/live-connectors.ts';
import { createCarriersBusyCheck, QUOTE_BACKLOG_AGE_LIMIT_MS } from './quoting/quote-backlog.ts';
import { accountAuthRoutes } from './routes/account-auth-routes.ts';
import { applicationRoutes } from './routes/application-routes.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { bulkUploadRoutes } from './routes/bulk-upload-routes.ts';
import { carrierCatalogueRoutes } from './routes/carrier-catalogue-routes.ts';
import { carrierConnectionRoutes } from './routes/carrier-connection-routes.ts';
import { carrierFileRoutes } from './routes/carrier-file-routes.ts';
import { carrierRoutes } from './routes/carrier-routes.ts';
import { commissionRoutes } from './routes/commission-routes.ts';
import { companyRoutes } from './routes/company-routes.ts';
import { contactRoutes } from './routes/contact-routes.ts';
import { customerPortalRoutes } from './routes/customer-portal-routes.ts';
import { fileRoutes } from './routes/file-routes.ts';
import { iconSetRoute } from './routes/icon-set-route.ts';
import { outboxRoutes } from './routes/outbox-routes.ts';
import { passkeyRoutes } from './routes/passkey-routes.ts';
import { planRoutes } from './routes/plan-routes.ts';
import { portalSettingsRoutes } from './routes/portal-settings-routes.ts';
import { pricePredictorRoutes } from './routes/price-predictor-routes.ts';
import { privacyRoutes } from './routes/privacy-routes.ts';
import { profileRoutes } from './routes/profile-routes.ts';
import { propertyDataRoutes } from './routes/property-data-routes.ts';
import { quoteDocumentRoutes } from './routes/quote-document-routes.ts';
import { quoteEventsRoutes } from './routes/quote-events-routes.ts';
import { reportingRoutes } from './routes/reporting-routes.ts';
import { resourcesRoutes } from './routes/resources-routes.ts';
import { schemaStudioRoutes } from './routes/schema-studio-routes.ts';
import { signInSecurityRoutes } from './routes/sign-in-security-routes.ts';
import { sovRoutes } from './routes/sov-routes.ts';
import { textingRoutes } from './routes/texting-routes.ts';
import {
  DEFAULT_THROTTLE_TEST_LIMIT,
  type ThrottleTestLimit,
  throttleTestRoute,
} from './routes/throttle-test-route.ts';
import { userRoutes } from './routes/user-routes.ts';
import { utilityRoutes } from './routes/utility-routes.ts';
import { type AccountsConfig, accountsConfigFromEnv } from './services/accounts-config.ts';
import { keepCarrierCatalogueCurrent, RELOAD_POLL_MS } from './services/carrier-catalogue-reload.ts';
import { companyCredentials } from './services/carrier-connection-settings.ts';
import { PUBLIC_ICON_SERVICE } from './services/icon-set.ts';
import { LIVE_QUOTES_TIMING, type LiveQuotesTiming } from './services/live-quotes.ts';
import { PLAN_IDS } from './services/plans.ts';
import type { SovSubmitOptions } from './services/sov-service.ts';
import { currentSettings } from './settings/settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable quote queue's worker of this app; tests call `drain()`. */
    quoteWorker: LeaseRunner;
    /** The worker of every other background job (`jobs` table); tests call `drain()`. */
    jobWorker: LeaseRunner;
    /** The live carrier connectors (issue 19): the quote worker's lookup and the settings' test connection. */
    liveConnectors: LiveConnectors;
    /** The local SMTP sink (development and tests), or null when SMTP_URL is set or MAIL_SINK=off. */
    mailSink: MailSink | null;
    /** The local SMS sink: texts of companies without an SMS provider (when the config allows it). */
    smsSink: SmsSink;
  }
}

/** Where `vite build` puts the portal (vite.config.ts build.outDir). */
export const DEFAULT_PORTAL_DIR = resolve(import.meta.dirname, '../dist/portal');

/** Largest request body accepted, in bytes; documents are far smaller. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Ajv options of every request schema (Fastify's validator compiler merges them over its
 * defaults); exported so the fuzz suite predicts validation with the same settings.
 */
export const REQUEST_AJV_OPTIONS = {
  // Unknown properties are a client mistake to report, not to strip; types are never coerced.
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: true,
  allErrors: false,
  // `type: ['integer', 'string']` (an id as number or digits) is intended.
  allowUnionTypes: true,
} as const;

export interface BuildAppOptions {
  /** The database (or a test's) every repository queries. The caller opens, migrates and closes it. */
  db: Executor;
  /** The quote and job workers' pool (Database.workerDb, ADR 727); defaults to db. */
  workerDb?: Executor;
  /** The pool the workers renew their leases on (Database.leaseDb, ADR 728); defaults to db. */
  leaseDb?: Executor;
  /** Backlog age past which launches are said to meet busy carriers, in ms (QUOTE_BACKLOG_AGE_LIMIT_MS, ADR 729). */
  quoteBacklogAgeLimitMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Built portal to serve with the SPA fallback; null = API only. Default: dist/portal when built. */
  portalDir?: string | null;
  /**
   * Poll the quote queue and the job queue from `ready`, and the carrier catalogue's latest version,
   * until close (default true); tests drain them by hand (a published version still arrives by NOTIFY).
   */
  startWorker?: boolean;
  /**
   * Quote with the latest stored carrier catalogue version, kept current (default true; ADR 772).
   * false: carriers.json and no query, for an app that only registers its routes (the fuzz suite's).
   */
  carrierCatalogue?: boolean;
  worker?: QuoteWorkerOptions;
  /** How statements of values are asked (tests plug in faulty quote managers). */
  sov?: SovSubmitOptions;
  /** Property data connectors' base URLs and timeouts (tests: local fake provider servers). */
  propertyData?: PropertyDataOptions;
  /** Options of the job worker; its handlers default to server/jobs/job-kinds.ts. */
  jobs?: JobWorkerOptions;
  /** Failures allowed per account and per client address before sign-in answers 429 (issue 38). */
  signInThrottle?: SignInThrottle;
  /** The proxies whose X-Forwarded-For names the client (Fastify `trustProxy`); default TRUST_PROXY. */
  trustProxy?: string | false;
  /** Calls per window of one partner API key (issue 16); tests lower it. */
  partnerRateLimit?: PartnerRateLimit;
  /** Calls per window of one caller to GET /api/test/throttle (SPEC §7); tests lower the window. */
  throttleTestLimit?: ThrottleTestLimit;
  /** false in dev: Vite's dev server injects inline scripts the production CSP forbids. */
  contentSecurityPolicy?: boolean;
  /** Overrides of the environment's issue 4 settings (PUBLIC_BASE_URL, SMTP_URL, MAIL_SINK, ...). */
  accounts?: Partial<AccountsConfig>;
  /** Overrides of the passkeys' relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN; ADR 754). */
  webauthn?: Partial<RelyingPartyConfig>;
  /** Overrides of the environment's texting settings (TWILIO_API_BASE_URL, SMS_SINK, ...). */
  texting?: Partial<TextingConfig>;
  /** Overrides of the environment's Stripe settings (STRIPE_SECRET_KEY, STRIPE_API_BASE_URL, ...). */
  stripe?: Partial<StripeConfig>;
  /** Overrides of the live quotes stream's timing (issue 17); tests shorten it. */
  liveQuotes?: Partial<LiveQuotesTiming>;
  /** Where live carrier connections come from and how they call (tests: fake carrier servers, issue 19). */
  carrierConnections?: Pick<LiveConnectorsOptions, 'fetch' | 'now'> & {
    /** Connection id to the origin it is asked at, instead of CARRIER_CONNECTION_ORIGINS. */
    origins?: Record<string, string>;
  };
}

/**
 * The security headers of every answer (helmet options), set by an onRequest hook and by the
 * answer to a URL that fails before hooks run. `csp` false in dev (Vite injects inline scripts).
 */
function securityHeadersOf(csp: boolean, scriptHashes: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: csp
      ? {
          directives: {
            defaultSrc: ["'self'"],
            // No 'unsafe-eval': the browser's field validators are built ahead or interpreted
            // (docs/decisions/511-csp-without-unsafe-eval.md).
            scriptSrc: ["'self'", ...scriptHashes],
            // Mantine writes inline style attributes and <style> tags.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            // Training videos play from our own file route or an external https address (ADR 260).
            mediaSrc: ["'self'", 'https:'],
            fontSrc: ["'self'", 'data:'],
            // The icon set falls back to the public icon service (SPEC §9, ADR 372).
            connectSrc: ["'self'", PUBLIC_ICON_SERVICE],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            // The app is served over plain HTTP locally and in tests; TLS belongs to the proxy.
            upgradeInsecureRequests: null,
          },
        }
      : false,
    // Same reason: HSTS is for the TLS-terminating proxy, not for http://localhost.
    strictTransportSecurity: false,
  };
}

/**
 * The logger options with the request serializer that redacts secrets from URLs (ADR 722); false
 * stays false, and a logger instance is the caller's to configure.
 */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
}

/**
 * Builds the app; does not listen. Errors of plugin registration reject. Issue 2 §4, docs/api.md.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const portalDir =
    options.portalDir === undefined
      ? existsSync(join(DEFAULT_PORTAL_DIR, 'index.html'))
        ? DEFAULT_PORTAL_DIR
        : null
      : options.portalDir;
  // The portal's own inline scripts (e.g. the colour-mode script before first paint), by hash.
  const indexHtml = portalDir ? join(portalDir, 'index.html') : null;
  const scriptHashes =
    indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  const setSecurityHeaders = securityHeadersSetter(
    securityHeadersOf(options.contentSecurityPolicy !== false, scriptHashes),
  );

  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    // A URL that is not percent-encoded UTF-8 (or has an over-long parameter) fails before
    // routing and hooks: answer the envelope too (docs/decisions/107-fuzzed-bodies-on-every-endpoint.md),
    // with the security headers the helmet hook would have set.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      setSecurityHeaders(reply.raw);
      setNoStoreForApi(request.url, reply.raw);
      (reply as FastifyReply).code(status).send(failure(status, `Invalid request: ${error.message}`));
    },
    ajv: { customOptions: REQUEST_AJV_OPTIONS },
    // A safe incoming X-Request-Id, else a UUID: in every log line of the request (issue 39).
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
    // A request reaching a closing server is answered in the envelope by answerWhileShuttingDown.
    return503OnClosing: false,
    // request.ip is X-Forwarded-For's client only behind a proxy TRUST_PROXY names (issue 38).
    trustProxy: options.trustProxy ?? trustedProxies(),
    // Each route's validator and serialiser compiles on its first use, not at ready (ADR 682).
    schemaController: lazyRouteCompilers,
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('account', null);
  app.decorateRequest('partnerKey', null);
  app.decorateRequest('applicationRead', null);

  // 1. Security headers first, so every answer (errors and static files too) carries them.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw);
    setNoStoreForApi(request.url, reply.raw);
    done();
  });
  // Then the request id, echoed on every answer and handed to the jobs the request enqueues.
  addRequestIds(app);
  // Then, while closing, 503 in the envelope before any other work.
  answerWhileShuttingDown(app);
  // 2. Rate limiting and 3. OpenAPI collect route options in onRoute hooks: before any route.
  await app.register(rateLimit, { global: false });
  addPartnerRateLimit(app, options.partnerRateLimit ?? DEFAULT_PARTNER_RATE_LIMIT);
  await app.register(swagger, openApiOptions());
  // Success answers serialise through their documented schema: nothing undeclared goes out (ADR 490).
  serialiseAnswersWithSchemas(app);
  // 4. Every error and unknown /api path answers the envelope.
  app.setErrorHandler(errorHandler);
  // Before any route's own hooks: too deep nesting first, so the recursive NUL check stays within
  // the stack, then strings PostgreSQL cannot store: 400s, not 500s.
  app.addHook('preValidation', rejectDeepNesting);
  app.addHook('preValidation', rejectNulCharacters);
  // Health and readiness probes, and the drain of a stopping process (issue 39).
  addHealthRoutes(app, db);
  addMetricsRoute(app, db);

  // 5. Mail: SMTP_URL, else a company's SMTP, else the local sink that tests read
  // (docs/decisions/081-mail-through-smtp-with-a-local-sink.md).
  const settings = currentSettings();
  const config = { ...accountsConfigFromEnv(settings), ...options.accounts };
  const mailSink =
    !config.smtpUrl && config.mailSink
      ? await startMailSink((message) =>
          // Its links carry reset tokens: logged redacted (ADR 722); the sink keeps the message whole.
          app.log.info(
            { to: message.envelopeTo, subject: message.subject, text: redactUrlsInText(message.text ?? '') },
            'mail kept by the local SMTP sink',
          ),
        )
      : null;
  app.decorate('mailSink', mailSink);
  if (mailSink) app.addHook('onClose', async () => mailSink.close());
  const mailer = createMailer({ smtpUrl: config.smtpUrl, sinkUrl: mailSink?.url ?? null });

  // 6. The API.
  const throttle = options.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE;
  await app.register(authRoutes, { db, throttle });
  await app.register(accountAuthRoutes, { db, mailer, config, throttle });
  await app.register(signInSecurityRoutes, { db, throttle });
  const relyingParty = { ...relyingPartyConfigFromEnv(settings), ...options.webauthn };
  await app.register(passkeyRoutes, { db, throttle, relyingParty });
  await app.register(profileRoutes, { db });
  await app.register(userRoutes, { db, mailer, config });
  await app.register(companyRoutes, { db });
  // Payments (issue 16): Stripe when its keys are set, else plans are set by super-admins only.
  const stripeConfig = { ...stripeConfigFromEnv(PLAN_IDS, settings), ...options.stripe };
  await app.register(planRoutes, {
    db,
    payments: {
      stripe: createStripeClient(stripeConfig),
      config: stripeConfig,
      publicBaseUrl: config.publicBaseUrl,
    },
  });
  // The carrier catalogue: the latest published version, reloaded when another is published (ADR 772);
  // its LISTEN and polls are background work, on the workers' pool.
  const workerDb = options.workerDb ?? db;
  if (options.carrierCatalogue !== false) {
    const stopCatalogueReload = await keepCarrierCatalogueCurrent(
      workerDb,
      (error) => app.log.error({ err: error }, 'carrier catalogue reload failed; the version in use stays'),
      options.startWorker === false ? null : RELOAD_POLL_MS,
    );
    app.addHook('onClose', stopCatalogueReload);
  }
  // A deployment may point a connection at another host of its API (CARRIER_CONNECTION_ORIGINS).
  const origins =
    options.carrierConnections?.origins ??
    parseConnectionOrigins(settings.CARRIER_CONNECTION_ORIGINS, currentCarriers());
  const connectionsFile = connectionsFileOf(origins);
  const liveConnectors = createLiveConnectors({
    fetch: options.carrierConnections?.fetch,
    now: options.carrierConnections?.now,
    catalogue: connectionsFile,
    processes: settings.SERVER_PROCESSES,
    credentials: (companyId, connectionId) =>
      companyCredentials(db, companyId, connectionId, connectionsFile()),
    log: (fields, message) => app.log.info(fields, message),
  });
  app.decorate('liveConnectors', liveConnectors);
  await app.register(portalSettingsRoutes, { db, publicBaseUrl: config.publicBaseUrl });
  await app.register(carrierConnectionRoutes, { db, live: liveConnectors, file: connectionsFile });
  await app.register(carrierCatalogueRoutes, { db, live: liveConnectors, origins });
  await app.register(carrierFileRoutes);
  await app.register(schemaStudioRoutes, { db });
  // Back-pressure (issue 47): launches past the backlog's age limit are queued and said to be slow.
  const carriersBusy = createCarriersBusyCheck(
    db,
    options.quoteBacklogAgeLimitMs ?? QUOTE_BACKLOG_AGE_LIMIT_MS,
  );
  await app.register(applicationRoutes, { db, carriersBusy });
  await app.register(quoteEventsRoutes, {
    db,
    timing: { ...LIVE_QUOTES_TIMING, ...options.liveQuotes },
    carriersBusy,
  });
  await app.register(carrierRoutes, { db });
  await app.register(sovRoutes, { db, sov: options.sov });
  await app.register(fileRoutes, { db });
  await app.register(utilityRoutes, { db });
  await app.register(throttleTestRoute, { limit: options.throttleTestLimit ?? DEFAULT_THROTTLE_TEST_LIMIT });
  await app.register(iconSetRoute);
  await app.register(reportingRoutes, { db });
  await app.register(commissionRoutes, { db });
  await app.register(resourcesRoutes, { db });
  await app.register(bulkUploadRoutes, { db });
  await app.register(pricePredictorRoutes, { db });
  // Texting (issue 14): the company's SMS provider or the local sink; events polled from the database.
  const texting = { ...textingConfigFromEnv(settings), ...options.texting };
  const smsSink = createSmsSink(texting.sinkFile);
  app.decorate('smsSink', smsSink);
  const textingEvents = createTextingEvents(db, texting.eventsPollMs, (error) =>
    app.log.error({ err: error }, 'texting events poll failed'),
  );
  app.addHook('onClose', async () => textingEvents.close());
  const textingDeps = { config: texting, publicBaseUrl: config.publicBaseUrl, sink: smsSink };
  await app.register(textingRoutes, { db, deps: textingDeps, events: textingEvents });
  // The outbox (issue 43): resends go through the same mailer and texting channel.
  await app.register(outboxRoutes, { db, deps: { mailer, texting: textingDeps } });
  await app.register(propertyDataRoutes, { db, propertyData: options.propertyData });
  await app.register(quoteDocumentRoutes, { db, mailer, publicBaseUrl: config.publicBaseUrl });
  await app.register(customerPortalRoutes, { db, mailer, config });
  await app.register(contactRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(privacyRoutes, { db });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // 7. The portal, with the SPA fallback for client-side routes.
  if (portalDir)
    await app.register(fastifyStatic, {
      root: portalDir,
      prefix: '/',
      setHeaders: portalCacheHeaders(portalDir),
    });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (portalDir && request.method === 'GET' && path !== '/api' && !path.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(failure(404, 'Not found.'));
  });

  // 8. The quote worker and the job worker run while the app is up and stop cleanly on close.
  // Their own pools (PostgreSQL): a backlog never takes the API's connections, nor a claim a renewal's.
  const leaseDb = options.leaseDb ?? db;
  const worker = createQuoteWorker(workerDb, {
    leaseDb,
    logger: app.log,
    connectorFor: liveConnectors.connectorFor,
    ...options.worker,
  });
  const jobWorker = createJobWorker(workerDb, {
    leaseDb,
    logger: app.log,
    handlers: {
      ...jobHandlers,
      ...messagingJobHandlers({ mailer, texting: textingDeps }),
      ...propertyDataJobHandlers(options.propertyData),
    },
    ...options.jobs,
  });
  app.decorate('quoteWorker', worker);
  app.decorate('jobWorker', jobWorker);
  if (options.startWorker !== false) {
    app.addHook('onReady', async () => {
      worker.start();
      jobWorker.start();
    });
  }
  app.addHook('onClose', async () => {
    // The jobs in hand get half the shutdown deadline (ms); the database closes within the rest
    // (start.ts). A job still running then is aborted and left to its lease (ADR 771).
    const deadlineMs = currentSettings().SHUTDOWN_DRAIN_MS / 2;
    await Promise.all([worker.stop(deadlineMs), jobWorker.stop(deadlineMs)]);
  });
  return app;
}
