/**
 * The reference server as a Hono app, without listening: tests call `app.request()`, main.ts
 * serves it. Every /api route declares its requirement (rbac-and-flags.md §3.3).
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { RuntimeConfig, TopologyResponse } from '../../src/api/types';
import { authenticate } from './auth/authenticate';
import { callerCacheFor } from './auth/caller-cache';
import type { ServerConfig } from './config';
import type { KeptReads } from './db/kept-reads';
import type { Db } from './db/types';
import { corsForOrigins } from './embed/cors';
import { embedGate } from './embed/gate';
import type { AppEnv } from './http/env';
import { CachedRouter } from './http/cached-router';
import { compressApi } from './http/compress';
import { jsonError } from './http/errors';
import { requirePermission } from './http/rbac';
import { bodyGuard, bodyLimitGuard, originGuard, urlGuard } from './http/request-guards';
import { securityHeaders } from './http/security-headers';
import { routingPath } from './http/root-paths';
import { kratosNoAuthRoutes } from './routes/kratos-none';
import { httpMetrics } from './routes/metrics';
import { rbacRoutes } from './routes/rbac';
import { serveConsole } from './http/static';
import { authRoutes } from './routes/auth';
import { canaryRoutes, summaryReader } from './routes/canary';
import type { SummaryReader } from './routes/summary-cache';
import { catalogRoutes } from './routes/catalog';
import { connectionRoutes } from './routes/connections';
import { dbRoutes, type DbEngine } from './routes/db';
import { aal2Gate, kratosRoutes } from './routes/kratos';
import { agentRoutes } from './routes/agent';
import { embedTokenRoutes } from './routes/embed-tokens';
import { kubeconfigRoutes } from './routes/kubeconfig';
import { logsRoutes } from './routes/logs';
import { notificationRoutes } from './routes/notifications';
import { peopleRoutes } from './routes/people';
import { playbookRoutes } from './routes/playbooks';
import { resourceRoutes } from './routes/resources';
import { schemaRoutes } from './routes/schemas';
import { snapshotRoutes } from './routes/snapshot';
import { topologyRoutes } from './routes/topology';
import { loadLocalProperties, propertiesRoutes } from './routes/properties';
import { HealthRunner } from './runner/runner';
import { lazySecrets, type Secrets } from './secrets/keyring';
import { VERSION } from './version';

export interface AppOptions {
  db: Db;
  config: ServerConfig;
  /** The PostgREST engine; without one, `/api/db/*` answers 503. */
  engine?: DbEngine | undefined;
  /** Called with unexpected errors (default: console.error). */
  onError?: (error: unknown) => void;
  /**
   * The health-check runner behind run-now; main.ts passes the one whose scheduler it starts.
   * Without one, the app makes its own (scheduler not started): run-now still works.
   */
  runner?: HealthRunner | undefined;
  /**
   * The keyring of secrets at rest (main.ts opens it at start-up); without one, the app opens it
   * on first use from `config.secretKey` or the database's stored key.
   */
  secrets?: Secrets | undefined;
  /**
   * Compress the console's files ahead of their first request (main.ts, unless
   * VIGIL_WARMUP=off); called with the number of files once done.
   */
  warmStatic?: ((files: number) => void) | undefined;
  /**
   * The topology trees kept while the database has not changed (db/kept-reads.ts); main.ts shares
   * them with the start-up warm-up, so the first visitor finds the dashboard's tree read.
   */
  topologyReads?: KeptReads<TopologyResponse> | undefined;
  /** The health summary's kept answers (routes/summary-cache.ts), shared with the warm-up too. */
  summaryReads?: SummaryReader | undefined;
}

/** Runner options from the server configuration. */
export function runnerOptions(config: ServerConfig): ConstructorParameters<typeof HealthRunner>[1] {
  return {
    concurrency: config.runnerConcurrency,
    timeoutMs: config.runnerTimeoutMs,
    selfUrl: config.selfUrl,
  };
}

/** The runtime config the console reads next to index.html (ARCHITECTURE.md §2). */
export function runtimeConfig(config: ServerConfig): RuntimeConfig {
  return {
    apiBase: '/api',
    auth: config.auth,
    healthOnly: config.healthOnly,
    docsUrl: config.docsUrl,
    // Hosted sign-in (docs/hosted-oidc.md): the console signs in with the provider this server
    // trusts, as the client whose id is the tokens' audience.
    ...(config.oidc
      ? {
          oidc: {
            issuer: config.oidc.issuer,
            clientId: config.oidc.audience,
            organizationsClaim: config.oidc.organizationsClaim,
          },
        }
      : {}),
  };
}

/**
 * Build the app. In health-only mode only the health summary, the graph, the version, liveness,
 * config.json and the static console are served; every other /api path is 404 (those endpoints do
 * not exist in such a deployment, so no credentials are asked for).
 */
export function createApp({
  db,
  config,
  engine,
  onError,
  runner,
  secrets,
  warmStatic,
  topologyReads,
  summaryReads = summaryReader(db),
}: AppOptions): Hono<AppEnv> {
  // Mission Control's root paths (`/db/…`, `/kratos/…`) route as their `/api` twins.
  // Matches remembered per method and path (server/src/http/cached-router.ts).
  const app = new Hono<AppEnv>({ getPath: routingPath, router: new CachedRouter() });
  const checks = runner ?? new HealthRunner(db, runnerOptions(config));
  const localProperties = loadLocalProperties(config);
  const report = onError ?? ((error: unknown) => console.error(error));
  const keys = secrets ?? lazySecrets(db, config.secretKey);

  const metrics = httpMetrics();
  app.use('*', metrics.count);
  app.use(
    '*',
    securityHeaders({ connectSrc: config.oidc ? [new URL(config.oidc.issuer).origin] : [] }),
  );
  if (config.corsOrigins.length > 0) {
    app.use('/api/*', corsForOrigins(config.corsOrigins));
  }
  // Before any route (docs/security.md): CSRF and DNS rebinding, the body limit, addresses and
  // bodies that no route could store (invalid UTF-8, NUL, JSON nested too deeply).
  app.use('*', originGuard({ corsOrigins: config.corsOrigins, listenHost: config.host }));
  app.use('*', bodyLimitGuard(config.bodyLimitBytes));
  app.use('/api/*', urlGuard());
  app.use('/api/*', bodyGuard());
  // Bodies under 1 KB go as they are; larger ones in one zlib call (server/src/http/compress.ts).
  app.use('/api/*', compressApi());

  // Liveness and readiness are public (api.md §9.4).
  app.get('/api/health', (c) => c.text('OK'));
  app.route('/api/metrics', metrics.routes);
  app.get('/api/about', (c) => c.json({ Timestamp: new Date().toISOString(), Version: VERSION }));

  if (config.healthOnly) {
    const open = canaryRoutes(db, async (_c, next) => next(), true, undefined, summaryReads);
    app.route('/api/canary', open);
  } else {
    // Who a credential is, remembered for a few seconds (server/src/auth/caller-cache.ts):
    // forgotten on every write to the tables it comes from, this process's and (on PostgreSQL,
    // through LISTEN/NOTIFY) every other instance's, and around every request that may write (a
    // role change, a sign-out, a deleted person take effect at once).
    const callers = callerCacheFor(db);
    if (callers) {
      app.use('/api/*', async (c, next) => {
        const method = c.req.method;
        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
        callers.invalidate();
        try {
          await next();
        } finally {
          callers.invalidate();
        }
      });
    }
    app.use('/api/*', authenticate(db, config, callers));
    // An aal1 session of an identity with a second factor reaches only the identity flows.
    app.use('/api/*', aal2Gate());
    // Scoped embed tokens are decided here, before any route (docs/embed-tokens.md).
    app.use('/api/*', embedGate({ db, engine }));
    // The topology tree needs read on topologies, not canaries (rbac-and-flags.md §3.3).
    app.route('/api/canary/api', topologyRoutes(db, topologyReads));
    app.route(
      '/api/canary',
      canaryRoutes(db, requirePermission('canaries', 'read'), false, checks, summaryReads),
    );
    app.route('/api/agent', agentRoutes(db));
    app.route('/api/catalog', catalogRoutes(db));
    app.route('/api/resources', resourceRoutes(db));
    app.route('/api/auth', authRoutes(db, config));
    app.route('/api/people', peopleRoutes(db, config));
    app.route('/api/rbac', rbacRoutes(db));
    app.route('/api/properties', propertiesRoutes(db, localProperties));
    app.route('/api/kubeconfig', kubeconfigRoutes(db));
    app.route('/api/logs', logsRoutes(db));
    app.route('/api/schemas', schemaRoutes());
    app.route('/api/snapshot', snapshotRoutes(db));
    app.route('/api/embed-tokens', embedTokenRoutes(db));
    app.route('/api/connection', connectionRoutes(db, keys));
    app.route('/api/playbook', playbookRoutes(db));
    app.route('/api/notification', notificationRoutes(db));
    if (engine) {
      app.route('/api/db', dbRoutes(engine, keys));
    } else {
      app.all('/api/db/*', (c) => jsonError(c, 503, 'the data API is not available'));
    }
    if (config.auth === 'basic') {
      const kratos = kratosRoutes(db, config, { secrets: keys, properties: localProperties });
      app.route('/api/kratos', kratos);
      app.route('/api/.ory', kratos);
    } else if (config.auth === 'none') {
      const kratos = kratosNoAuthRoutes(db);
      app.route('/api/kratos', kratos);
      app.route('/api/.ory', kratos);
    }
  }

  app.all('/api/*', (c) => jsonError(c, 404, 'not found'));
  app.all('/api', (c) => jsonError(c, 404, 'not found'));

  app.get('/config.json', (c) =>
    c.json(runtimeConfig(config), 200, { 'Cache-Control': 'no-cache' }),
  );

  // The widgets bundle and the hand-written host pages that embed it (dist-examples).
  const widgets = serveConsole(config.widgetsDir, {
    prefix: '/widgets',
    spaFallback: false,
    immutableDirs: ['chunks', 'assets'],
  });
  const examples = serveConsole(config.examplesDir, { prefix: '/examples', spaFallback: false });
  app.all('/widgets/*', async (c) => (await widgets(c)) ?? c.text('Method Not Allowed', 405));
  app.all('/examples/*', async (c) => (await examples(c)) ?? c.text('Method Not Allowed', 405));
  app.get('/examples', (c) => c.redirect('/examples/index.html'));

  // URL sign-in (`/login?username=…&password=…`) only from a typed address, a bookmark or the
  // console itself: a link on another page, same-site on another port included, would sign the
  // visitor into an account of the linker's choosing. Such a request loses the credentials.
  app.get('/login', async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.searchParams.has('username') && !url.searchParams.has('password')) return next();
    const site = c.req.header('sec-fetch-site');
    const referer = c.req.header('referer');
    let foreign = site !== undefined && site !== 'same-origin' && site !== 'none';
    if (site === undefined && referer) {
      try {
        foreign = new URL(referer).origin !== url.origin;
      } catch {
        foreign = true;
      }
    }
    if (!foreign) return next();
    url.searchParams.delete('username');
    url.searchParams.delete('password');
    return c.redirect(`/login${url.search}`, 303);
  });

  const statics = serveConsole(config.staticDir);
  if (warmStatic) {
    statics.warm().then(warmStatic, (error: unknown) => report(error));
  }
  app.all('*', async (c) => (await statics(c)) ?? c.text('Method Not Allowed', 405));

  app.onError((error, c) => {
    // A client mistake that a middleware raised (413 and the like) is answered, not logged.
    if (error instanceof HTTPException && error.status < 500) return error.getResponse();
    report(error);
    if (c.req.path.startsWith('/api/')) return jsonError(c, 500, 'internal error');
    return c.text('Internal Server Error', 500);
  });
  return app;
}
