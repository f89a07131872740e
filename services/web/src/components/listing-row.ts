import { imageDigestOf, imagePath, type ListingSummary, LOGO_SIZES, type LogoSize } from '@listings/contracts';
import type { Static } from 'typebox';
import { html, type VNode } from '../html.ts';
import type { Viewer } from '../viewer.ts';
import { VoteForm } from './vote-form.ts';

export type Summary = Static<typeof ListingSummary>;

/** the smallest served size at least `pixels` wide (the largest when none is) */
const servedSize = (pixels: number): LogoSize =>
  LOGO_SIZES.find((size) => size >= pixels) ?? (LOGO_SIZES[LOGO_SIZES.length - 1] as LogoSize);

/**
 * A listing's logo, decorative beside its name, from our own origin at the size shown and twice
 * that for dense screens; a letter when it has none, or when its logo is not one of ours (a
 * listing stored before logos were kept here: the site never shows another site's image).
 */
export const Logo = (props: { listing: Pick<Summary, 'name' | 'logo_url'>; size?: number }): VNode => {
  const size = props.size ?? 48;
  const digest = props.listing.logo_url ? imageDigestOf(props.listing.logo_url) : null;
  return digest
    ? html`<img class="logo" src=${imagePath(digest, servedSize(size))} srcset=${`${imagePath(digest, servedSize(size * 2))} 2x`} alt="" width=${size} height=${size} loading="lazy" />`
    : html`<span class="logo letter" aria-hidden="true">${props.listing.name.slice(0, 1).toUpperCase()}</span>`;
};

/** One listing in a list: rank, logo, name (a link to its page), tagline, and optionally its vote button. */
export const ListingRow = (props: {
  listing: Summary;
  rank?: number;
  votes?: number;
  viewer?: Viewer | null;
  returnTo?: string;
  note?: VNode | string | null;
}): VNode => {
  const { listing } = props;
  return html`<li class="listing-row">
    ${props.rank !== undefined ? html`<span class="rank" aria-label=${`rank ${props.rank}`}>${props.rank}</span>` : null}
    <${Logo} listing=${listing} />
    <div class="summary">
      <a class="name" href=${`/listings/${listing.slug}`}>${listing.name}</a>
      ${listing.tagline ? html`<p class="tagline">${listing.tagline}</p>` : null}
      ${props.note ? html`<p class="note">${props.note}</p>` : null}
    </div>
    ${
      props.returnTo !== undefined
        ? html`<${VoteForm} slug=${listing.slug} name=${listing.name} votes=${props.votes ?? listing.votes} viewer=${props.viewer ?? null} returnTo=${props.returnTo} />`
        : html`<span class="votes">${props.votes ?? listing.votes} votes</span>`
    }
  </li>`;
};
