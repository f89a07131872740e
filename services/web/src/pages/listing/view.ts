import {
  type getAlternatives,
  type getBadges,
  imageDigestOf,
  imagePath,
  type ListingProfile,
  type listAwards,
  VOTE_DISCOUNT_WORDS,
} from '@listings/contracts';
import type { Static } from 'typebox';
import { JsonLd } from '../../components/json-ld.ts';
import { Layout } from '../../components/layout.ts';
import { ListingRow, Logo } from '../../components/listing-row.ts';
import { Markdown } from '../../components/markdown.ts';
import { FollowForm, VoteForm } from '../../components/vote-form.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { dateLabel, weekLabel } from '../../weeks.ts';

export interface ListingData {
  readonly listing: Static<typeof ListingProfile>;
  readonly alternatives: Static<typeof getAlternatives.response>['items'];
  readonly badges: Static<typeof getBadges.response>['items'];
  readonly awards: Static<typeof listAwards.response>['items'];
  /** what the signed-in viewer has done with it (their vote, their follow); absent when signed out */
  readonly mine?: { readonly voted: boolean; readonly following: boolean } | null;
}

/** the makers' own picks come first in get_alternatives; the page shows the first few */
const ALTERNATIVES_SHOWN = 5;

const STORY_HEADINGS: Record<string, string> = {
  story: 'The story',
  why_started: 'Why we started',
  problem: 'The problem',
  journey: 'The journey',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons',
  whats_next: "What's next",
};

const SOCIAL_LABELS: Record<string, string> = {
  website: 'Website',
  x: 'X',
  twitter: 'X',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  discord: 'Discord',
  producthunt: 'Product Hunt',
};

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/** OpenGraph and Twitter card tags, and the schema.org description of the product */
const head = (data: ListingData, frame: PageFrame): VNode[] => {
  const { listing } = data;
  const url = absolute(frame.publicUrl, `/listings/${listing.slug}`);
  const description = listing.short_description ?? listing.tagline ?? '';
  // the logo as stored on our origin (256 px square); another site's image is never named
  const logoDigest = listing.logo_url ? imageDigestOf(listing.logo_url) : null;
  const image = logoDigest ? absolute(frame.publicUrl, imagePath(logoDigest)) : null;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: listing.name,
    url: listing.url,
    mainEntityOfPage: url,
    description,
    ...(image ? { image } : {}),
    ...(listing.primary_category ? { applicationCategory: listing.primary_category } : {}),
    ...(listing.rating && listing.rating.count > 0 && listing.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: listing.rating.average,
            ratingCount: listing.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(listing.founders?.length
      ? { author: listing.founders.map((founder) => ({ '@type': 'Person', name: founder.name })) }
      : {}),
  };
  return [
    html`<link rel="canonical" href=${url} />`,
    html`<meta property="og:type" content="website" />`,
    html`<meta property="og:site_name" content=${frame.site.name} />`,
    html`<meta property="og:title" content=${listing.tagline ? `${listing.name}: ${listing.tagline}` : listing.name} />`,
    html`<meta property="og:description" content=${description} />`,
    html`<meta property="og:url" content=${url} />`,
    ...(image ? [html`<meta property="og:image" content=${image} />`] : []),
    html`<meta name="twitter:card" content="summary" />`,
    html`<${JsonLd} data=${jsonLd} nonce=${frame.nonce} />`,
  ];
};

const Facts = ({ listing }: { listing: ListingData['listing'] }): VNode => {
  const rows: [string, unknown][] = [];
  if (listing.launch_week)
    rows.push([
      'Launch week',
      html`<a href=${`/launches/weeks/${listing.launch_week}`}>${weekLabel(listing.launch_week)}</a>`,
    ]);
  if (listing.categories?.length)
    rows.push([
      'Categories',
      listing.categories.map(
        (slug, index) => html`${index > 0 ? ', ' : ''}<a href=${`/categories/${slug}`}>${slug}</a>`,
      ),
    ]);
  if (listing.pricing?.model || listing.pricing?.summary)
    rows.push(['Pricing', [listing.pricing.model, listing.pricing.summary].filter(Boolean).join(': ')]);
  if (listing.stage) rows.push(['Stage', listing.stage]);
  const place = [listing.city, listing.country].filter(Boolean).join(', ');
  if (place) rows.push(['Based in', place]);
  if (listing.founded_year) rows.push(['Founded', listing.founded_year]);
  if (listing.rating && listing.rating.count > 0 && listing.rating.average !== null)
    rows.push(['Rating', `${listing.rating.average.toFixed(1)} of 5 (${listing.rating.count} reviews)`]);
  if (listing.domain_rating?.value !== undefined && listing.domain_rating.value !== null)
    rows.push([
      'Domain Rating',
      `${listing.domain_rating.value}${listing.domain_rating.direction ? ` (${listing.domain_rating.direction})` : ''}`,
    ]);
  rows.push(['Votes', String(listing.votes)]);
  if (listing.followers !== undefined) rows.push(['Followers', String(listing.followers)]);
  if (listing.views !== undefined) rows.push(['Views', String(listing.views)]);
  return html`<dl class="facts">${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>`;
};

const Story = ({ story }: { story: NonNullable<ListingData['listing']['story']> }): VNode | null => {
  const sections = Object.entries(STORY_HEADINGS).filter(
    ([key]) => typeof (story as Record<string, unknown>)[key] === 'string',
  );
  if (sections.length === 0) return null;
  return html`<section aria-labelledby="story">
    <h2 id="story">${story.title ?? 'The founder story'}</h2>
    ${sections.map(
      ([key, heading]) =>
        html`<h3>${heading}</h3><${Markdown} text=${(story as Record<string, string>)[key]} headingLevel=${3} />`,
    )}
  </section>`;
};

const BadgeEmbed = ({ badges }: { badges: ListingData['badges'] }): VNode | null => {
  if (badges.length === 0) return null;
  return html`<section aria-labelledby="embed">
    <h2 id="embed">Badge for your website</h2>
    ${badges.map(
      (badge) => html`<figure>
        <img src=${new URL(badge.svg_url).pathname + new URL(badge.svg_url).search} alt=${badge.label} />
        <figcaption>
          <label for=${`embed-${badge.kind}`}>Embed code: ${badge.label}</label>
          <textarea id=${`embed-${badge.kind}`} class="embed" readonly rows="3">${badge.html}</textarea>
        </figcaption>
      </figure>`,
    )}
  </section>`;
};

export const ListingView = (data: ListingData, frame: PageFrame): VNode => {
  const { listing } = data;
  const here = `/listings/${listing.slug}`;
  const screenshots = (listing.media ?? []).filter((item) => item.type !== 'logo' && item.type !== 'video');
  const socials = Object.entries(listing.socials ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]),
  );
  return html`<${Layout}
    frame=${frame}
    title=${listing.name}
    description=${listing.short_description ?? listing.tagline ?? listing.name}
    head=${head(data, frame)}
  >
    <article class="listing">
      <header class="listing-head">
        <${Logo} listing=${listing} size=${72} />
        <div>
          <h1>${listing.name}</h1>
          ${listing.tagline ? html`<p class="tagline">${listing.tagline}</p>` : null}
          <ul class="badges" aria-label="Badges">
            ${listing.verified ? html`<li class="badge">Verified</li>` : null}
            ${listing.featured ? html`<li class="badge">Featured</li>` : null}
            ${data.awards.map(
              (award) =>
                html`<li class="badge"><a href="/awards">${award.award}</a>, week of ${weekLabel(award.week_start)}</li>`,
            )}
          </ul>
        </div>
      </header>
      <div class="actions">
        <${VoteForm} slug=${listing.slug} name=${listing.name} votes=${listing.votes} viewer=${frame.viewer} returnTo=${here} voted=${data.mine?.voted ?? false} />
        <${FollowForm} slug=${listing.slug} name=${listing.name} followers=${listing.followers ?? 0} viewer=${frame.viewer} returnTo=${here} following=${data.mine?.following ?? false} />
        <a class="button secondary" href=${`/listings/${listing.slug}/reviews`}>Reviews</a>
        <a class="button secondary" href=${`/listings/${listing.slug}/report`}>Report</a>
        <a class="button" href=${`/go/${listing.slug}`} rel="nofollow noopener ugc">Visit ${listing.name}</a>
      </div>
      ${
        frame.viewer?.voteDiscount
          ? html`<p class="vote-note">Your votes are recorded but count 0 on the boards for now: ${VOTE_DISCOUNT_WORDS[frame.viewer.voteDiscount]}. <a href="/ranking">How the rankings work</a></p>`
          : null
      }
      ${listing.short_description ? html`<p>${listing.short_description}</p>` : null}
      <${Facts} listing=${listing} />
      ${listing.description ? html`<section aria-labelledby="about"><h2 id="about">About</h2><${Markdown} text=${listing.description} headingLevel=${3} /></section>` : null}
      ${
        listing.features?.length
          ? html`<section aria-labelledby="features"><h2 id="features">Features</h2><ul>${listing.features.map((feature) => html`<li>${feature}</li>`)}</ul></section>`
          : null
      }
      ${
        screenshots.length
          ? html`<section aria-labelledby="screenshots"><h2 id="screenshots">Screenshots</h2>
              <div class="screenshots">${screenshots.map(
                (item, index) =>
                  html`<img src=${item.url} alt=${`${listing.name} screenshot ${index + 1}`} loading="lazy" />`,
              )}</div></section>`
          : null
      }
      ${
        listing.founders?.length
          ? html`<section aria-labelledby="founders"><h2 id="founders">Founders</h2><ul>${listing.founders.map(
              (founder) =>
                html`<li><a href=${`/founders/${founder.slug}`}>${founder.name}</a>${founder.title ? `, ${founder.title}` : ''}</li>`,
            )}</ul></section>`
          : null
      }
      ${
        socials.length
          ? html`<section aria-labelledby="socials"><h2 id="socials">Elsewhere</h2><ul>${socials.map(
              ([network, url]) =>
                html`<li><a href=${url} rel="noopener ugc">${SOCIAL_LABELS[network] ?? network}</a></li>`,
            )}</ul></section>`
          : null
      }
      ${
        listing.milestones?.length
          ? html`<section aria-labelledby="milestones"><h2 id="milestones">Milestones</h2><ol>${listing.milestones.map(
              (milestone) =>
                html`<li><time datetime=${milestone.date}>${dateLabel(milestone.date)}</time>: ${
                  milestone.url
                    ? html`<a href=${milestone.url} rel="noopener ugc">${milestone.title}</a>`
                    : milestone.title
                }${milestone.description ? html`<br />${milestone.description}` : null}</li>`,
            )}</ol></section>`
          : null
      }
      ${
        listing.latest_updates?.length
          ? html`<section aria-labelledby="updates"><h2 id="updates">Updates</h2>${listing.latest_updates.map(
              (update) =>
                html`<article><h3>${update.title}</h3><p class="muted"><time datetime=${update.posted_at}>${dateLabel(update.posted_at)}</time></p><p>${update.body}</p></article>`,
            )}</section>`
          : null
      }
      ${listing.paid_sections_unlocked && listing.story ? html`<${Story} story=${listing.story} />` : null}
      ${
        listing.faqs?.length
          ? html`<section aria-labelledby="faqs"><h2 id="faqs">Questions</h2>${listing.faqs.map(
              (faq) => html`<details><summary>${faq.question}</summary><p>${faq.answer}</p></details>`,
            )}</section>`
          : null
      }
      ${
        data.alternatives.length
          ? html`<section aria-labelledby="alternatives"><h2 id="alternatives">Alternatives</h2><ul class="listing-list compact">${data.alternatives
              .slice(0, ALTERNATIVES_SHOWN)
              .map(
                (alternative) =>
                  html`<${ListingRow} listing=${alternative} note=${alternative.approved ? 'Suggested by the makers' : null} />`,
              )}</ul></section>`
          : null
      }
      <${BadgeEmbed} badges=${data.badges} />
    </article>
  <//>`;
};
