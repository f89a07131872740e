import type { RecordedEvent } from '@listings/platform/event-store';
import { createDocumentSet } from '@listings/platform/read-models';
import { describe, expect, it } from 'vitest';
import { COUNTED } from '../../../test/vote-fixtures.ts';
import { asCatalogEvent } from '../catalog/catalog-event.ts';
import { categoriesProjection } from '../categories/categories.ts';
import { settingsProjection } from '../settings/site-settings.ts';
import { evolveListingDoc, type ListingDoc, listingIdOf } from './listing.ts';
import { toSearchDocument, trendingKey, trendingScore } from './search-document.ts';

const AT = '2026-11-18T10:00:00.000Z';
// events as written by hand here: the fold reads them as the contracts declare them
const fold = (events: { type: string; data: unknown }[]) =>
  events.reduce<ListingDoc | undefined>((doc, e) => evolveListingDoc(doc, asCatalogEvent(e)), undefined);
const recorded = (position: number, type: string, data: unknown) =>
  ({ position, type, data, stream: 'x', id: String(position) }) as unknown as RecordedEvent;
const created = [
  {
    type: 'ListingCreated',
    data: { listing_id: 3, slug: 'notion', draft_id: 'd', owners: ['o'], status: 'draft', at: AT },
  },
  {
    type: 'ListingProfileSaved',
    data: {
      listing_id: 3,
      profile: { url: 'https://www.notion.so', name: 'Notion', country: 'US' },
      categories: ['notes', 'design'],
      at: AT,
    },
  },
];

describe('catalog projection', () => {
  it('when a listing is created, published and voted on then its document follows', () => {
    const doc = fold([
      ...created,
      { type: 'LaunchScheduled', data: { listing_id: 3, launch_week: '2026-11-16', plan: 'free', at: AT } },
      { type: 'ListingStatusChanged', data: { listing_id: 3, status: 'live', at: AT } },
      { type: 'VoteCast', data: { listing_id: 3, account_id: 'a', launch_week: null, at: AT, ...COUNTED } },
      { type: 'VoteCast', data: { listing_id: 3, account_id: 'b', launch_week: null, at: AT, ...COUNTED } },
      { type: 'VoteWithdrawn', data: { listing_id: 3, account_id: 'a', at: AT } },
      { type: 'ListingFollowed', data: { listing_id: 3, account_id: 'a', at: AT } },
      { type: 'ListingViewed', data: { listing_id: 3, count: 5, at: AT } },
      { type: 'ReviewSubmitted', data: { listing_id: 3, account_id: 'c', rating: 4, body: '', at: AT } },
      { type: 'ReviewSubmitted', data: { listing_id: 3, account_id: 'c', rating: 2, body: '', at: AT } },
      { type: 'DomainRatingRecorded', data: { listing_id: 3, value: 40, date: '2026-10-01' } },
      { type: 'DomainRatingRecorded', data: { listing_id: 3, value: 30, date: '2026-09-01' } },
      { type: 'BillboardContributed', data: { listing_id: 3, order_number: 'x', amount_cents: 500, at: AT } },
    ]) as ListingDoc;
    expect(doc).toMatchObject({
      status: 'live',
      live_at: AT,
      launch_week: '2026-11-16',
      votes: { b: AT },
      followers: 1,
      views: 5,
      billboard_cents: 500,
    });
    expect(doc.reviews).toEqual({ c: { rating: 2, body: '', at: AT } });
    expect(doc.domain_rating.map((r) => r.date)).toEqual(['2026-09-01', '2026-10-01']);
  });

  it('when the plan is free then only the primary category is shown and searched; paid shows the extras', () => {
    const categories = new Map([
      ['notes', { slug: 'notes', name: 'Notes', parent: 'productivity', description: '', faqs: [], attributes: [] }],
    ]);
    const free = fold([
      ...created,
      { type: 'LaunchScheduled', data: { listing_id: 3, launch_week: '2026-11-16', plan: 'free', at: AT } },
    ]) as ListingDoc;
    expect(toSearchDocument(free, categories).filters.category).toEqual(['notes', 'productivity']);
    const paid = fold([
      ...created,
      { type: 'LaunchScheduled', data: { listing_id: 3, launch_week: '2026-11-16', plan: 'paid', at: AT } },
    ]) as ListingDoc;
    expect(toSearchDocument(paid, categories).filters.category).toEqual(['notes', 'productivity', 'design']);
    expect(toSearchDocument(paid, categories).filters.domain).toBe('notion.so');
    expect(toSearchDocument(paid, categories).filters.country).toBe('us');
  });

  it('when a paid launch chose extra categories then they replace the draft extras, also after a re-save', () => {
    const categories = new Map([
      ['notes', { slug: 'notes', name: 'Notes', parent: 'productivity', description: '', faqs: [], attributes: [] }],
    ]);
    const chosen = [
      ...created,
      { type: 'PaidSectionsUnlocked', data: { listing_id: 3, at: AT } },
      { type: 'ExtraCategoriesChosen', data: { listing_id: 3, categories: ['ai', 'writing'], at: AT } },
      { type: 'LaunchScheduled', data: { listing_id: 3, launch_week: '2026-11-16', plan: 'paid', at: AT } },
    ];
    const doc = fold(chosen) as ListingDoc;
    expect(doc.categories).toEqual(['notes', 'ai', 'writing']);
    expect(toSearchDocument(doc, categories).filters.category).toEqual(['notes', 'productivity', 'ai', 'writing']);
    // the draft saved again (its own extras: design) keeps the bought ones; a new primary leads
    const resaved = fold([
      ...chosen,
      {
        type: 'ListingProfileSaved',
        data: {
          listing_id: 3,
          profile: { url: 'https://www.notion.so', name: 'Notion' },
          categories: ['docs', 'design'],
          at: AT,
        },
      },
    ]) as ListingDoc;
    expect(resaved.categories).toEqual(['docs', 'ai', 'writing']);
  });

  it('when events belong to other documents then they route there and evolve them', () => {
    expect(categoriesProjection.documentOf(recorded(1, 'CategoryCreated', { slug: 'ai' }))).toBe('ai');
    expect(listingIdOf(asCatalogEvent({ type: 'VoteCast', data: { listing_id: 4 } }))).toBe('4');
    expect(listingIdOf(asCatalogEvent({ type: 'ListingSlugReserved', data: { slug: 'x' } }))).toBeUndefined();
    expect(categoriesProjection.documentOf(recorded(1, 'VoteCast', { listing_id: 4 }))).toBeUndefined();
    const settings = createDocumentSet(settingsProjection);
    settings.fold(recorded(1, 'InterviewQuestionsSet', { questions: [{ id: 'a', question: 'q' }] }));
    expect(settings.view.get('site')).toEqual({ interview_questions: [{ id: 'a', question: 'q' }] });
    const categories = createDocumentSet(categoriesProjection);
    categories.fold(recorded(1, 'CategoryCreated', { slug: 'ai', name: 'AI' }));
    expect(categories.view.get('ai')).toEqual({
      slug: 'ai',
      name: 'AI',
      parent: null,
      description: '',
      faqs: [],
      attributes: [],
    });
    categories.fold(recorded(2, 'CategoryRemoved', { slug: 'ai' }));
    expect(categories.view.has('ai')).toBe(false);
  });

  it('trending decays votes with a 48 hour half-life and keeps order as time passes', () => {
    const now = Date.parse('2026-11-20T00:00:00.000Z');
    const fresh = trendingKey(['2026-11-20T00:00:00.000Z']);
    const twoOld = trendingKey(['2026-11-18T00:00:00.000Z', '2026-11-18T00:00:00.000Z']);
    expect(trendingScore(fresh, now)).toBeCloseTo(1, 6);
    expect(trendingScore(twoOld, now)).toBeCloseTo(1, 6); // two votes at half weight
    expect(trendingScore(twoOld, now + 48 * 3_600_000)).toBeCloseTo(0.5, 6);
    expect(trendingKey([])).toBeLessThan(fresh);
  });
});
