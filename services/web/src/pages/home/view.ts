import type { ListingSummary, listAwards } from '@listings/contracts';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { weekLabel } from '../../weeks.ts';

export interface HomeData {
  /** this week's live launches, ranked by this week's votes (the first of them) */
  readonly week: {
    readonly start: string;
    readonly total: number;
    readonly items: readonly { listing: Static<typeof ListingSummary>; rank: number; votes: number }[];
  };
  readonly upcoming: readonly Static<typeof ListingSummary>[];
  /** last week's Monday */
  readonly lastWeek: string;
  readonly winners: readonly Static<typeof listAwards.response>['items'][number][];
}

/** upcoming launches grouped by their launch week, soonest first */
const byWeek = (items: HomeData['upcoming']) => {
  const weeks = new Map<string, (typeof items)[number][]>();
  for (const item of items) {
    const week = item.launch_week ?? 'unscheduled';
    weeks.set(week, [...(weeks.get(week) ?? []), item]);
  }
  return [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b));
};

export const HomeView = (data: HomeData, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${frame.site.name}
  description=${frame.site.purpose}
>
  <section aria-labelledby="this-week">
    <div class="section-head">
      <h1 id="this-week">This week's launches</h1>
      <p class="muted">${weekLabel(data.week.start)}, ranked by this week's community votes. <a href=${`/launches/weeks/${data.week.start}`}>The whole week${data.week.total > data.week.items.length ? ` (${data.week.total} launches)` : ''}</a></p>
    </div>
    ${
      data.week.items.length === 0
        ? html`<p>No launches yet this week. <a href="/launches/weeks/next">See next week</a>.</p>`
        : html`<ol class="listing-list ranked">
            ${data.week.items.map(
              (item) =>
                html`<${ListingRow} listing=${item.listing} rank=${item.rank} votes=${item.votes} viewer=${frame.viewer} returnTo="/" />`,
            )}
          </ol>`
    }
  </section>
  <div class="columns">
    <section aria-labelledby="upcoming">
      <h2 id="upcoming">Upcoming launches</h2>
      ${
        data.upcoming.length === 0
          ? html`<p>Nothing scheduled yet.</p>`
          : byWeek(data.upcoming).map(
              ([
                week,
                items,
              ]) => html`<h3>${week === 'unscheduled' ? 'Not yet scheduled' : html`<a href=${`/launches/weeks/${week}`}>Week of ${weekLabel(week)}</a>`}</h3>
                <ul class="listing-list compact">
                  ${items.map((item) => html`<${ListingRow} listing=${item} />`)}
                </ul>`,
            )
      }
    </section>
    <section aria-labelledby="winners">
      <h2 id="winners">Last week's winners</h2>
      ${
        data.winners.length === 0
          ? html`<p>No awards for the week of ${weekLabel(data.lastWeek)}. <a href="/awards">All awards</a></p>`
          : html`<ol class="listing-list compact">
              ${data.winners.map(
                (award) =>
                  html`<${ListingRow} listing=${award.listing} rank=${award.rank} votes=${award.votes ?? award.listing.votes} note=${award.award} />`,
              )}
            </ol>
            <p><a href="/awards">All awards</a></p>`
      }
    </section>
  </div>
<//>`;
