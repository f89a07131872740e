/** The badges a listing has earned and their SVGs (get_badges, and the internal get_badge_svg the web edge serves). */
import { createHash } from 'node:crypto';
import type { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { InternalOperationHandler } from './internal-context.ts';
import { mustFindListing } from './listing-reads.ts';
import { SITE_NAME } from './site-identity.ts';

export type Shape = (typeof BADGE_SHAPES)[number];
export type Mode = (typeof BADGE_MODES)[number];
export type Size = (typeof BADGE_SIZES)[number];

export interface EarnedBadge {
  kind: string;
  label: string;
}

/** The badges of spec Part 2 a listing has earned. */
export const earnedBadges = (view: CatalogView, doc: ListingDoc): EarnedBadge[] => {
  const badges: EarnedBadge[] = [];
  if (doc.status === 'live' || doc.status === 'scheduled' || doc.status === 'awaiting_badge')
    badges.push({ kind: 'listed-on', label: `Listed on ${SITE_NAME}` });
  if (doc.status === 'live') badges.push({ kind: 'launched-on', label: `Launched on ${SITE_NAME}` });
  if (doc.featured) badges.push({ kind: 'featured', label: `Featured on ${SITE_NAME}` });
  if (doc.verified) badges.push({ kind: 'verified', label: `Verified on ${SITE_NAME}` });
  const ranks = new Set<number>();
  for (const awards of view.awards.values())
    for (const w of awards.winners) if (w.listing_id === doc.id) ranks.add(w.rank);
  for (const rank of [...ranks].sort())
    badges.push({ kind: `launch-of-the-week-${rank}`, label: `Launch of the Week #${rank} on ${SITE_NAME}` });
  return badges;
};

/**
 * What XML 1.0 cannot hold at all (its `Char` production): C0 controls but tab, LF and CR, lone
 * surrogates, U+FFFE and U+FFFF. The API refuses them in new text, but a name stored before that
 * rule or read from a crawled site may hold one: it becomes U+FFFD, so the SVG stays well-formed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const NOT_XML_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

export const escapeXml = (text: string) =>
  text
    .toWellFormed()
    .replace(NOT_XML_CHARACTER, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const SCALE: Record<Size, number> = { s: 0.75, m: 1, l: 1.5 };
const BOX: Record<Shape, { w: number; h: number; r: number }> = {
  standard: { w: 250, h: 54, r: 8 },
  outline: { w: 250, h: 54, r: 8 },
  pill: { w: 250, h: 54, r: 27 },
  banner: { w: 360, h: 54, r: 0 },
  square: { w: 120, h: 120, r: 12 },
};
export const badgeSize = (shape: Shape, size: Size) => ({
  width: Math.round(BOX[shape].w * SCALE[size]),
  height: Math.round(BOX[shape].h * SCALE[size]),
});

/** A well-formed SVG; `auto` carries both palettes and follows prefers-color-scheme. */
export const renderBadgeSvg = (badge: EarnedBadge, listingName: string, shape: Shape, mode: Mode, size: Size) => {
  const box = BOX[shape];
  const { width, height } = badgeSize(shape, size);
  const light = { bg: '#ffffff', fg: '#1f2937', accent: '#e4572e' };
  const dark = { bg: '#111827', fg: '#f9fafb', accent: '#ff8a65' };
  const palette = mode === 'dark' ? dark : light;
  const outline = shape === 'outline';
  const style =
    mode === 'auto'
      ? `<style>.bg{fill:${outline ? 'none' : light.bg};stroke:${light.accent}}.fg{fill:${light.fg}}.ac{fill:${light.accent}}@media (prefers-color-scheme: dark){.bg{fill:${outline ? 'none' : dark.bg};stroke:${dark.accent}}.fg{fill:${dark.fg}}.ac{fill:${dark.accent}}}</style>`
      : `<style>.bg{fill:${outline ? 'none' : palette.bg};stroke:${palette.accent}}.fg{fill:${palette.fg}}.ac{fill:${palette.accent}}</style>`;
  const title = escapeXml(`${badge.label}: ${listingName}`);
  const square = shape === 'square';
  const text = square
    ? `<text class="fg" x="60" y="70" text-anchor="middle" font-size="12" font-family="system-ui,sans-serif">${escapeXml(badge.label.replace(` on ${SITE_NAME}`, ''))}</text>`
    : `<text class="fg" x="58" y="24" font-size="11" font-family="system-ui,sans-serif">${escapeXml(badge.label.replace(/ on .*$/, '').toUpperCase())}</text><text class="fg" x="58" y="42" font-size="16" font-weight="700" font-family="system-ui,sans-serif">${escapeXml(SITE_NAME)}</text>`;
  const mark = square
    ? '<circle class="ac" cx="60" cy="40" r="16"/>'
    : `<circle class="ac" cx="29" cy="${box.h / 2}" r="16"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box.w} ${box.h}" role="img" aria-label="${title}"><title>${title}</title>${style}<rect class="bg" x="1" y="1" width="${box.w - 2}" height="${box.h - 2}" rx="${box.r}" stroke-width="2"/>${mark}${text}</svg>`;
};

export const badgeSvgUrl = (publicUrl: string, slug: string, kind: string, shape: string, mode: string, size: string) =>
  `${publicUrl}/badges/${slug}/${kind}.svg?shape=${shape}&mode=${mode}&size=${size}`;

/** get_badge_svg (internal, the web edge serves it): one earned badge's SVG and its ETag. */
export const getBadgeSvg: InternalOperationHandler<{
  slug: string;
  kind: string;
  shape?: Shape;
  mode?: Mode;
  size?: Size;
}> = async (input, { view }) => {
  const doc = await mustFindListing(view, input.slug);
  const badge = earnedBadges(view, doc).find((b) => b.kind === input.kind);
  if (!badge) throw new NotFoundError(`${input.slug} has no ${input.kind} badge`);
  const svg = renderBadgeSvg(
    badge,
    doc.profile.name ?? doc.slug,
    input.shape ?? 'standard',
    input.mode ?? 'auto',
    input.size ?? 'm',
  );
  return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
};
