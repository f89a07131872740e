import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { startAllInOneInProcess } from '../in-process.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

/** What an owner in use holds after seedOwner, by id (what Schemathesis and the properties aim at). */
export interface SeededOwner {
  readonly key: string;
  readonly accountId: string;
  /** every draft id, submitted or not */
  readonly drafts: string[];
  /** the owner's listings: one only submitted, one live on the paid plan, one queued on the free plan */
  readonly listings: { id: number; slug: string; status: string }[];
  readonly milestones: { listing_id: number; milestone_id: number }[];
  /** order numbers: one fulfilled, one pending */
  readonly orders: string[];
  readonly claims: number[];
  /** the slugs the live listing's founders answer at (names in several scripts, one emoji only) */
  readonly founderSlugs: string[];
  /** live listings of the demo catalog (the first is claimed by the owner) */
  readonly demoSlugs: string[];
}

/**
 * Founders whose names are in several scripts, one only an emoji and one with diacritics: each
 * must get a valid slug of its own (SLUG_PATTERN), and the founder pages must answer at them.
 */
export const SEEDED_FOUNDERS = [
  { name: 'Zoë Ñúñez-Łukasiewicz', title: 'CEO' },
  { name: '山田 太郎', title: 'CTO' },
  { name: 'Иван Петров' },
  { name: '🚀' },
  { name: 'محمد' },
];

/**
 * An owner in use, made through the real operations of a running all-in-one (the demo catalog on):
 * a draft left as a draft, a listing only submitted, one live on the paid plan (paid through the
 * checkout's internal pay step) with a milestone, non-Latin founders and an owner's edit, one queued
 * on the free plan, a pending order, and an email claim on a demo listing. Drafts are of an
 * unreachable loopback site (nothing leaves the machine) and completed by hand.
 */
export const seedOwner = async (running: Running, email: string): Promise<SeededOwner> => {
  const { account } = await running.identity.store.ensureAccount(email);
  const key = (
    await running.identity.store.createApiKey({
      accountId: account.id,
      name: 'seeded owner',
      scopes: ['account:read', 'listings:write', 'orders:write'],
    })
  ).key;
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${running.base}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers read as untyped JSON, checked by status
    const answer = { status: response.status, body: (await response.json().catch(() => null)) as any };
    expect(answer.status, `${method} ${route} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const categories = (await api('GET', '/categories')).items as { name: string }[];

  const draft = async (n: number, patch: Record<string, unknown>): Promise<string> => {
    let made = await api('POST', '/drafts', { url: `http://127.0.0.1:9/seeded-${n}` });
    while (made.status === 'crawling' || made.status === 'drafting') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      made = await api('GET', `/drafts/${made.id}`);
    }
    await api('PATCH', `/drafts/${made.id}`, patch);
    return made.id as string;
  };
  const drafts: string[] = [];
  const submit = async (id: string) => (await api('POST', `/drafts/${id}/submit`)).listing_id as number;

  drafts.push(await draft(0, { fields: { name: 'Seeded Draft Only', tagline: 'Never submitted' } }));
  const [submittedDraft, liveDraft, freeDraft] = [
    await draft(1, { fields: { name: 'Seeded Submitted', tagline: 'Only submitted', founded_year: '1999' } }),
    await draft(2, {
      fields: {
        name: 'Seeded Live',
        tagline: 'Live on the paid plan',
        categories: [categories[0]?.name],
        country: 'de',
        pricing_model: 'Freemium',
      },
      founders: SEEDED_FOUNDERS,
      faqs: [{ question: 'Why?', answer: 'Because.' }],
      story: { title: 'How it began', story: 'It began.' },
    }),
    await draft(3, { fields: { name: '🚀🚀', tagline: 'Queued on the free plan' }, founders: [{ name: '李' }] }),
  ];
  drafts.push(submittedDraft, liveDraft, freeDraft);
  const submittedId = await submit(submittedDraft);
  const liveId = await submit(liveDraft);
  const freeId = await submit(freeDraft);

  const orders: string[] = [];
  const paid = await api('POST', '/orders/checkout', {
    items: [{ product: 'launch', listing_id: liveId }],
    billing_country: 'US',
  });
  const payment = (await running.bus.request('commerce.internal.pay_order', {
    number: paid.number,
    account_id: account.id,
  })) as { status: number };
  expect(payment.status).toBe(200);
  orders.push(paid.number);
  orders.push(
    (
      await api('POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: submittedId }],
        billing_country: 'DE',
      })
    ).number,
  );
  await api('POST', `/me/listings/${freeId}/free`);
  // the example: an owner's edit of the year founded (an integer) and of the texts it clears
  await api('PATCH', `/me/listings/${liveId}`, {
    fields: { founded_year: 1800, description: '', pricing_model: '', pricing_summary: '', country: '' },
  });
  const milestones: SeededOwner['milestones'] = [];
  for (const listing_id of [submittedId, liveId]) {
    const milestone = await api('POST', `/me/listings/${listing_id}/milestones`, {
      date: '2026-01-05',
      title: 'Seeded',
    });
    milestones.push({ listing_id, milestone_id: milestone.id });
  }

  const listings = await Promise.all(
    [submittedId, liveId, freeId].map(async (id) => {
      const owned = await api('GET', `/me/listings/${id}`);
      return { id, slug: owned.slug as string, status: owned.status as string };
    }),
  );
  expect(listings.map((l) => l.status)).toEqual(['draft', 'live', 'awaiting_badge']);
  const live = await api('GET', `/listings/${listings[1]?.slug}`);
  const founderSlugs = (live.founders as { slug: string }[]).map((f) => f.slug);

  // a demo listing no one has verified yet
  const demos = (await api('GET', '/listings?per_page=50')).items as { slug: string; url: string }[];
  const unverified = [];
  for (const demo of demos) if (!(await api('GET', `/listings/${demo.slug}`)).verified) unverified.push(demo);
  const demo = unverified[0] as { slug: string; url: string };
  const claim = await api('POST', '/claims', {
    slug: demo.slug,
    method: 'email',
    email: `owner@${new URL(demo.url).hostname}`,
  });
  return {
    key,
    accountId: account.id,
    drafts,
    listings,
    milestones,
    orders,
    claims: [claim.claim_id],
    founderSlugs,
    demoSlugs: [demo.slug, ...demos.slice(0, 3).map((d) => d.slug)],
  };
};
