import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addListing, callAs, type Reply, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

const OPERATOR = 'account-operator';

let t: TestCatalog;
const as =
  (account: string | null, roles: string[] = []) =>
  (operation: string, input: { params?: object; query?: object; body?: unknown } = {}) =>
    callAs(t, account, roles, operation, input);
const reader = as('account-reader');
const operator = as(OPERATOR, ['operator']);
const fields = (reply: Reply) => reply.problem.errors.map((e: { field: string }) => e.field);
const audit = async () => (await operator('list_operator_actions')).body.items;
const slugsIn = async (category: string) =>
  (await t.call('search_listings', { query: { category } })).body.items.map((i: { slug: string }) => i.slug);

beforeEach(async () => {
  t = await startTestCatalog({ now: '2026-11-18T12:00:00.000Z' });
  await seedCategories(t);
});
afterEach(async () => t.stop());

describe('operators edit categories', () => {
  it('when someone without the operator role edits categories then it is 403 (401 signed out)', async () => {
    const { listing_id } = await addListing(t, 'Notes');
    for (const [operation, input] of [
      ['add_category', { body: { slug: 'audio', name: 'Audio', reason: 'a new field' } }],
      ['edit_category', { params: { category: 'design' }, body: { name: 'UX', reason: 'clearer' } }],
      ['move_listing', { params: { listing_id }, body: { category: 'design', reason: 'it is a design tool' } }],
    ] as const) {
      const refused = await reader(operation, input);
      expect(refused.status, operation).toBe(403);
      expect(refused.problem.detail).toMatch(/operator role/);
      expect((await as(null)(operation, input)).status, operation).toBe(401);
    }
    expect((await t.call('get_category', { params: { slug: 'design' } })).body.name).toBe('Design');
  });

  it('when an operator renames a category and edits its description then its page says so and the audit has it', async () => {
    const renamed = await operator('edit_category', {
      params: { category: 'design' },
      body: { name: 'Design & UX', description: 'Tools for designers', reason: 'clearer name' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      slug: 'design',
      name: 'Design & UX',
      description: 'Tools for designers',
      parent: null,
      reason: 'clearer name',
    });
    const page = (await t.call('get_category', { params: { slug: 'design' } })).body;
    expect(page).toMatchObject({ name: 'Design & UX', description: 'Tools for designers' });
    expect(JSON.stringify((await t.call('list_categories')).body)).toContain('Design & UX');
    // the same again changes nothing, and is not audited twice
    await operator('edit_category', { params: { category: 'design' }, body: { name: 'Design & UX', reason: 'again' } });
    expect(await audit()).toEqual([
      expect.objectContaining({
        action: 'category_edited',
        category: 'design',
        listing_id: null,
        slug: null,
        operator: OPERATOR,
        reason: 'clearer name',
      }),
    ]);
  });

  it('when an operator adds a category then it is listed, under its parent, and the audit has it; a taken slug is 409', async () => {
    const added = await operator('add_category', {
      body: { slug: 'whiteboards', name: 'Whiteboards', parent: 'productivity', reason: 'many submissions' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      slug: 'whiteboards',
      name: 'Whiteboards',
      description: '',
      parent: 'productivity',
      reason: 'many submissions',
    });
    expect((await t.call('get_category', { params: { slug: 'whiteboards' } })).body).toMatchObject({
      name: 'Whiteboards',
      parent: 'productivity',
    });
    expect(
      (await operator('add_category', { body: { slug: 'whiteboards', name: 'Again', reason: 'again' } })).status,
    ).toBe(409);
    expect(await audit()).toEqual([
      expect.objectContaining({ action: 'category_added', category: 'whiteboards', reason: 'many submissions' }),
    ]);
  });

  it('when an operator moves a listing then its page, search and the category show it there, and the audit has it', async () => {
    const { slug, listing_id } = await addListing(t, 'Sketchy', { categories: ['Note Taking'] });
    expect(await slugsIn('note-taking')).toContain(slug);
    const moved = await operator('move_listing', {
      params: { listing_id },
      body: { category: 'design', reason: 'it is a design tool' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ listing_id, slug, reason: 'it is a design tool' });
    expect(moved.body.categories[0]).toBe('design');
    expect(JSON.stringify((await t.call('get_listing', { params: { slug } })).body.categories)).toContain('design');
    expect(await slugsIn('design')).toContain(slug);
    expect(await slugsIn('note-taking')).not.toContain(slug);
    expect(await audit()).toEqual([
      expect.objectContaining({
        action: 'listing_moved',
        listing_id,
        slug,
        category: 'design',
        operator: OPERATOR,
        reason: 'it is a design tool',
      }),
    ]);
  });

  it('when the input is wrong then it is 400 naming the field (404 for an unknown category or listing)', async () => {
    const { listing_id } = await addListing(t, 'Notes');
    const noReason = await operator('edit_category', {
      params: { category: 'design' },
      body: { name: 'X', reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(fields(noReason)).toContain('body.reason');
    const longName = await operator('add_category', {
      body: { slug: 'long', name: 'x'.repeat(81), reason: 'a new field' },
    });
    expect(longName.status).toBe(400);
    expect(fields(longName)).toContain('body.name');
    const deep = await operator('add_category', {
      body: { slug: 'deeper', name: 'Deeper', parent: 'note-taking', reason: 'a new field' },
    });
    expect(deep.status).toBe(400);
    expect(fields(deep)).toContain('body.parent');
    const nowhere = await operator('move_listing', {
      params: { listing_id },
      body: { category: 'no-such-category', reason: 'somewhere' },
    });
    expect(nowhere.status).toBe(400);
    expect(fields(nowhere)).toContain('body.category');
    expect(
      (await operator('edit_category', { params: { category: 'nope' }, body: { name: 'X', reason: 'clearer' } }))
        .status,
    ).toBe(404);
    expect(
      (await operator('move_listing', { params: { listing_id: 999 }, body: { category: 'design', reason: 'x y z' } }))
        .status,
    ).toBe(404);
  });
});
