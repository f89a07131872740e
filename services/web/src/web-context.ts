import { getSiteInfo } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { ReplyOutcome } from '@listings/platform/internal-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame, SiteInfo } from './frame.ts';
import type { VNode } from './html.ts';
import type { CatalogClient } from './operation-clients.ts';
import {
  ANONYMOUS_MAX_AGE_SECONDS,
  createPageCache,
  NONCE_PLACEHOLDER,
  type RenderedPage,
  renderPage,
  sendRendered,
} from './send-page.ts';
import type { Viewer, ViewerOf } from './viewer.ts';

/** What every page route is handed: the catalog over the bus, who is looking, the clock. */
export interface WebContext {
  readonly catalog: CatalogClient;
  readonly clock: Clock;
  readonly publicUrl: string;
  frameOf(request: FastifyRequest, reply: FastifyReply): Promise<PageFrame>;
  /** what a signed-in person has done with a listing (their vote, their follow); null when unknown */
  mine(slug: string, viewer: Viewer): Promise<{ voted: boolean; following: boolean } | null>;
  /**
   * Answers with a page: `build` loads its data through the bus and gives its view (and status).
   * An anonymous page rendered moments ago for the same URL is sent again instead (see PAGE_CACHE).
   */
  page(request: FastifyRequest, reply: FastifyReply, build: Build): Promise<FastifyReply>;
}

/**
 * Anonymous pages are kept for two seconds: under load the services are asked once per page and
 * URL every two seconds, not once per request (people signed in always get a fresh page). After
 * the two seconds, the next visitor is sent the page as it was while it is rendered again in the
 * background (stale-while-revalidate), for up to `staleMs` (the minute any browser or shared cache
 * may keep an anonymous page anyway, ANONYMOUS_MAX_AGE_SECONDS): no visitor of a page asked for
 * within the minute waits for its rendering, and what they see is at most one rendering behind.
 * Requests for a URL being rendered wait for that rendering instead of starting their own.
 */
export const PAGE_CACHE = {
  ttlMs: 2_000,
  staleMs: ANONYMOUS_MAX_AGE_SECONDS * 1000,
  maxEntries: 2_000,
  maxBytes: 512 * 1024,
};

/** A page could not get what it shows: rendered as an HTML error page with this status. */
export class PageError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** the body of an outcome, or a PageError with its status */
export const must = <T>(outcome: ReplyOutcome<T>): T => {
  if (outcome.ok) return outcome.body;
  throw new PageError(outcome.status, outcome.detail);
};

const FALLBACK_SITE: SiteInfo = {
  name: 'Listings Directory',
  purpose: 'a directory of products and their launches',
  urls: { site: '', api: '/api/v1', docs: '/api/v1/docs', openapi: '/api/v1/openapi.json', mcp: '/mcp' },
  counts: { live_listings: 0, categories: 0 },
};

/** the site's name and purpose change rarely: asked of the catalog at most once a minute */
const SITE_INFO_TTL_MS = 60_000;

type Build = (frame: PageFrame) => Promise<VNode | { tree: VNode; status: number }>;

const renderBuilt = async (frame: PageFrame, build: Build): Promise<RenderedPage> => {
  const built = await build(frame);
  return 'tree' in built ? renderPage(frame, built.tree, built.status) : renderPage(frame, built);
};

export const createWebContext = (options: {
  catalog: CatalogClient;
  clock: Clock;
  publicUrl: string;
  viewerOf: ViewerOf;
  pageCacheTtlMs?: number;
  /** the people side's answer to `mine` (default: nothing known) */
  mine?: WebContext['mine'];
}): WebContext => {
  const cache = createPageCache({
    ...PAGE_CACHE,
    ttlMs: options.pageCacheTtlMs ?? PAGE_CACHE.ttlMs,
    now: () => options.clock.now().getTime(),
  });
  let site: { info: SiteInfo; until: number } | null = null;
  let refreshing: Promise<SiteInfo> | null = null;
  const siteInfo = async (): Promise<SiteInfo> => {
    const now = options.clock.now().getTime();
    if (site && site.until > now) return site.info;
    refreshing ??= options.catalog
      .call(getSiteInfo, {})
      .then((outcome) => {
        const info = outcome.ok ? outcome.body : (site?.info ?? FALLBACK_SITE);
        // a failed look-up is retried soon, a good answer kept for the minute
        site = { info, until: now + (outcome.ok ? SITE_INFO_TTL_MS : 1_000) };
        return info;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };
  const frameOf = async (request: FastifyRequest, reply: FastifyReply): Promise<PageFrame> => {
    const viewerOrPromise = options.viewerOf(request, reply);
    const [info, viewer] = await Promise.all([siteInfo(), viewerOrPromise]);
    return { site: info, viewer, nonce: NONCE_PLACEHOLDER, path: request.url, publicUrl: options.publicUrl };
  };
  /** anonymous renderings under way, by URL: one at a time per URL, shared by whoever asks meanwhile */
  const rendering = new Map<string, Promise<RenderedPage>>();
  const renderOnce = (url: string, frame: PageFrame, build: Build): Promise<RenderedPage> => {
    let pending = rendering.get(url);
    if (!pending) {
      pending = renderBuilt(frame, build)
        .then((page) => {
          cache.set(url, page);
          return page;
        })
        .finally(() => rendering.delete(url));
      rendering.set(url, pending);
    }
    return pending;
  };
  return {
    catalog: options.catalog,
    clock: options.clock,
    publicUrl: options.publicUrl,
    frameOf,
    mine: options.mine ?? (async () => null),
    page: async (request, reply, build) => {
      const frame = await frameOf(request, reply);
      if (frame.viewer !== null || request.method !== 'GET')
        return sendRendered(request, reply, await renderBuilt(frame, build));
      const url = request.url;
      const held = cache.get(url);
      if (!held) return sendRendered(request, reply, await renderOnce(url, frame, build));
      if (held.stale && !rendering.has(url))
        // sent as it was; the next visitor gets the new rendering (or, failing that, this one)
        renderOnce(url, frame, build).then(
          (page) => {
            // no longer an anonymous 200 (gone, an error): the stale one is not sent again
            if (page.etag === null) cache.delete(url);
          },
          (err: unknown) => request.log.warn({ err, url }, 'the page could not be rendered again'),
        );
      return sendRendered(request, reply, held.page);
    },
  };
};
