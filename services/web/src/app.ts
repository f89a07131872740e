import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { catalogPublicOperations, getEngagement } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import {
  createMemoryRateLimitCounter,
  createRateLimiter,
  fastifyTrustProxy,
  loadEdgeConfig,
  type RateLimitCounter,
  type RateLimitPolicy,
  retryAfterOnOutage,
  type TrustProxy,
} from '@listings/platform/edge';
import { createInternalClient } from '@listings/platform/internal-client';
import type { Logger } from '@listings/platform/logger';
import { mountOps, type Ops } from '@listings/platform/observability';
import { compileInputChecks } from '@listings/platform/validation';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import { ASSETS_DIRS, ASSETS_PREFIX } from './assets.ts';
import { createCatalogClient, createPersonClient } from './operation-clients.ts';
import { adminRoutes } from './pages/admin/route.ts';
import { awardRoutes } from './pages/awards/route.ts';
import { blogRoutes } from './pages/blog/route.ts';
import { categoryRoutes } from './pages/categories/route.ts';
import { claimEmailRoutes } from './pages/claim-email/route.ts';
import { confirmEmailRoutes } from './pages/confirm-email/route.ts';
import { ErrorView } from './pages/error/view.ts';
import { feedRoutes } from './pages/feeds/route.ts';
import { founderRoutes } from './pages/founders/route.ts';
import { goRoutes } from './pages/go/route.ts';
import { homeRoutes } from './pages/home/route.ts';
import { catalogLogos } from './pages/images/catalog-logos.ts';
import { imageRoutes } from './pages/images/route.ts';
import { inviteRoutes } from './pages/invite/route.ts';
import { ledgerCsvRoutes } from './pages/launch-week/ledger-csv.ts';
import { launchWeekRoutes } from './pages/launch-week/route.ts';
import { leaderboardRoutes } from './pages/leaderboards/route.ts';
import { listingActionRoutes } from './pages/listing/actions.ts';
import { recordListingViews } from './pages/listing/record-views.ts';
import { listingRoutes } from './pages/listing/route.ts';
import { meRoutes } from './pages/me/route.ts';
import { meAnalyticsRoutes } from './pages/me-analytics/route.ts';
import { meAppsRoutes } from './pages/me-apps/route.ts';
import { meClaimsRoutes } from './pages/me-claims/route.ts';
import { meDraftsRoutes } from './pages/me-drafts/route.ts';
import { meFreePlanRoutes } from './pages/me-free-plan/route.ts';
import { meListingsRoutes } from './pages/me-listings/route.ts';
import { meNotificationsRoutes } from './pages/me-notifications/route.ts';
import { meOrdersRoutes } from './pages/me-orders/route.ts';
import { meWebhooksRoutes } from './pages/me-webhooks/route.ts';
import { siteNotFoundRoute } from './pages/not-found/route.ts';
import { NotFoundView } from './pages/not-found/view.ts';
import { passwordRoutes } from './pages/password/route.ts';
import { rankingRoutes } from './pages/ranking/route.ts';
import { reportRoutes } from './pages/report/route.ts';
import { reviewRoutes } from './pages/reviews/route.ts';
import { searchRoutes } from './pages/search/route.ts';
import { signInRoutes } from './pages/signin/route.ts';
import { sitemapRoutes } from './pages/sitemap/route.ts';
import { createSessions } from './people/sessions.ts';
import { installSecurityHeaders } from './security.ts';
import { sendPage } from './send-page.ts';
import type { ViewerOf } from './viewer.ts';
import { createWebContext, PageError } from './web-context.ts';

export interface WebOptions {
  readonly bus: Bus;
  readonly publicUrl: string;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** who is signed in (the people side's sessions); default: nobody */
  readonly viewerOf?: ViewerOf;
  readonly requestTimeoutMs?: number;
  /**
   * counts votes per account and IP and password sign-ins per IP: the edge's shared counter
   * (all-in-one: the gateway's; cluster: the NATS KV bucket every edge replica shares); default in memory
   */
  readonly rateLimitCounter?: RateLimitCounter;
  /** RATE_LIMIT_SIGN_IN, on POST /signin and /signup per client IP (default: the variable's default) */
  readonly signInRateLimit?: RateLimitPolicy;
  /**
   * answer paths no route knows with the HTML 404 page from the server's not-found handler (the
   * web edge's own server); mounted on the gateway's server (all-in-one), a catch-all route does
   * it instead and hands API and MCP paths back to the gateway's problem+json answers
   */
  readonly notFoundPages?: boolean;
}

/**
 * The site for people as one encapsulated Fastify plugin: security headers with a fresh CSP nonce
 * on every response, the stylesheet and script under /assets/, and the pages, each loading its
 * data from the catalog's public operations over the bus. The launcher mounts it on the gateway's
 * server in all-in-one mode; cluster mode runs it on its own server (buildWebApp).
 */
export const webPlugin =
  (options: WebOptions): FastifyPluginAsync =>
  async (app) => {
    // the people side: identity's server-side sessions behind the `ld_session` cookie
    const internal = createInternalClient(options.bus, { timeoutMs: options.requestTimeoutMs ?? 10_000 });
    const sessions = createSessions({ identity: internal, publicUrl: options.publicUrl });
    const clock = options.clock ?? systemClock;
    // votes per account and IP, password sign-ins per IP (the edge's shared counter when given)
    const limiter = createRateLimiter({
      counter: options.rateLimitCounter ?? createMemoryRateLimitCounter({ clock }),
      clock,
    });
    const signInPolicy = options.signInRateLimit ?? loadEdgeConfig('.').rateLimitSignIn;
    // a person's own listings and claims, called as that person
    const person = createPersonClient(options.bus, { timeoutMs: options.requestTimeoutMs ?? 10_000 });
    await app.register(fastifyCookie);
    const web = createWebContext({
      catalog: createCatalogClient(options.bus, { timeoutMs: options.requestTimeoutMs ?? 10_000 }),
      clock: clock,
      publicUrl: options.publicUrl,
      viewerOf: options.viewerOf ?? sessions.viewerOf,
      mine: async (slug, viewer) => {
        const found = await internal.send<{ voted: boolean; following: boolean }>(getEngagement, {
          slug,
          account_id: viewer.accountId,
        });
        return found.ok ? { voted: found.body.voted, following: found.body.following } : null;
      },
    });
    // the first page to call a catalog operation does not wait for its input check to be compiled
    void compileInputChecks(catalogPublicOperations, { wire: true });
    recordListingViews(app, internal, clock, {
      accountOf: async (request) => (await sessions.sessionOf(request))?.account_id ?? null,
      publicUrl: options.publicUrl,
    });
    await installSecurityHeaders(app);
    await app.register(fastifyStatic, {
      root: ASSETS_DIRS,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      // asset URLs carry their content hash (assetUrl), so a year is safe
      maxAge: '365d',
      immutable: true,
      index: false,
    });
    app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
      const status = error instanceof PageError ? error.status : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'page failed');
      const detail =
        status === 404
          ? 'Nothing here by that name.'
          : status >= 500
            ? error instanceof PageError
              ? error.message
              : 'The page could not be shown. Try again in a moment.'
            : error.message;
      const frame = await web.frameOf(request, reply);
      if (status === 404) return sendPage(request, reply, frame, NotFoundView({ what: detail }, frame), 404);
      return sendPage(request, reply, frame, ErrorView({ status, detail }, frame), status);
    });
    if (options.notFoundPages)
      app.setNotFoundHandler(async (request, reply) => {
        const frame = await web.frameOf(request, reply);
        const what = `There is no page at ${request.url.split('?')[0]}.`;
        return sendPage(request, reply, frame, NotFoundView({ what }, frame), 404);
      });
    // listing logos from our own origin: the catalog reads them from the images bucket
    await app.register(
      imageRoutes({ logos: catalogLogos(options.bus, { timeoutMs: options.requestTimeoutMs ?? 10_000 }) }),
    );
    for (const routes of [
      homeRoutes,
      listingRoutes,
      launchWeekRoutes,
      categoryRoutes,
      leaderboardRoutes,
      awardRoutes,
      rankingRoutes,
      ledgerCsvRoutes,
      founderRoutes,
      blogRoutes,
      searchRoutes,
      feedRoutes,
      sitemapRoutes,
      signInRoutes({ identity: internal, sessions, clock }),
      passwordRoutes({ identity: internal, sessions, limiter, signInPolicy }),
      confirmEmailRoutes({ identity: internal, sessions }),
      meRoutes({ identity: internal, sessions, clock }),
      meNotificationsRoutes({ catalog: internal, sessions }),
      listingActionRoutes({ catalog: internal, sessions, limiter }),
      goRoutes({ catalog: internal, sessions }),
      reviewRoutes({ catalog: internal, sessions, person }),
      meListingsRoutes({ sessions, person }),
      meAnalyticsRoutes({ sessions, person }),
      meFreePlanRoutes({ sessions, person }),
      meWebhooksRoutes({ sessions, person }),
      meClaimsRoutes({ sessions, person }),
      meDraftsRoutes({ bus: options.bus, sessions, timeoutMs: options.requestTimeoutMs ?? 10_000 }),
      meAppsRoutes({ sessions, identity: internal }),
      meOrdersRoutes({ sessions, person, commerce: internal }),
      inviteRoutes({ sessions, internal }),
      claimEmailRoutes({ sessions, internal }),
      reportRoutes({ sessions, person }),
      adminRoutes({ sessions, person }),
    ])
      await app.register(routes, web);
    // on the gateway's server (all-in-one) the paths no route knows get the HTML 404 page too,
    // except the API's and MCP's, which keep their problem+json answers
    if (!options.notFoundPages) await app.register(siteNotFoundRoute, web);
  };

/**
 * The web edge as its own Fastify app (cluster mode, WEB_PORT): the plugin, and an HTML 404 for
 * paths no page answers (in all-in-one mode the gateway owns the server's not-found handler, and
 * the plugin's catch-all route answers people's paths).
 */
export const buildWebApp = async (
  options: WebOptions & { trustProxy?: TrustProxy; ops?: Ops },
): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  // cluster mode: the process's /healthz, /readyz and /metrics on the site's port
  if (options.ops) mountOps(app as unknown as FastifyInstance, options.ops);
  retryAfterOnOutage(app as never);
  const { ops: _ops, ...web } = options;
  await app.register(webPlugin({ ...web, notFoundPages: true }));
  return app;
};
