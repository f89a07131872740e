import { listingChanged } from '@listings/contracts';
import type { Bus, Consumer } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';

/**
 * Resource update notifications for listings: the catalog publishes `events.catalog.listing_changed`
 * (an owner's edit, an update posted, a milestone added or deleted); every mcp-gateway process
 * watches it live (`bus.watch`: each process gets each event) and tells the MCP clients subscribed
 * to `listings://listings/{slug}` on it, in both eras (2025-era `resources/subscribe`, 2026-07-28
 * `subscriptions/listen`). The event names the listing by id and slug. An event from a catalog
 * older than the slug field names it by id only: then the slugs this process learnt (when it read
 * a listing resource or a 2025-era client subscribed to one; a bounded map) are told, as before.
 */
export interface ListingSlugs {
  learn(id: number, slug: string): void;
  slugsOf(id: number): readonly string[];
}

export const listingResourceUri = (slug: string) => `listings://listings/${slug}`;

/** the slug a `listings://listings/{slug}` URI names, or undefined */
export const listingSlugOf = (uri: string): string | undefined => {
  const match = /^listings:\/\/listings\/([^/?#]+)$/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
};

export const createListingSlugs = (max = 10_000): ListingSlugs => {
  const slugs = new Map<number, Set<string>>();
  return {
    learn: (id, slug) => {
      const known = slugs.get(id) ?? new Set<string>();
      known.add(slug);
      // the most recent at the end; the oldest goes first when full
      slugs.delete(id);
      slugs.set(id, known);
      if (slugs.size > max) slugs.delete(slugs.keys().next().value as number);
    },
    slugsOf: (id) => [...(slugs.get(id) ?? [])],
  };
};

export const watchListingChanges = (
  bus: Bus,
  slugs: ListingSlugs,
  notify: (uri: string) => Promise<void>,
  logger: Logger,
): Promise<Consumer> =>
  bus.watch(listingChanged.subject, (event) => {
    const data = event.data as { listing_id?: unknown; slug?: unknown } | null;
    const id = data?.listing_id;
    if (typeof id !== 'number') return;
    if (typeof data?.slug === 'string') slugs.learn(id, data.slug);
    for (const slug of slugs.slugsOf(id))
      notify(listingResourceUri(slug)).catch((error) =>
        logger.warn({ err: error, listing_id: id }, 'mcp resource update not sent'),
      );
  });
