import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '@listings/contracts';
import { badgeSize, badgeSvgUrl, earnedBadges, escapeXml, type Mode, type Shape, type Size } from './badge-svg.ts';
import { mustFindListing } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';

/** get_badges: the badges a listing has earned, each with its embed HTML and SVG URLs in every shape, mode and size. */
export const getBadges: CatalogHandler<'get_badges'> = async (call, { view, publicUrl }) => {
  const doc = await mustFindListing(view, call.params.slug as string);
  const shape = (call.query.shape as Shape | undefined) ?? 'standard';
  const mode = (call.query.mode as Mode | undefined) ?? 'auto';
  const size = (call.query.size as Size | undefined) ?? 'm';
  const name = doc.profile.name ?? doc.slug;
  const page = `${publicUrl}/listings/${doc.slug}`;
  return {
    items: earnedBadges(view, doc).map((badge) => {
      const svg_url = badgeSvgUrl(publicUrl, doc.slug, badge.kind, shape, mode, size);
      const { width, height } = badgeSize(shape, size);
      const alt = escapeXml(`${badge.label}: ${name}`);
      return {
        kind: badge.kind,
        label: badge.label,
        html: `<a href="${escapeXml(page)}" target="_blank" rel="noopener"><img src="${escapeXml(svg_url)}" alt="${alt}" width="${width}" height="${height}"></a>`,
        svg_url,
        svg_urls: BADGE_SHAPES.flatMap((s) =>
          BADGE_MODES.flatMap((m) =>
            BADGE_SIZES.map((z) => ({
              shape: s,
              mode: m,
              size: z,
              url: badgeSvgUrl(publicUrl, doc.slug, badge.kind, s, m, z),
            })),
          ),
        ),
      };
    }),
  };
};
