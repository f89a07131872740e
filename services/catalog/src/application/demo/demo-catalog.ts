import { randomUUID } from 'node:crypto';
import type { ListingDraftProfile } from '@listings/contracts';
import { type Clock, manualClock } from '@listings/platform/clock';
import { type EventStore, openMemoryEventStore, type RecordedEvent } from '@listings/platform/event-store';
import { addWeeks, isoDate, mondayOf } from '../../domain/weeks.ts';
import type { ListingDoc } from '../../projections/catalog/documents.ts';
import type { CatalogReadModel } from '../../projections/catalog/read-model.ts';
import { slugify } from '../../projections/catalog/search-documents.ts';
import { createCatalogCommands } from '../commands.ts';
import {
  CITIES,
  COUNTRIES,
  DEFAULT_DEMO,
  DEMO_TREE,
  type DemoOptions,
  FIRST,
  INTERVIEW_QUESTIONS,
  LAST,
  OBJECTS,
  PREFIXES,
  PRICING,
  prng,
  STAGES,
  SUFFIXES,
  VERBS,
} from './demo-data.ts';

/** What every step of one demo load shares: its seeded randomness, its clock and its commands. */
interface DemoRun {
  readonly random: () => number;
  readonly pick: <T>(list: readonly T[]) => T;
  readonly int: (min: number, max: number) => number;
  readonly now: Date;
  readonly thisMonday: Date;
  readonly demoClock: ReturnType<typeof manualClock>;
  readonly commands: ReturnType<typeof createCatalogCommands>;
  readonly options: DemoOptions;
  readonly logoOf?: (name: string) => Promise<string>;
}
type Leaf = { name: string; slug: string };

/**
 * Loads a realistic demo catalog through the same commands (and so the same events) as real data.
 * Historic facts (launches, votes in past weeks) are written with a demo clock set to when they
 * happened. Deterministic: the same seed and the same `now` give the same catalog. Offline: its
 * free listings' badges count as checked (none awaits a badge check), so nothing fetches a demo homepage.
 */
export const loadDemoCatalog = async (
  deps: {
    events: EventStore;
    readModel: CatalogReadModel;
    clock: Clock;
    /** told after each listing (the launcher waits while a start moves) */
    onProgress?: (step: string) => void;
    /**
     * stores a listing's generated logo (its initials on a colour) and gives its URL on our origin;
     * without it the demo listings have no logo (the site shows their initial letter)
     */
    logoOf?: (name: string) => Promise<string>;
  },
  options: DemoOptions = DEFAULT_DEMO,
) => {
  const random = prng(options.seed);
  const now = deps.clock.now();
  const demoClock = manualClock(now);
  const run: DemoRun = {
    random,
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T,
    int: (min: number, max: number) => min + Math.floor(random() * (max - min + 1)),
    now,
    thisMonday: mondayOf(now),
    demoClock,
    commands: createCatalogCommands({ events: deps.events, readModel: deps.readModel, clock: demoClock }),
    options,
    ...(deps.logoOf ? { logoOf: deps.logoOf } : {}),
  };
  await run.commands.setInterviewQuestions(INTERVIEW_QUESTIONS);
  const leaves = await createDemoCategories(run);
  const names = new Set<string>();
  const listingIds: number[] = [];
  for (let i = 0; i < options.listings; i++) {
    const { name, paid, profile } = await demoProfile(run, names, leaves);
    const saved = await saveDemoListing(run, i, profile);
    listingIds.push(saved.id);
    deps.onProgress?.(`demo catalog: ${i + 1} of ${options.listings} listings`);
    await launchDemoListing(run, i, saved, name, paid);
    await recordDemoFigures(run, i, saved.id);
  }
  await approveDemoAlternatives(run, listingIds);
  await publishDemoBlog(run);
};

/** the demo's two-level category tree; its leaves are what listings are filed under */
const createDemoCategories = async ({ commands }: DemoRun): Promise<Leaf[]> => {
  const leaves: Leaf[] = [];
  for (const root of DEMO_TREE) {
    const rootSlug = slugify(root.name);
    await commands.createCategory({
      slug: rootSlug,
      name: root.name,
      parent: null,
      description: `${root.name}: products that help teams with ${root.name.toLowerCase()}.`,
      faqs: [
        { question: `What counts as ${root.name}?`, answer: `Software whose main job is ${root.name.toLowerCase()}.` },
        { question: 'How are listings ordered?', answer: 'Most voted first, by community votes.' },
      ],
      attributes: root.attributes,
    });
    for (const child of root.children) {
      const slug = slugify(child);
      leaves.push({ name: child, slug });
      await commands.createCategory({
        slug,
        name: child,
        parent: rootSlug,
        description: `${child} tools, part of ${root.name}.`,
        faqs: [
          {
            question: `Which ${child} tool should I pick?`,
            answer: 'Compare two listings side by side with compare_listings.',
          },
        ],
        attributes: root.attributes,
      });
    }
  }
  return leaves;
};

/** a listing's drafted profile, made of the demo's words: a new name, one or two founders, paid or not */
const demoProfile = async ({ random, pick, int, logoOf }: DemoRun, names: Set<string>, leaves: readonly Leaf[]) => {
  let name = `${pick(PREFIXES)}${pick(SUFFIXES)}`;
  while (names.has(name)) name = `${pick(PREFIXES)}${pick(SUFFIXES)} ${int(2, 99)}`;
  names.add(name);
  const country = pick(COUNTRIES);
  const category = pick(leaves);
  const extra = pick(leaves);
  const paid = random() < 0.3;
  const founders = Array.from({ length: int(1, 2) }, () => {
    const fullName = `${pick(FIRST)} ${pick(LAST)}`;
    return {
      name: fullName,
      title: pick(['CEO', 'CTO', 'Founder', 'Head of Product']),
      bio: `${fullName} builds ${name} from ${CITIES[country]}.`,
    };
  });
  const domain = `${slugify(name)}.example.com`;
  const verb = pick(VERBS);
  const object = pick(OBJECTS);
  const profile: ListingDraftProfile = {
    url: `https://${random() < 0.5 ? 'www.' : ''}${domain}`,
    name,
    tagline: `${verb} ${object} without the busywork`,
    short_description: `${name} helps small teams ${verb.toLowerCase()} ${object} in one place.`,
    description: `## What it does\n\n${name} lets you ${verb.toLowerCase()} ${object} faster. Built in ${CITIES[country]} for ${category.name.toLowerCase()}.`,
    stage: pick(STAGES),
    pricing_model: pick(PRICING),
    pricing_summary: `From $${int(0, 49)} per month`,
    country,
    city: CITIES[country] ?? null,
    founded_year: String(int(2012, 2026)),
    contact_email: `hello@${domain}`,
    logo_url: logoOf ? await logoOf(name) : null,
    categories: paid && extra.slug !== category.slug ? [category.name, extra.name] : [category.name],
    tags: [object, category.name.toLowerCase()],
    features: [`${verb} ${object}`, 'Team workspaces', 'Integrations'],
    usps: [`Made for ${category.name.toLowerCase()}`],
    keywords: [verb.toLowerCase(), object.toLowerCase()],
    faqs: [
      { question: `Is ${name} free?`, answer: 'There is a free plan for small teams.' },
      { question: 'Where is my data stored?', answer: 'In the EU, encrypted at rest.' },
    ],
    founders,
    company_socials: { website: `https://${domain}`, x: `https://x.com/${slugify(name)}` },
    founder_socials: { linkedin: `https://www.linkedin.com/in/${slugify(founders[0]?.name ?? name)}` },
    ...(paid
      ? {
          story: {
            title: `Why we built ${name}`,
            story: `It started with a spreadsheet.`,
            why_started: 'We needed it ourselves.',
          } as ListingDraftProfile['story'],
          milestones: [{ date: `${int(2019, 2025)}-0${int(1, 9)}-1${int(0, 9)}`, title: 'First 100 customers' }],
        }
      : {}),
    not_found_on_website: random() < 0.4 ? ['founded_year'] : [],
  };
  return { name, paid, profile };
};

/** saved as drafting saves a listing, at the hour of the listing's number 20 weeks ago */
const saveDemoListing = async (
  { demoClock, thisMonday, commands }: DemoRun,
  i: number,
  profile: ListingDraftProfile,
) => {
  demoClock.set(new Date(thisMonday.getTime() - 20 * 7 * 86_400_000 + i * 3_600_000));
  return commands.saveListingFromDraft({
    listing_id: null,
    draft_id: randomUUID(),
    owner_account_ids: [`demo-owner-${i + 1}`],
    profile,
  });
};

/** the status mix: 70% live in one of the last 10 weeks (or this one), 15% upcoming, 15% saved drafts */
const launchDemoListing = async (
  { random, int, now, thisMonday, demoClock, commands, options }: DemoRun,
  i: number,
  saved: ListingDoc,
  name: string,
  paid: boolean,
) => {
  const roll = random();
  if (roll < 0.7) {
    const weeksAgo = int(0, 10);
    const monday = addWeeks(thisMonday, -weeksAgo);
    demoClock.set(
      new Date(
        monday.getTime() + int(0, weeksAgo === 0 ? Math.max(0, now.getTime() - monday.getTime() - 1) : 6 * 86_400_000),
      ),
    );
    await commands.publishListing(saved.id, null, paid ? 'paid' : 'free');
    // votes from demo people during the launch week (or until now for this week)
    const voters = int(0, Math.min(60, options.people));
    const windowEnd = Math.min(monday.getTime() + 7 * 86_400_000, now.getTime());
    const start = demoClock.now().getTime();
    for (let v = 0; v < voters; v++) {
      demoClock.set(new Date(start + random() * Math.max(1, windowEnd - start)));
      await commands.castVote(saved.slug, `demo-person-${int(1, options.people)}`, true);
    }
    demoClock.set(now);
    if (random() < 0.4) await commands.follow(saved.slug, `demo-person-${int(1, options.people)}`);
    await commands.recordViews(saved.slug, int(10, 5000));
    if (random() < 0.5)
      await commands.submitReview(
        saved.slug,
        `demo-person-${int(1, options.people)}`,
        int(3, 5),
        'Does what it says.',
        true,
      );
    if (random() < 0.3)
      await commands.listing(saved.id, {
        type: 'PostUpdate',
        data: {
          title: `${name} ${int(1, 4)}.${int(0, 9)} is out`,
          body: 'Faster sync, a new dashboard and many fixes.',
        },
      });
    if (random() < 0.1) await commands.listing(saved.id, { type: 'Feature', data: { operator: null, reason: '' } });
    if (random() < 0.2)
      await commands.listing(saved.id, { type: 'MarkVerified', data: { account_id: `demo-owner-${i + 1}` } });
  } else if (roll < 0.85) {
    demoClock.set(now);
    await commands.publishListing(saved.id, isoDate(addWeeks(thisMonday, int(1, 8))), paid ? 'paid' : 'free');
    // a demo homepage (`*.example.com`) is never fetched: its badge counts as checked, so no free
    // listing waits for a badge check and the start makes no outbound request
    if (!paid) await commands.badgeFound(saved.id);
  }
};

/** the listing's Domain Rating history, and for some its revenue and a billboard contribution */
const recordDemoFigures = async ({ random, int, now, demoClock, commands }: DemoRun, i: number, id: number) => {
  demoClock.set(now);
  let dr = int(5, 70);
  for (let r = 0; r < int(2, 6); r++) {
    dr = Math.max(0, Math.min(100, dr + int(-3, 6)));
    await commands.listing(id, {
      type: 'RecordDomainRating',
      data: { value: dr, date: isoDate(new Date(now.getTime() - (6 - r) * 30 * 86_400_000)) },
    });
  }
  if (random() < 0.35)
    await commands.listing(id, {
      type: 'RecordRevenue',
      data: { mrr_cents: int(10, 5000) * 1000, date: isoDate(now) },
    });
  if (random() < 0.08)
    await commands.listing(id, {
      type: 'ContributeToBillboard',
      data: { order_number: `DEMO-${i + 1}`, amount_cents: int(5, 500) * 100 },
    });
};

/** owner-approved alternatives for a few listings */
const approveDemoAlternatives = async ({ commands }: DemoRun, listingIds: readonly number[]) => {
  for (let i = 0; i < Math.min(20, listingIds.length - 1); i++) {
    const id = listingIds[i] as number;
    const other = listingIds[(i + 7) % listingIds.length] as number;
    if (other !== id) await commands.listing(id, { type: 'ApproveAlternative', data: { alternative_id: other } });
  }
};

const publishDemoBlog = async ({ pick, int, now, commands, options }: DemoRun) => {
  for (let i = 0; i < options.blogPosts; i++) {
    const topic = pick(DEMO_TREE);
    const title = `${i + 1} lessons from launching in ${topic.name}`;
    await commands.publishBlogPost({
      slug: slugify(title),
      title,
      excerpt: `What ${int(3, 40)} founders in ${topic.name.toLowerCase()} learned on launch week.`,
      body_markdown: `# ${title}\n\nLaunching is a team sport. Here is what worked:\n\n- Pick one launch week and tell people early.\n- Answer every comment on launch day.\n- Put your badge on your homepage.\n`,
      faqs: [
        {
          question: 'When is the best day to launch?',
          answer: 'Monday: your launch has the whole week to collect votes.',
        },
      ],
      published_at: new Date(now.getTime() - (i + 1) * 5 * 86_400_000).toISOString(),
    });
  }
};

/** events per page read from the demo's memory store while copying them into the real one */
const COPY_PAGE = 5_000;

/**
 * Loads the demo catalog into `target` in bulk: through the same commands as `loadDemoCatalog`,
 * but against an event store and read model in memory, so no command waits on a production store
 * (FerretDB 1.24 scans its table for every update: folded and written one command at a time, the
 * demo catalog took over 120 s). Its events are then copied into `target` in their global order,
 * each run of consecutive events of one stream in one append, as stored (ids, data and schema
 * versions unchanged). The catalog's read model then folds them as it catches up, writing its
 * documents in bulk. `target` is the raw event store (without `withEventSchemas`: what is copied
 * is already the stored form); `wrap` gives the memory store the same schemas.
 */
export const loadDemoCatalogInBulk = async (
  deps: {
    target: EventStore;
    wrap: (raw: EventStore) => EventStore;
    clock: Clock;
    openReadModel: (events: EventStore) => Promise<CatalogReadModel>;
    onProgress?: (step: string) => void;
    logoOf?: (name: string) => Promise<string>;
  },
  options: DemoOptions = DEFAULT_DEMO,
): Promise<{ events: number; appends: number }> => {
  const raw = openMemoryEventStore();
  const events = deps.wrap(raw);
  const readModel = await deps.openReadModel(events);
  try {
    await loadDemoCatalog(
      {
        events,
        readModel,
        clock: deps.clock,
        ...(deps.onProgress ? { onProgress: deps.onProgress } : {}),
        ...(deps.logoOf ? { logoOf: deps.logoOf } : {}),
      },
      options,
    );
  } finally {
    await readModel.close();
  }
  deps.onProgress?.('demo catalog built in memory');
  let copied = 0;
  let appends = 0;
  const revisions = new Map<string, number>();
  for (let after = 0; ; ) {
    const page = await raw.readAll(after, COPY_PAGE);
    for (let i = 0; i < page.length; ) {
      const stream = (page[i] as RecordedEvent).stream;
      let end = i + 1;
      while (end < page.length && (page[end] as RecordedEvent).stream === stream) end++;
      const run = page.slice(i, end);
      await deps.target.append(
        stream,
        run.map((event) => ({ id: event.id, type: event.type, data: event.data, metadata: event.metadata })),
        revisions.get(stream) ?? 'no_stream',
      );
      revisions.set(stream, (run[run.length - 1] as RecordedEvent).revision);
      appends++;
      i = end;
    }
    copied += page.length;
    deps.onProgress?.(`demo catalog: ${copied} events copied`);
    const last = page[page.length - 1];
    if (!last || page.length < COPY_PAGE) break;
    after = last.position;
  }
  await raw.close();
  return { events: copied, appends };
};
