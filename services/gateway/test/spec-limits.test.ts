import { operationById } from '@listings/contracts';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import { checkOperationInput } from '@listings/platform/validation';
import { describe, expect, it } from 'vitest';

/**
 * Spec Parts 4 and 8, limit by limit, copied by hand: each value at its limit is accepted and one
 * past it is refused with the field named. This pins the numbers to the spec, independently of the
 * contracts' own constants. [operationId, part, path, kind, limit]
 */
type Kind = 'chars' | 'email' | 'url' | 'items';
const LIMITS: readonly [string, 'query' | 'body', string, Kind, number][] = [
  ['search_listings', 'query', 'q', 'chars', 200],
  ['search_listings', 'query', 'pricing_model', 'chars', 40],
  ['search_listings', 'query', 'domain', 'chars', 253],
  ['list_founders', 'query', 'q', 'chars', 120],
  ['list_blog_posts', 'query', 'q', 'chars', 200],
  ['submit_listing', 'body', 'url', 'url', 2048],
  ['invite_cofounder', 'body', 'email', 'email', 254],
  ['update_draft', 'body', 'fields.name', 'chars', 500],
  ['update_draft', 'body', 'fields.tagline', 'chars', 500],
  ['update_draft', 'body', 'fields.logo_url', 'chars', 500],
  ['update_draft', 'body', 'fields.description', 'chars', 20000],
  ['update_draft', 'body', 'fields.categories', 'items', 20],
  ['update_draft', 'body', 'fields.keywords.0', 'chars', 200],
  ['update_draft', 'body', 'lock_fields', 'items', 20],
  ['update_draft', 'body', 'regenerate', 'items', 5],
  ['update_draft', 'body', 'restore', 'items', 20],
  ['update_draft', 'body', 'faqs', 'items', 10],
  ['update_draft', 'body', 'faqs.0.question', 'chars', 300],
  ['update_draft', 'body', 'faqs.0.answer', 'chars', 1500],
  ['update_draft', 'body', 'company_socials.linkedin', 'chars', 500],
  ['update_draft', 'body', 'founder_socials.github', 'chars', 500],
  ['update_draft', 'body', 'founders', 'items', 6],
  ['update_draft', 'body', 'founders.0.name', 'chars', 160],
  ['update_draft', 'body', 'founders.0.title', 'chars', 160],
  ['update_draft', 'body', 'founders.0.bio', 'chars', 3000],
  ['update_draft', 'body', 'story.journey', 'chars', 8000],
  ['update_draft', 'body', 'story.whats_next', 'chars', 8000],
  ['update_draft', 'body', 'milestones', 'items', 50],
  ['update_draft', 'body', 'milestones.0.title', 'chars', 200],
  ['update_draft', 'body', 'competitor_url', 'url', 2048],
  ['update_draft', 'body', 'seo.title', 'chars', 70],
  ['update_draft', 'body', 'seo.meta', 'chars', 170],
  ['update_my_listing', 'body', 'fields.tagline', 'chars', 200],
  ['update_my_listing', 'body', 'fields.short_description', 'chars', 300],
  ['update_my_listing', 'body', 'fields.description', 'chars', 20000],
  ['update_my_listing', 'body', 'fields.pricing_model', 'chars', 40],
  ['update_my_listing', 'body', 'fields.pricing_summary', 'chars', 300],
  ['update_my_listing', 'body', 'fields.city', 'chars', 120],
  ['update_my_listing', 'body', 'fields.demo_video_url', 'chars', 500],
  ['update_my_listing', 'body', 'fields.contact_email', 'email', 254],
  ['update_my_listing', 'body', 'fields.features', 'items', 20],
  ['update_my_listing', 'body', 'fields.usps.0', 'chars', 200],
  ['update_my_listing', 'body', 'fields.headline', 'chars', 200],
  ['update_my_listing', 'body', 'fields.summary', 'chars', 20000],
  ['update_my_listing', 'body', 'fields.seo_title', 'chars', 200],
  ['update_my_listing', 'body', 'fields.seo_description', 'chars', 320],
  ['update_my_listing', 'body', 'socials.website', 'chars', 500],
  ['update_my_listing', 'body', 'faqs', 'items', 10],
  ['post_listing_update', 'body', 'title', 'chars', 200],
  ['post_listing_update', 'body', 'body', 'chars', 5000],
  ['add_milestone', 'body', 'title', 'chars', 200],
  ['add_milestone', 'body', 'description', 'chars', 2000],
  ['add_milestone', 'body', 'url', 'url', 500],
  ['set_founder_story', 'body', 'title', 'chars', 200],
  ['set_founder_story', 'body', 'story', 'chars', 8000],
  ['set_founder_story', 'body', 'lessons', 'chars', 8000],
];

const limitValue = (kind: Kind, length: number, sample: unknown): unknown => {
  switch (kind) {
    case 'chars':
      return 'x'.repeat(length);
    case 'email':
      return `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    case 'url':
      return `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
    case 'items':
      return Array.from({ length }, (_, i) =>
        typeof sample === 'string'
          ? ['name', 'tagline', 'description', 'city', 'country', 'stage'][i % 6]
          : structuredClone(sample),
      );
  }
};

const withValue = (input: unknown, path: string[], value: unknown): unknown => {
  const copy = structuredClone(input) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path[path.length - 1] as string] = value;
  return copy;
};

describe('the limits of spec Parts 4 and 8', () => {
  it.each(LIMITS.map((row) => [`${row[0]} ${row[1]}.${row[2]}`, ...row] as const))(
    '%s: at the limit accepted, one past it refused',
    (_, operationId, part, path, kind, limit) => {
      const op = operationById(operationId);
      if (!op) throw new Error(`no operation ${operationId}`);
      const schema = op[part];
      if (!schema) throw new Error(`${operationId} has no ${part}`);
      const valid = sampleOf(schema as never);
      const keys = path.split('.');
      let sample: unknown = valid;
      for (const key of keys) sample = (sample as Record<string, unknown>)[key];
      const itemSample = kind === 'items' ? (sample as unknown[])[0] : undefined;
      const call = (value: unknown) => {
        const input = withValue(valid, keys, value);
        return checkOperationInput(
          op,
          {
            params: op.params ? sampleOf(op.params as never) : {},
            query: part === 'query' ? input : {},
            body: part === 'body' ? input : undefined,
          },
          { wire: false },
        );
      };
      const atLimit = call(limitValue(kind, limit, itemSample));
      expect(atLimit.ok, JSON.stringify(atLimit)).toBe(true);
      const past = call(limitValue(kind, limit + 1, itemSample));
      expect(past.ok).toBe(false);
      if (!past.ok) expect(past.errors.map((e) => e.field)).toContain(`${part}.${path}`);
    },
  );

  it.each([
    ['page', 1, 1000],
    ['per_page', 1, 100],
  ])('pagination %s runs from %i to %i', (name, min, max) => {
    const op = operationById('list_my_orders');
    if (!op) throw new Error('no list_my_orders');
    const check = (value: number) => checkOperationInput(op, { query: { [name]: value } }, { wire: false }).ok;
    expect([check(min - 1), check(min), check(max), check(max + 1)]).toEqual([false, true, true, false]);
  });

  it('when page and per_page are left out then they default to 1 and 20', () => {
    const op = operationById('search_listings');
    if (!op) throw new Error('no search_listings');
    const checked = checkOperationInput(op, { query: {} }, { wire: true });
    expect(checked.ok && checked.input.query).toMatchObject({
      page: 1,
      per_page: 20,
      status: 'live',
      sort: 'relevance',
    });
  });

  it('when founded_year is given on an owned listing then 1800 to 2100 or null is accepted', () => {
    const op = operationById('update_my_listing');
    if (!op) throw new Error('no update_my_listing');
    const check = (founded_year: unknown) =>
      checkOperationInput(op, { params: { listing_id: 1 }, body: { fields: { founded_year } } }, { wire: false }).ok;
    expect([check(1799), check(1800), check(2100), check(2101), check(null)]).toEqual([false, true, true, false, true]);
  });
});
