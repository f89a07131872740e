import type { Logger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { CatalogCommands } from '../application/commands.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';

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
 * The badge workflow's activity (`workflows/badge-workflow.ts`; a Temporal worker runs it too): an
 * `awaiting_badge` listing's homepage is fetched through the SSRF-guarded fetch; when it carries
 * the badge the listing is scheduled for its week (or goes live if the week has begun).
 */
export const createBadgeCheckActivities = (deps: {
  view: CatalogView;
  commands: Pick<CatalogCommands, 'badgeFound'>;
  safeFetch: SafeFetch;
  publicUrl: string;
  logger: Pick<Logger, 'warn'>;
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
  return {
    /** one check of one listing; an unreachable homepage counts as no badge (checked again later) */
    checkBadge: async (input: { listingId: number }): Promise<BadgeOutcome> => {
      const doc = await deps.view.listing(input.listingId);
      if (doc?.status !== 'awaiting_badge') return 'not_waiting';
      if (!(await carries(doc))) return 'not_found';
      await deps.commands.badgeFound(doc.id);
      return 'found';
    },
  };
};
export type BadgeCheckActivities = ReturnType<typeof createBadgeCheckActivities>;
