import { abandonedRequests } from './plugins/abandoned-requests.js';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from './config.js';
import { watchAvailability, type DatabaseAvailability } from './db/availability.js';
import type { Db } from './db/database.js';
import { AccessLog, logSerializers } from './logging.js';
import { staffAccountRoutes, teamAccountRoutes } from './modules/accounts/routes.js';
import { activityRoutes, teamActivityRoutes } from './modules/activities/routes.js';
import { staffChangeRoutes } from './modules/audit/routes.js';
import { findOpenSession } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAccessTokenVerifier } from './modules/auth/tokens.js';
import { clientRoutes } from './modules/clients/routes.js';
import { dietRoutes } from './modules/diets/routes.js';
import { createMailer, type Mailer } from './modules/email/mailer.js';
import { emailRoutes } from './modules/email/routes.js';
import { evaluationRoutes } from './modules/evaluations/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { eventsAfter, latestEventCursor } from './modules/messages/repository.js';
import { mediaRoutes } from './modules/media/routes.js';
import { messageRoutes, teamMessageRoutes } from './modules/messages/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { createUnreadAlerts } from './modules/messages/unread-alerts.js';
import { planEditorRoutes } from './modules/plans/routes.js';
import { endpointRulesOf } from './modules/push/endpoint-rules.js';
import { createPushNotifier, type PushNotifier } from './modules/push/notifier.js';
import { pushRoutes } from './modules/push/routes.js';
import { temporaryVapidKeys, type VapidKeys } from './modules/push/vapid.js';
import { createRetention } from './modules/retention/retention.js';
import { secondFactorRoutes } from './modules/second-factor/routes.js';
import { sessionRoutes } from './modules/workout-sessions/routes.js';
import { rosterRoutes } from './modules/roster/routes.js';
import { teamRoutes } from './modules/team/routes.js';
import { waterRoutes } from './modules/water/routes.js';
import { workoutRoutes } from './modules/workouts/routes.js';
import { auth } from './plugins/auth.js';
import { connectionLimits } from './plugins/connection-limits.js';
import { counters } from './plugins/counters.js';
import { errorHandler, routeNotFound } from './plugins/errors.js';
import { etags } from './plugins/etag.js';
import { jsonSerializerCompiler } from './plugins/json-serializer.js';
import { live } from './plugins/live.js';
import { rateLimits } from './plugins/rate-limit.js';
import { securityHeaders } from './plugins/security-headers.js';
import { workers } from './plugins/workers.js';
import type { CachedMediaStorage } from './storage/cached-media-storage.js';
import { checkinRoutes, teamCheckinRoutes } from './modules/checkins/routes.js';
import { connectSources, inlineScriptHashes, webApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    databaseAvailability: DatabaseAvailability;
    mailer: Mailer;
    /** Web Push: the team's messages and the client's reminders, through one queue (modules/push). */
    push: PushNotifier;
    jwtSecret: Uint8Array;
    /**
     * `draining` from SIGTERM (server.ts) or close(): health says so and every answer closes its
     * connection; `lastRequestAt` then tells when a request last arrived.
     */
    lifecycle: { draining: boolean; lastRequestAt: number };
  }
}

// Validation messages in Portuguese, like everything else the client reads.
z.config(z.locales.pt());

export interface AppOptions {
  config: Config;
  db: Db;
  jwtSecret: Uint8Array;
  /** The VAPID key pair pushes are signed with (server.ts: the environment's or DATA_DIR's); a temporary one when absent (tests). */
  vapidKeys?: VapidKeys;
  /** Where photos' bytes are kept (server.ts opens it from the config); closed with the app. */
  storage: CachedMediaStorage;
  /** Nothing is logged without it; tests pass a stream to read the log. */
  logger?: { level: Config['LOG_LEVEL']; stream?: { write(line: string): void } };
}

/** The most a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 10_000;

/** Builds the whole server without listening: server.ts listens, tests inject. */
export async function buildApp({ config, db, jwtSecret, vapidKeys, storage, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ? { ...logger, serializers: logSerializers } : false,
    logController: new AccessLog(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    // Node applies these while a request is being received: from a connection's first byte (or its
    // opening, so a silent one is closed too) until the request is whole. An answer may then take as
    // long as it needs (the event streams to come), so no socket inactivity timeout
    // (connectionTimeout) is set: it would cut a quiet stream.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      // Node looks for connections past those deadlines this often (30 s by default, which would double them).
      connectionsCheckingInterval: 1000,
    },
    // Longer than a proxy's idle upstream connections (nginx: 60 s), so the proxy closes first and
    // never sends a request on a connection this server is closing.
    keepAliveTimeout: 72_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.MAX_CONNECTIONS;
  await app.register(connectionLimits, { perAddress: config.MAX_CONNECTIONS_PER_ADDRESS, trustProxy: config.TRUST_PROXY });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  const mailer = createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  app.decorate('config', config);
  app.decorate('db', db);
  const databaseAvailability = watchAvailability(db, { log: app.log });
  app.decorate('databaseAvailability', databaseAvailability);
  app.addHook('onClose', async () => databaseAvailability.stop());
  app.decorate('mailer', mailer);
  app.decorate('jwtSecret', jwtSecret);
  app.addHook('onClose', () => mailer.close());
  app.addHook('onClose', () => storage.close());
  const push = createPushNotifier(db, {
    vapid: vapidKeys ?? temporaryVapidKeys(config.VAPID_SUBJECT),
    rules: endpointRulesOf(config),
    log: app.log,
  });
  app.decorate('push', push);
  // Every process runs every worker; claims in the database keep each piece of work to one process:
  // the daily purge of what has expired, the e-mails about client messages left unread for 30
  // minutes, the reminders that are due, the queued pushes, and the outbox's due e-mails (its own,
  // retries, those the operator CLI stored). Those that hand work on come before the ones they hand it to.
  await app.register(workers, {
    list: [
      createRetention(db, { log: app.log }),
      createUnreadAlerts(db, { mailer, contactEmail: config.CONTACT_EMAIL, appUrl: config.APP_URL, log: app.log }),
      ...push.workers,
      ...mailer.workers,
    ],
  });
  const lifecycle = { draining: false, lastRequestAt: 0 };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    // Each client leaves its connection after this answer, so none is cut while it sends another.
    if (lifecycle.draining) {
      lifecycle.lastRequestAt = Date.now();
      reply.header('connection', 'close');
    }
    done();
  });

  await app.register(errorHandler);
  await app.register(abandonedRequests);
  await app.register(securityHeaders, { scriptSources: inlineScriptHashes(config.WEB_DIST), connectSources: connectSources(config.WEB_DIST) });
  await app.register(etags);
  await app.register(compress, { threshold: 1024 });
  await app.register(counters, { redisUrl: config.REDIS_URL });
  await app.register(rateLimits);
  await app.register(auth, { verify: await createAccessTokenVerifier(jwtSecret), openSession: (userId, sessionId) => findOpenSession(db, userId, sessionId) });
  await app.register(live, {
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
    streamsPerAccount: config.LIVE_STREAMS_PER_ACCOUNT,
    latest: () => latestEventCursor(db),
    readAfter: (cursor, limit) => eventsAfter(db, cursor, { limit }),
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(routeNotFound);
      // Answers carry tokens and personal data: no browser or shared cache may keep one, unless
      // the route said otherwise (the plan's conditional GETs, plugins/etag.ts).
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(healthRoutes);
      // Both kinds of account sign in, refresh, leave and read /v1/users/me.
      await api.register(authRoutes);
      // The client's data: every route of these modules needs a client's token, staff get 403
      // (DECISIONS.md §5).
      await api.register(async (client) => {
        client.addHook('preHandler', app.clientOnly);
        await client.register(clientRoutes);
        await client.register(evaluationRoutes);
        await client.register(dietRoutes);
        await client.register(workoutRoutes);
        await client.register(homeRoutes);
        await client.register(sessionRoutes);
        await client.register(messageRoutes);
        await client.register(pushRoutes);
        await client.register(waterRoutes);
        await client.register(activityRoutes);
        await client.register(privacyRoutes);
        await client.register(checkinRoutes);
      });
      // Photos: both kinds of account send and read them (DECISIONS.md §6).
      await api.register(async (accounts) => {
        accounts.addHook('preHandler', app.anyAccount);
        await accounts.register(mediaRoutes(storage));
      });
      // The team's routes (/api/v1/equipe/...): a staff token only, clients get 403.
      await api.register(async (team) => {
        team.addHook('preHandler', app.staffOnly);
        await team.register(rosterRoutes);
        await team.register(teamRoutes);
        await team.register(teamMessageRoutes);
        await team.register(teamActivityRoutes);
        await team.register(planEditorRoutes);
        await team.register(teamAccountRoutes);
        await team.register(teamCheckinRoutes);
      });
      // The member's own second factor (/api/v1/equipe/verificacao): staff only, and open to an
      // administrator who must enrol before the team's other routes answer (decision 056).
      await api.register(async (enrolling) => {
        enrolling.addHook('preHandler', app.staffEnrolling);
        await enrolling.register(secondFactorRoutes);
      });
      // The team's accounts (/api/v1/equipe/membros) and the record of staff changes: ROLE_ADMIN only, other staff and clients get 403.
      await api.register(async (admin) => {
        admin.addHook('preHandler', app.adminOnly);
        await admin.register(staffAccountRoutes);
        await admin.register(staffChangeRoutes);
      });
      // Also serves signed-out screens, so it guards its one route itself (app.clientOnly when a token is sent).
      await api.register(emailRoutes);
    },
    { prefix: '/api' },
  );
  if (config.WEB_DIST) await app.register(webApp, { root: config.WEB_DIST, consoleRoot: config.CONSOLE_DIST });
  else app.setNotFoundHandler(routeNotFound);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
