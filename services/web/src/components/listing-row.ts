import type { ListingSummary } from '@listings/contracts';
import type { Static } from 'typebox';
import { html, type VNode } from '../html.ts';
import type { Viewer } from '../viewer.ts';
import { VoteForm } from './vote-form.ts';

export type Summary = Static<typeof ListingSummary>;

/** A listing's logo, decorative beside its name; a letter when it has none. */
export const Logo = (props: { listing: Pick<Summary, 'name' | 'logo_url'>; size?: number }): VNode => {
  const size = props.size ?? 48;
  return props.listing.logo_url
    ? html`<img class="logo" src=${props.listing.logo_url} alt="" width=${size} height=${size} loading="lazy" />`
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
