import type { Logger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L } from '../projections/catalog/query-keys.ts';
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

/** what one check of a listing found: the badge, no badge (yet), or a listing that no longer waits */
export type BadgeOutcome = 'found' | 'not_found' | 'not_waiting';

/**
 * The free plan's badge check: an `awaiting_badge` listing's homepage is fetched through the
 * SSRF-guarded fetch; when it carries the badge the listing is scheduled for its week (or goes live
 * if the week has begun). Each listing's checks are a workflow (`workflows/badge-workflow.ts`) that
 * runs `checkListing` every interval until found; `run` checks every waiting listing at once.
 */
export const createBadgeCheck = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  safeFetch: SafeFetch;
  publicUrl: string;
  logger: Pick<Logger, 'error' | 'info' | 'warn'>;
}) => {
  const carries = async (doc: ListingDoc): Promise<boolean> => {
    const url = doc.profile.url;
    if (!url) return false;
    try {
      const response = await deps.safeFetch(url, { headers: { accept: 'text/html' } });
      return response.ok && carriesBadge(await response.text(), deps.publicUrl, doc.slug);
    } catch (error) {
      deps.logger.warn({ listing_id: doc.id, err: (error as Error).message }, 'badge check could not fetch homepage');
      return false;
    }
  };
  /** one check of one listing; an unreachable homepage counts as no badge (checked again later) */
  const checkListing = async (listingId: number): Promise<BadgeOutcome> => {
    const doc = await deps.view.listing(listingId);
    if (doc?.status !== 'awaiting_badge') return 'not_waiting';
    if (!(await carries(doc))) return 'not_found';
    await deps.commands.badgeFound(doc.id);
    return 'found';
  };
  return {
    checkListing,
    /** every waiting listing checked now, one after another; resolves with what it found */
    run: async () => {
      const waiting = await deps.view.findListings({
        where: { [L.status]: { eq: 'awaiting_badge' } },
        sort: [[L.id, 1]],
      });
      const found: number[] = [];
      for (const doc of waiting) if ((await checkListing(doc.id)) === 'found') found.push(doc.id);
      return { checked: waiting.length, found };
    },
    /** the badge workflow's activities (a Temporal worker runs them too) */
    activities: { checkBadge: (input: { listingId: number }) => checkListing(input.listingId) },
  };
};
export type CatalogActivities = ReturnType<typeof createBadgeCheck>['activities'];
