import type { Logger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The badge rule: the homepage HTML has a link (`href`) to the listing's page on this site,
 * `{publicUrl}/listings/{slug}` (what every badge's embed code links to), with or without a
 * trailing slash or query.
 */
export const carriesBadge = (html: string, publicUrl: string, slug: string): boolean =>
  new RegExp(
    `href\\s*=\\s*["']?${escapeRegExp(`${publicUrl.replace(/\/$/, '')}/listings/${slug}`)}(?:/|\\?|#|["'\\s>])`,
    'i',
  ).test(html);

/**
 * The free plan's badge check (an activity run on a schedule): every `awaiting_badge` listing's
 * homepage is fetched through the SSRF-guarded fetch; when it carries the badge the listing is
 * scheduled for its week (or goes live if the week has begun). Not found or unreachable: checked
 * again on the next run, until found.
 */
export const createBadgeCheck = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  safeFetch: SafeFetch;
  publicUrl: string;
  logger: Pick<Logger, 'error' | 'info' | 'warn'>;
}) => {
  const checkOne = async (doc: ListingDoc): Promise<boolean> => {
    const url = doc.profile.url;
    if (!url) return false;
    try {
      const response = await deps.safeFetch(url, { headers: { accept: 'text/html' } });
      if (!response.ok) return false;
      if (!carriesBadge(await response.text(), deps.publicUrl, doc.slug)) return false;
    } catch (error) {
      deps.logger.warn({ listing_id: doc.id, err: (error as Error).message }, 'badge check could not fetch homepage');
      return false;
    }
    await deps.commands.badgeFound(doc.id);
    return true;
  };
  const run = async () => {
    const waiting = [...deps.view.listings()].filter((d) => d.status === 'awaiting_badge');
    const found: number[] = [];
    for (const doc of waiting) if (await checkOne(doc)) found.push(doc.id);
    return { checked: waiting.length, found };
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    const next = running.then(run);
    running = next.catch((error) => deps.logger.error({ err: error }, 'badge check failed'));
    return next;
  };
  return {
    /** one pass over the waiting listings; resolves with what it found */
    run: runOnce,
    start: (everyMs = 15 * 60_000) => {
      timer = setInterval(() => void runOnce().catch(() => {}), everyMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
