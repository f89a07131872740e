import { randomUUID } from 'node:crypto';
import {
  type PageView,
  recordViews,
  USER_AGENT_MAX_LENGTH,
  VIEWERS_PER_NETWORK_PER_DAY,
  VIEWS_BATCH_MAX,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { networkOf, referrerHostOf, setVisitorCookie, visitorCookie, visitorCookieOf } from './visitors.ts';

/** visitor-listing pairs of the day remembered per process (a Set's size at most this) */
const VIEWS_REMEMBERED_MAX = 50_000;

/** the longest a page view waits at the edge for others to go to catalog with */
export const VIEWS_FLUSH_MS = 100;

/**
 * The views of today already sent, per visitor and listing (`pair`), and per network and listing
 * the views sent and not refused: counted by catalog, or not answered yet. Once a network holds
 * its allowance (VIEWERS_PER_NETWORK_PER_DAY) for a listing, catalog would count no more of its
 * visitors, so none is sent (a client that keeps no cookie is a new visitor on every page); a view
 * catalog did not count (a bot, a failure) gives its place back. Forgotten at the UTC day's end,
 * or when too many are remembered.
 */
const createTodaysViews = (clock: Clock) => {
  let day = '';
  let sent = new Set<string>();
  let counted = new Map<string, number>();
  const giveBack = (network: string) => counted.set(network, Math.max(0, (counted.get(network) ?? 0) - 1));
  return {
    /** true when the view is to be sent (and it is then remembered as sent) */
    take: (pair: string, network: string): boolean => {
      const today = clock.now().toISOString().slice(0, 10);
      if (today !== day || sent.size >= VIEWS_REMEMBERED_MAX || counted.size >= VIEWS_REMEMBERED_MAX) {
        day = today;
        sent = new Set();
        counted = new Map();
      }
      if (sent.has(pair)) return false;
      const held = counted.get(network) ?? 0;
      if (held >= VIEWERS_PER_NETWORK_PER_DAY) return false;
      counted.set(network, held + 1);
      sent.add(pair);
      return true;
    },
    /** catalog did not count it: the network's place is given back */
    notCounted: giveBack,
    /** not answered: forgotten, so the next view of the pair asks again */
    forget: (pair: string, network: string) => {
      sent.delete(pair);
      giveBack(network);
    },
  };
};

type TodaysViews = ReturnType<typeof createTodaysViews>;
type WaitingView = { view: PageView; pair: string; network: string };

/**
 * The views of a moment, sent together (`record_views`): each waits at most `flushMs`, and
 * VIEWS_BATCH_MAX of them go at once. `flush()` sends the waiting ones and resolves when every
 * view sent so far is answered.
 */
const createViewBatches = (app: FastifyInstance, catalog: InternalClient, flushMs: number, today: TodaysViews) => {
  let waiting: WaitingView[] = [];
  let timer: NodeJS.Timeout | undefined;
  const answering = new Set<Promise<void>>();
  const notSent = (batch: readonly WaitingView[], log: object) => {
    for (const { pair, network } of batch) today.forget(pair, network);
    app.log.warn({ ...log, views: batch.length }, 'views were not counted');
  };
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const answered: Promise<void> = catalog
      .send<{ items: { counted: boolean }[] }>(recordViews, { views: batch.map((b) => b.view) })
      .then(
        (outcome) => {
          if (!outcome.ok) return notSent(batch, { status: outcome.status, detail: outcome.detail });
          for (const [i, { network }] of batch.entries())
            if (!outcome.body.items[i]?.counted) today.notCounted(network);
        },
        (err: unknown) => notSent(batch, { err }),
      )
      .finally(() => answering.delete(answered));
    answering.add(answered);
  };
  return {
    add: (view: WaitingView) => {
      waiting.push(view);
      if (waiting.length >= VIEWS_BATCH_MAX) send();
      else timer ??= setTimeout(send, flushMs);
    },
    flush: async () => {
      send();
      await Promise.all(answering);
    },
  };
};

/**
 * Counts a listing page's view (once per visitor per day, bots left out, bursts from one network
 * discounted: catalog decides) after the page was sent, without holding it up; a failure costs the
 * views, never a page.
 * - The visitor is the signed-in account (`account:<id>`: the session the page looked up already),
 *   else the visitor cookie's random id (`cookie:<id>`). A page for someone with neither sets the
 *   cookie; that answer is `private` (a shared cache must not hand one visitor's cookie to others).
 *   The client's network (IPv4 /24, IPv6 /64) goes along for catalog's per-network rule, and the
 *   referring host (`Referer`'s host only, `direct` without one) for the owner's analytics.
 * - A visitor's second view of a listing on the same UTC day is not sent at all: catalog would
 *   count it as nothing, after reading the visit's stream. The pairs of the day are remembered in
 *   memory, forgotten at the day's end or when there are too many (catalog still decides).
 * - The views of a moment go together (`record_views`): each waits at most `flushMs`, and
 *   VIEWS_BATCH_MAX of them go at once. Catalog then decides them together: one request, one
 *   commit of their events, one pass of its projections over them, instead of one of each per
 *   page (docs/benchmarks.md).
 * - Views not counted (catalog or the bus unavailable) are forgotten, so the next view asks again.
 *   The views waiting when the app closes are sent before it has closed; a crash loses at most
 *   the last `flushMs` of them.
 * `flush()` sends the waiting views at once and resolves when every view sent so far is answered.
 */
export const recordListingViews = (
  app: FastifyInstance,
  catalog: InternalClient,
  clock: Clock,
  options: {
    flushMs?: number;
    /** the request's signed-in account (the sessions' look-up, made once per request); default: nobody */
    accountOf?: (request: FastifyRequest) => Promise<string | null>;
    /** PUBLIC_URL, which names the visitor cookie (`__Host-` and Secure on https); default: http */
    publicUrl?: string;
  } = {},
) => {
  const cookie = visitorCookie(options.publicUrl ?? 'http://localhost');
  const today = createTodaysViews(clock);
  const batches = createViewBatches(app, catalog, options.flushMs ?? VIEWS_FLUSH_MS, today);
  const accountOf = options.accountOf ?? (async () => null);
  /** the visitor ids set by this answer's cookie */
  const newVisitors = new WeakMap<FastifyRequest, string>();
  const isListingPage = (request: FastifyRequest, statusCode: number) =>
    request.method === 'GET' && statusCode === 200 && request.routeOptions.url === '/listings/:slug';
  /** the account, else the cookie's id (sent, or set by this answer), else (no cookie set: the answer failed first) one of its own */
  const visitorOf = async (request: FastifyRequest): Promise<string> => {
    const account = await accountOf(request);
    if (account !== null) return `account:${account}`;
    return `cookie:${visitorCookieOf(request, cookie) ?? newVisitors.get(request) ?? randomUUID()}`;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isListingPage(request, reply.statusCode) || visitorCookieOf(request, cookie) !== null) return payload;
    if ((await accountOf(request)) !== null) return payload;
    newVisitors.set(request, setVisitorCookie(reply, cookie));
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string') reply.header('cache-control', cacheControl.replace(/^public\b/, 'private'));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isListingPage(request, reply.statusCode)) return;
    const slug = (request.params as { slug: string }).slug;
    const visitor = await visitorOf(request);
    const network = networkOf(request.ip);
    const pair = `${visitor} ${slug}`;
    const networkOnListing = `${network} ${slug}`;
    if (!today.take(pair, networkOnListing)) return;
    const userAgent = request.headers['user-agent'];
    batches.add({
      view: {
        slug,
        visitor,
        network,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
        referrer: referrerHostOf(request.headers.referer),
      },
      pair,
      network: networkOnListing,
    });
  });
  app.addHook('onClose', batches.flush);
  return { flush: batches.flush };
};
