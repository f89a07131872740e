import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, type getBadges } from '@listings/contracts';
import type { Static } from 'typebox';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { weekLabel } from '../../weeks.ts';
import { statusLabel } from '../me-listings/view.ts';

export type BadgeShape = (typeof BADGE_SHAPES)[number];
export type BadgeMode = (typeof BADGE_MODES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];
export interface BadgeChoice {
  readonly shape: BadgeShape;
  readonly mode: BadgeMode;
  readonly size: BadgeSize;
}
export type Badge = Static<typeof getBadges.response>['items'][number];

export interface FreePlanListing {
  readonly listing_id: number;
  readonly slug: string;
  readonly name: string;
  readonly status: string;
  readonly plan: 'none' | 'free' | 'paid';
  readonly launch_week: string | null;
  readonly url?: string | null;
}

export interface FreePlanData {
  readonly listing: FreePlanListing;
  readonly choice: BadgeChoice;
  /** the badge whose embed code is shown (Listed on, when the listing has it); null before it is public */
  readonly badge: Badge | null;
  /** the owner has just chosen the free plan */
  readonly chosen: boolean;
  readonly error: string | null;
}

/** the free plan is for a submitted listing that is still a draft with no plan (catalog decides; this only shows the form) */
export const canChooseFree = (listing: FreePlanListing): boolean =>
  listing.status === 'draft' && listing.plan === 'none';

export const freePlanPath = (id: number | string) => `/me/listings/${id}/free-plan`;
const choiceQuery = (choice: BadgeChoice) => `shape=${choice.shape}&mode=${choice.mode}&size=${choice.size}`;
/** badge images are served by this site: shown by their path, so the CSP's `'self'` covers them */
const localPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const PLAN_LABELS = { none: 'No plan chosen yet', free: 'Free', paid: 'Paid launch' } as const;
const SHAPE_LABELS: Record<BadgeShape, string> = {
  standard: 'Standard',
  outline: 'Outline',
  pill: 'Pill',
  banner: 'Banner',
  square: 'Square',
};
const MODE_LABELS: Record<BadgeMode, string> = { light: 'Light', dark: 'Dark', auto: 'Auto (follows the reader)' };
const SIZE_LABELS: Record<BadgeSize, string> = { s: 'Small', m: 'Medium', l: 'Large' };

const Where = ({ listing }: { listing: FreePlanListing }): VNode => html`<dl class="facts">
  <dt>Plan</dt>
  <dd data-plan=${listing.plan}>${PLAN_LABELS[listing.plan]}</dd>
  <dt>Status</dt>
  <dd data-status=${listing.status}>${statusLabel(listing.status)}</dd>
  <dt>Launch week</dt>
  <dd>
    ${
      listing.launch_week
        ? html`<time datetime=${listing.launch_week} data-launch-week>${weekLabel(listing.launch_week)}</time>`
        : 'not chosen'
    }
  </dd>
</dl>`;

/** what the plan means now: the form to choose it, what to do next, or why it is not for this listing */
const NextStep = ({ data, viewer }: { data: FreePlanData; viewer: Viewer }): VNode => {
  const { listing } = data;
  const homepage = listing.url ? html`<a href=${listing.url}>your homepage</a>` : 'your homepage';
  if (canChooseFree(listing))
    return html`<section aria-labelledby="choose">
      <h2 id="choose">Choose the free plan</h2>
      <p>
        The free plan queues your listing for a launch week 6 to 8 weeks from now. It is published at
        once as an upcoming launch, and is scheduled for its week when our badge is found on your homepage.
      </p>
      <form method="post" action=${freePlanPath(listing.listing_id)}>
        <${CsrfField} viewer=${viewer} />
        <button type="submit">Choose the free plan</button>
      </form>
      <p class="muted">Your badge and its embed code appear here once you choose it.</p>
    </section>`;
  if (listing.plan === 'free' && listing.status === 'awaiting_badge')
    return html`<section aria-labelledby="next">
      <h2 id="next">What to do next</h2>
      <ol>
        <li>Copy the badge's embed code below (any shape, mode and size will do).</li>
        <li>Put it on ${homepage}, where it links to your listing's page on this site.</li>
        <li>
          That is all: we check your homepage regularly until the badge is found, then your listing is
          scheduled for its launch week${listing.launch_week ? ` (${weekLabel(listing.launch_week)})` : ''}.
        </li>
      </ol>
    </section>`;
  if (listing.plan === 'free')
    return html`<p>Your badge was found: the listing is ${statusLabel(listing.status).toLowerCase()}. Keep the badge on your homepage.</p>`;
  if (listing.plan === 'paid') return html`<p>This listing is on the paid plan: the free plan is not needed.</p>`;
  return html`<p>The free plan can be chosen only for a submitted listing that is still a draft.</p>`;
};

const ChoiceSelect = <T extends string>(props: {
  name: string;
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
}): VNode => html`<p class="field">
  <label for=${`badge-${props.name}`}>${props.label}</label>
  <select id=${`badge-${props.name}`} name=${props.name} data-badge-choice>
    ${props.options.map(
      (option) => html`<option value=${option} selected=${option === props.value}>${props.labels[option]}</option>`,
    )}
  </select>
</p>`;

/** the chosen badge's embed code, a GET form to choose another, and every shape × mode × size to look at */
const BadgeSection = ({ data }: { data: FreePlanData }): VNode | null => {
  const { badge, choice, listing } = data;
  if (!badge) return null;
  const here = freePlanPath(listing.listing_id);
  const urls = badge.svg_urls ?? [];
  return html`<section aria-labelledby="badge">
    <h2 id="badge">Your badge</h2>
    <form method="get" action=${here} class="filters" data-badge-form>
      <${ChoiceSelect} name="shape" label="Shape" options=${BADGE_SHAPES} labels=${SHAPE_LABELS} value=${choice.shape} />
      <${ChoiceSelect} name="mode" label="Mode" options=${BADGE_MODES} labels=${MODE_LABELS} value=${choice.mode} />
      <${ChoiceSelect} name="size" label="Size" options=${BADGE_SIZES} labels=${SIZE_LABELS} value=${choice.size} />
      <p class="field"><button type="submit">Show this badge</button></p>
    </form>
    <p><img src=${localPath(badge.svg_url)} alt=${badge.label} data-badge-chosen /></p>
    <p>
      <label for="badge-embed">Embed code: ${badge.label} (${SHAPE_LABELS[choice.shape]}, ${MODE_LABELS[choice.mode]}, ${SIZE_LABELS[choice.size]})</label>
      <textarea id="badge-embed" class="embed" readonly rows="4" data-badge-embed>${badge.html}</textarea>
    </p>
    <h3>Every shape, mode and size</h3>
    <p class="muted">Pick one to see its embed code.</p>
    ${BADGE_SHAPES.map(
      (shape) => html`<h4>${SHAPE_LABELS[shape]}</h4>
        <ul class="badge-previews">
          ${urls
            .filter((u) => u.shape === shape)
            .map((u) => {
              const current = u.shape === choice.shape && u.mode === choice.mode && u.size === choice.size;
              return html`<li class=${`badge-preview badge-preview-${u.mode}`}>
                <a
                  href=${`${here}?${choiceQuery(u)}`}
                  aria-current=${current ? 'true' : undefined}
                  data-badge-option=${`${u.shape} ${u.mode} ${u.size}`}
                >
                  <img src=${localPath(u.url)} alt="" />
                  <span>${SHAPE_LABELS[u.shape]}, ${MODE_LABELS[u.mode]}, ${SIZE_LABELS[u.size]}</span>
                </a>
              </li>`;
            })}
        </ul>`,
    )}
  </section>`;
};

/**
 * `/me/listings/{id}/free-plan`: where the listing stands (plan, status, launch week), the form
 * that chooses the free plan, and the badge to put on the homepage, in every shape, mode and size.
 * The selects work as a plain GET form; site.js updates the code as they change.
 */
export const FreePlanView = (data: FreePlanData, frame: PageFrame & { viewer: Viewer }): VNode => {
  const { listing } = data;
  return html`<${Layout} frame=${frame} title=${`Free plan: ${listing.name}`}>
    <h1>Free plan: ${listing.name}</h1>
    ${
      data.chosen && listing.plan === 'free'
        ? html`<p class="notice" role="status" data-chosen>
            ${`Free plan chosen: your listing is queued for the launch week of ${listing.launch_week ? weekLabel(listing.launch_week) : 'a week 6 to 8 weeks out'}. Now put the badge below on your homepage.`}
          </p>`
        : null
    }
    ${data.error ? html`<p class="field-error" role="alert">${data.error}</p>` : null}
    <${Where} listing=${listing} />
    <${NextStep} data=${data} viewer=${frame.viewer} />
    <${BadgeSection} data=${data} />
    <p><a href=${`/me/listings/${listing.listing_id}/edit`}>Edit the listing</a> · <a href="/me/listings">Back to your listings</a></p>
  <//>`;
};
