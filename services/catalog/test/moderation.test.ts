import { randomUUID } from 'node:crypto';
import { catalogEvents } from '@listings/contracts/events';
import { openMemoryEventStore, withEventSchemas } from '@listings/platform/event-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addListing, callAs, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

const OPERATOR = 'account-operator';
const READER = 'account-reader';

let t: TestCatalog;
const as =
  (account: string | null, roles: string[] = []) =>
  (operation: string, input: { params?: object; query?: object; body?: unknown } = {}) =>
    callAs(t, account, roles, operation, input);
const reader = as(READER);
const operator = as(OPERATOR, ['operator']);
const ownerOf = (name: string) => as(`owner-of-${name}`);

beforeEach(async () => {
  t = await startTestCatalog({ now: '2026-11-18T12:00:00.000Z' });
  await seedCategories(t);
});
afterEach(async () => t.stop());

describe('reports', () => {
  it('when a person reports a listing then they are told it was received; a second report of it is 409 saying so', async () => {
    const { slug } = await addListing(t, 'Spammy');
    const first = await reader('file_report', { body: { listing: slug, reason: 'spam', text: 'links to a casino' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ listing: slug, review_by: null, reason: 'spam' });
    expect(first.body.message).toMatch(/report was received/);

    const again = await reader('file_report', { body: { listing: slug, reason: 'scam', text: '' } });
    expect(again.status).toBe(409);
    expect(again.problem.detail).toMatch(/you reported this listing already/);
    // another person may report it too
    expect(
      (await as('someone-else')('file_report', { body: { listing: slug, reason: 'spam', text: '' } })).status,
    ).toBe(201);
  });

  it('when a report is malformed then it is 400 naming the field; an unknown listing is 404; signed out is 401', async () => {
    const { slug } = await addListing(t, 'Spammy');
    const badReason = await reader('file_report', { body: { listing: slug, reason: 'boring', text: '' } });
    expect(badReason.status).toBe(400);
    expect(badReason.problem.errors.map((e: { field: string }) => e.field)).toContain('body.reason');
    const long = await reader('file_report', { body: { listing: slug, reason: 'other', text: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect(long.problem.errors.map((e: { field: string }) => e.field)).toContain('body.text');
    expect((await reader('file_report', { body: { listing: 'nope', reason: 'spam', text: '' } })).status).toBe(404);
    expect((await as(null)('file_report', { body: { listing: slug, reason: 'spam', text: '' } })).status).toBe(401);
  });
});

describe('operators', () => {
  it('when someone without the operator role calls an operator operation then it is 403 (401 signed out)', async () => {
    const { listing_id } = await addListing(t, 'Spammy');
    for (const [operation, input] of [
      ['get_moderation_queue', {}],
      ['list_operator_actions', {}],
      ['hide_listing', { params: { listing_id }, body: { reason: 'spam links' } }],
      ['restore_listing', { params: { listing_id }, body: { reason: 'appeal upheld' } }],
      ['feature_listing', { params: { listing_id }, body: { reason: 'launch of the month' } }],
      ['unfeature_listing', { params: { listing_id }, body: { reason: 'the month is over' } }],
      ['remove_review', { params: { listing_id, reviewer_id: 'r-1' }, body: { reason: 'spam links' } }],
      ['restore_review', { params: { listing_id, reviewer_id: 'r-1' }, body: { reason: 'appeal upheld' } }],
    ] as const) {
      const refused = await reader(operation, input);
      expect(refused.status, operation).toBe(403);
      expect(refused.problem.detail).toMatch(/operator role/);
      expect((await as(null)(operation, input)).status, operation).toBe(401);
    }
    expect((await t.call('get_listing', { params: { slug: 'spammy' } })).status).toBe(200);
  });

  it('when an operator hides a reported listing then it is gone from its page, search and the board, the owner is told why, and the audit has it', async () => {
    const spammy = await addListing(t, 'Spammy');
    await addListing(t, 'Fine');
    await reader('file_report', { body: { listing: spammy.slug, reason: 'spam', text: 'casino links' } });
    const found = await t.call('search_listings', { query: { q: 'Spammy' } });
    expect(found.body.items.map((i: { slug: string }) => i.slug)).toContain('spammy');
    expect(JSON.stringify((await t.call('list_launches', { query: {} })).body)).toContain('"spammy"');

    const queue = await operator('get_moderation_queue');
    expect(queue.status).toBe(200);
    expect(queue.body.reports).toEqual([
      expect.objectContaining({ slug: spammy.slug, reason: 'spam', text: 'casino links', reported_by: READER }),
    ]);
    expect(queue.body.submissions.map((s: { slug: string }) => s.slug)).toEqual(['fine', 'spammy']);

    const hidden = await operator('hide_listing', {
      params: { listing_id: spammy.listing_id },
      body: { reason: 'links to a casino' },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({
      listing_id: spammy.listing_id,
      slug: 'spammy',
      hidden: true,
      reason: 'links to a casino',
    });

    expect((await t.call('get_listing', { params: { slug: 'spammy' } })).status).toBe(404);
    expect((await t.internal('list_reviews', { slug: 'spammy' })).status).toBe(404);
    const search = await t.call('search_listings', { query: { q: 'Spammy' } });
    expect(search.body.items.map((i: { slug: string }) => i.slug)).not.toContain('spammy');
    const board = await t.call('list_launches', { query: {} });
    expect(JSON.stringify(board.body)).not.toContain('"spammy"');
    expect(JSON.stringify(board.body)).toContain('"fine"');

    const mine = await ownerOf('Spammy')('get_my_listing', { params: { listing_id: spammy.listing_id } });
    expect(mine.body.status).toBe('hidden');
    expect(mine.body.operator_notice).toEqual({
      action: 'hidden',
      reason: 'links to a casino',
      at: expect.any(String),
    });

    const audit = await operator('list_operator_actions');
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'listing_hidden',
        slug: 'spammy',
        operator: OPERATOR,
        reason: 'links to a casino',
      }),
    ]);
    // acted on: the report is no longer open
    expect((await operator('get_moderation_queue')).body.reports).toEqual([]);

    const restored = await operator('restore_listing', {
      params: { listing_id: spammy.listing_id },
      body: { reason: 'the owner removed the links' },
    });
    expect(restored.body.hidden).toBe(false);
    expect((await t.call('get_listing', { params: { slug: 'spammy' } })).status).toBe(200);
    const after = await ownerOf('Spammy')('get_my_listing', { params: { listing_id: spammy.listing_id } });
    expect(after.body).toMatchObject({ status: 'live', operator_notice: null });
    expect((await operator('list_operator_actions')).body.items.map((a: { action: string }) => a.action)).toEqual([
      'listing_restored',
      'listing_hidden',
    ]);
  });

  it('when a review is reported and an operator removes it then it no longer counts, the audit has it, and it can be restored with a reason', async () => {
    const { slug, listing_id } = await addListing(t, 'Reviewed');
    await t.catalog.commands.submitReview(slug, 'reviewer-1', 1, 'Terrible: buy CompetitorApp instead', true);
    const filed = await reader('file_report', {
      body: { listing: slug, review_by: 'reviewer-1', reason: 'spam', text: 'an ad for a rival' },
    });
    expect(filed.status).toBe(201);
    expect(filed.body.message).toMatch(/look at this review/);
    expect(
      (await reader('file_report', { body: { listing: slug, review_by: 'nobody', reason: 'spam', text: '' } })).status,
    ).toBe(404);
    expect((await operator('get_moderation_queue')).body.reports).toEqual([
      expect.objectContaining({ slug, review_by: 'reviewer-1', text: 'an ad for a rival' }),
    ]);
    expect((await t.call('get_listing', { params: { slug } })).body.rating).toMatchObject({ count: 1 });

    const removed = await operator('remove_review', {
      params: { listing_id, reviewer_id: 'reviewer-1' },
      body: { reason: 'advertising a rival' },
    });
    expect(removed.body).toEqual({
      listing_id,
      slug,
      review_by: 'reviewer-1',
      removed: true,
      reason: 'advertising a rival',
    });
    expect((await t.call('get_listing', { params: { slug } })).body.rating ?? { count: 0 }).toMatchObject({ count: 0 });
    const queue = (await operator('get_moderation_queue')).body;
    expect(queue.reports).toEqual([]);
    expect(queue.removed_reviews).toEqual([
      expect.objectContaining({ listing_id, slug, review_by: 'reviewer-1', reason: 'advertising a rival' }),
    ]);

    const restored = await operator('restore_review', {
      params: { listing_id, reviewer_id: 'reviewer-1' },
      body: { reason: 'the reviewer is a real customer' },
    });
    expect(restored.body.removed).toBe(false);
    expect((await operator('get_moderation_queue')).body.removed_reviews).toEqual([]);
    expect((await operator('list_operator_actions')).body.items).toEqual([
      expect.objectContaining({
        action: 'review_restored',
        review_by: 'reviewer-1',
        operator: OPERATOR,
        reason: 'the reviewer is a real customer',
      }),
      expect.objectContaining({
        action: 'review_removed',
        review_by: 'reviewer-1',
        operator: OPERATOR,
        reason: 'advertising a rival',
      }),
    ]);
  });

  it('when an operator features a listing then it is Featured, once, and the audit has it', async () => {
    const { slug, listing_id } = await addListing(t, 'Shiny');
    expect((await t.call('get_listing', { params: { slug } })).body.featured).not.toBe(true);
    const featured = await operator('feature_listing', {
      params: { listing_id },
      body: { reason: 'launch of the month' },
    });
    expect(featured.body).toEqual({ listing_id, slug, featured: true, reason: 'launch of the month' });
    expect((await t.call('get_listing', { params: { slug } })).body.featured).toBe(true);
    await operator('feature_listing', { params: { listing_id }, body: { reason: 'again' } });
    expect((await operator('list_operator_actions')).body.items).toEqual([
      expect.objectContaining({ action: 'listing_featured', slug, operator: OPERATOR, reason: 'launch of the month' }),
    ]);
  });

  it('when an operator unfeatures a featured listing then it is no longer Featured, once, and the audit has it', async () => {
    const { slug, listing_id } = await addListing(t, 'Shiny');
    await operator('feature_listing', { params: { listing_id }, body: { reason: 'launch of the month' } });
    expect((await operator('get_moderation_queue')).body.submissions).toEqual([
      expect.objectContaining({ listing_id, featured: true }),
    ]);
    const unfeatured = await operator('unfeature_listing', {
      params: { listing_id },
      body: { reason: 'the month is over' },
    });
    expect(unfeatured.status).toBe(200);
    expect(unfeatured.body).toEqual({ listing_id, slug, featured: false, reason: 'the month is over' });
    expect((await t.call('get_listing', { params: { slug } })).body.featured).not.toBe(true);
    expect((await operator('get_moderation_queue')).body.submissions).toEqual([
      expect.objectContaining({ listing_id, featured: false }),
    ]);
    await operator('unfeature_listing', { params: { listing_id }, body: { reason: 'again' } });
    expect((await operator('list_operator_actions')).body.items).toEqual([
      expect.objectContaining({ action: 'listing_unfeatured', slug, operator: OPERATOR, reason: 'the month is over' }),
      expect.objectContaining({ action: 'listing_featured', slug, operator: OPERATOR, reason: 'launch of the month' }),
    ]);
    expect(
      (await operator('unfeature_listing', { params: { listing_id: 999 }, body: { reason: 'gone' } })).status,
    ).toBe(404);
  });

  it('when an operator gives no reason then it is 400 naming body.reason', async () => {
    const { listing_id } = await addListing(t, 'Spammy');
    for (const operation of ['hide_listing', 'unfeature_listing']) {
      const refused = await operator(operation, { params: { listing_id }, body: { reason: '' } });
      expect(refused.status, operation).toBe(400);
      expect(refused.problem.errors.map((e: { field: string }) => e.field)).toContain('body.reason');
    }
  });
});

describe('events lifted to their newest version', () => {
  it("when a v1 ListingFeatured (the demo's) is read then it is v2 by nobody, with no reason", async () => {
    const raw = openMemoryEventStore();
    const v1 = { listing_id: 3, at: '2026-11-18T12:00:00.000Z' };
    await raw.append('listing-3', [{ id: randomUUID(), type: 'ListingFeatured', data: v1 }], 'no_stream');
    const [read] = await withEventSchemas(raw, catalogEvents).readStream('listing-3');
    expect(read?.data).toEqual({ ...v1, operator: null, reason: '' });
  });

  it('when a v1 ReviewRestored (no reason) is read then it is v2 with an empty reason', async () => {
    const raw = openMemoryEventStore();
    const v1 = { listing_id: 3, account_id: 'r-1', by: 'operator', at: '2026-11-18T12:00:00.000Z' };
    await raw.append('engagement-3_r-1', [{ id: randomUUID(), type: 'ReviewRestored', data: v1 }], 'no_stream');
    const [read] = await withEventSchemas(raw, catalogEvents).readStream('engagement-3_r-1');
    expect(read?.data).toEqual({ ...v1, reason: '' });
  });
});
