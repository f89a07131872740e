import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ListingDraftProfile } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClockWithTimers } from '@listings/platform/clock';
import { DEFAULT_DAILY_LIMITS, type MongoSettings, type TypesenseSettings } from '@listings/platform/config';
import { createLogger, silentLogger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { BadgeCheckActivities } from '../src/activities/badge-check.ts';
import type { WebhookRetry } from '../src/domain/webhook/retry-schedule.ts';
import { startCatalog } from '../src/main.ts';
import { L } from '../src/projections/catalog/query-keys.ts';
import type { CatalogView } from '../src/projections/catalog/read-model.ts';

export const ANON = { account_id: null, scopes: [], via: 'anonymous' };

/** A bus reply as tests read it; the assertions check its shape. */
import type { Reply } from '@listings/platform/testing/reply';

export type { Reply };

/** A catalog on an in-process bus, a temp data dir and a manual clock; no demo data unless asked. */
export const startTestCatalog = async (
  options: {
    now?: string;
    demo?: boolean;
    dir?: string;
    /** the badge check's fetch; default: one that fetches nothing (tests reach only loopback) */
    safeFetch?: SafeFetch;
    /** search on this Typesense instead of the embedded index */
    typesense?: TypesenseSettings;
    /** read models in this MongoDB instead of SQLite under the data dir */
    mongo?: MongoSettings;
    /** where the badge workflows run: default the in-process runner (a test names a Temporal server here) */
    workflows?: { temporalAddress: string | null; temporalTaskQueue: string };
    /** the in-process workflows' timers on the manual clock: their sleeps end when the test advances it */
    injectTimers?: boolean;
    /** REPORTS_PER_ACCOUNT_PER_DAY; default DEFAULT_DAILY_LIMITS' */
    reportsPerDay?: number;
    /** webhook deliveries on this fetch and retry schedule; with it, loopback http targets are allowed */
    webhooks?: { fetch: SafeFetch; retry: WebhookRetry };
  } = {},
) => {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'catalog-test-'));
  const clock = manualClockWithTimers(options.now ?? '2026-11-18T12:00:00.000Z');
  const bus = createInProcessBus({});
  const catalog = await startCatalog({
    bus,
    clock,
    config: {
      dataDir: dir,
      publicUrl: 'http://directory.test',
      demoData: options.demo ?? false,
      typesense: options.typesense ?? null,
      mongo: options.mongo ?? null,
      ...(options.webhooks ? { fetchAllowPrivateNetworks: true } : {}),
      ...(options.reportsPerDay
        ? { dailyLimits: { ...DEFAULT_DAILY_LIMITS, reportsPerAccount: options.reportsPerDay } }
        : {}),
    },
    logger: process.env.CATALOG_TEST_LOGS ? createLogger({ name: 'catalog-test', level: 'warn' }) : silentLogger(),
    demo: { seed: 7, listings: 60, people: 50, blogPosts: 10 },
    ...(options.workflows ? { workflows: options.workflows } : {}),
    ...(options.injectTimers ? { timers: clock.timers } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    safeFetch:
      options.safeFetch ??
      (async (url: string | URL) => {
        throw new Error(`this test catalog fetches nothing (${url})`);
      }),
  });
  const call = async (operation: string, input: { params?: object; query?: object } = {}) =>
    (await bus.request(`catalog.${operation}`, {
      operation_id: operation,
      principal: ANON,
      params: input.params ?? {},
      query: input.query ?? {},
    })) as Reply;
  const internal = async (name: string, request: object) =>
    (await bus.request(`catalog.internal.${name}`, request)) as Reply;
  return {
    dir,
    clock,
    bus,
    catalog,
    call,
    internal,
    /** stops the catalog; keeps the data dir unless told */
    stop: async (remove = true) => {
      await catalog.stop();
      await bus.close();
      if (remove) rmSync(dir, { recursive: true, force: true });
    },
  };
};
export type TestCatalog = Awaited<ReturnType<typeof startTestCatalog>>;

let draftCounter = 0;
export const draftId = () => `00000000-0000-4000-8000-${String(++draftCounter).padStart(12, '0')}`;

export const profile = (name: string, extra: Partial<ListingDraftProfile> = {}): ListingDraftProfile => ({
  url: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`,
  name,
  tagline: `${name} tagline`,
  ...extra,
});

export const seedCategories = async (t: TestCatalog) => {
  await t.catalog.commands.createCategory({
    slug: 'productivity',
    name: 'Productivity',
    parent: null,
    description: 'Get things done',
    faqs: [{ question: 'q?', answer: 'a' }],
    attributes: ['pricing_model', 'country', 'features'],
  });
  await t.catalog.commands.createCategory({
    slug: 'note-taking',
    name: 'Note Taking',
    parent: 'productivity',
    description: 'Notes',
    faqs: [],
    attributes: ['pricing_model', 'country', 'features'],
  });
  await t.catalog.commands.createCategory({
    slug: 'design',
    name: 'Design',
    parent: null,
    description: 'Design tools',
    faqs: [],
    attributes: ['pricing_model', 'stage'],
  });
  await t.catalog.commands.createCategory({
    slug: 'empty-corner',
    name: 'Empty Corner',
    parent: null,
    description: 'Nothing here',
    faqs: [],
    attributes: [],
  });
};

/** Saves a listing through the internal operation and publishes it (live now unless a week is given). */
export const addListing = async (
  t: TestCatalog,
  name: string,
  extra: Partial<ListingDraftProfile> = {},
  publish: { week?: string | null; plan?: 'free' | 'paid' } | false = {},
) => {
  const saved = await t.internal('save_listing_from_draft', {
    listing_id: null,
    draft_id: draftId(),
    owner_account_ids: [`owner-of-${name}`],
    profile: profile(name, extra),
  });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved));
  if (publish !== false) {
    // what an order (paid) or the free plan's badge check does, through the same command
    await t.catalog.commands.publishListing(saved.body.listing_id, publish.week ?? null, publish.plan ?? 'paid');
  }
  return saved.body as { listing_id: number; slug: string; status: string };
};

/** a fixed sequence of pseudo-random numbers in [0, 1) */
export const prng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/**
 * One random act of people on a listing, as the site makes them: a vote (the share `votes` of
 * them), a withdrawal, one to three views or a follow, by one of six people.
 */
export const engageAtRandom = async (t: TestCatalog, slug: string, random: () => number, votes: number) => {
  const account = `person-${Math.floor(random() * 6)}`;
  const what = random();
  if (what < votes) await t.internal('cast_vote', { slug, account_id: account, email_confirmed: true });
  else if (what < 0.75) await t.internal('withdraw_vote', { slug, account_id: account });
  else if (what < 0.9) await t.catalog.commands.recordViews(slug, 1 + Math.floor(random() * 3));
  else await t.internal('follow_listing', { slug, account_id: account });
};

/** what a badge interval would do: every listing awaiting its badge checked now, one after another */
export const checkEveryWaitingListing = async (view: CatalogView, badgeCheck: BadgeCheckActivities) => {
  const waiting = await view.findListings({ where: { [L.status]: { eq: 'awaiting_badge' } }, sort: [[L.id, 1]] });
  const found: number[] = [];
  for (const doc of waiting) if ((await badgeCheck.checkBadge({ listingId: doc.id })) === 'found') found.push(doc.id);
  return { checked: waiting.length, found };
};

/** one public operation called on the bus as `account` (null: signed out) with the given roles */
export const callAs = async (
  t: TestCatalog,
  account: string | null,
  roles: readonly string[],
  operation: string,
  input: { params?: object; query?: object; body?: unknown } = {},
) =>
  (await t.bus.request(`catalog.${operation}`, {
    operation_id: operation,
    principal:
      account === null
        ? { account_id: null, scopes: [], via: 'anonymous' }
        : {
            account_id: account,
            scopes: ['account:read', 'listings:write'],
            via: 'api_key',
            ...(roles.length > 0 ? { roles } : {}),
          },
    params: input.params ?? {},
    query: input.query ?? {},
    ...(input.body !== undefined ? { body: input.body } : {}),
  })) as Reply;
