// Bench data for the catalog: N listings, their categories and some votes, as the catalog's own
// deciders emit them, appended through the event-store port (one append per stream). Faster than
// the demo loader (no read-your-writes wait per command) but the same events.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { catalogEvents } from '@listings/contracts/events';
import type { DomainEvent } from '@listings/platform/decider';
import { openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { prng } from '../services/catalog/src/application/demo/demo-data.ts';
import { categoryStream } from '../services/catalog/src/domain/category/category.ts';
import { categoryDecider } from '../services/catalog/src/domain/category/decide.ts';
import { engagementDecider } from '../services/catalog/src/domain/engagement/decide.ts';
import { engagementStream } from '../services/catalog/src/domain/engagement/engagement.ts';
import { listingDecider } from '../services/catalog/src/domain/listing/decide.ts';
import { listingStream } from '../services/catalog/src/domain/listing/listing.ts';
import { isoDate, mondayOf } from '../services/catalog/src/domain/weeks.ts';
import type { ListingDoc } from '../services/catalog/src/projections/catalog/documents.ts';

type ListingDraftProfile = ListingDoc['profile'];

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';
export const ROOTS = ['productivity', 'design', 'developer-tools', 'marketing', 'ai', 'finance'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'SE', 'IN', 'BR', 'CA', 'JP'];
const WORDS = ['notes', 'invoices', 'designs', 'tasks', 'emails', 'reports', 'teams', 'code', 'prototypes', 'budgets'];

const toNew = (events: readonly DomainEvent[]) => events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data }));

/** appends asked together before waiting for them (they share commits) */
const APPENDS_IN_FLIGHT = 2000;

export interface BenchCatalog {
  readonly names: string[];
  readonly events: number;
}

export const writeBenchCatalog = async (dataDir: string, listings: number, seed = 42): Promise<BenchCatalog> => {
  const dir = path.join(dataDir, 'catalog');
  mkdirSync(dir, { recursive: true });
  const store = withEventSchemas(openSqliteEventStore({ path: path.join(dir, 'events.sqlite') }), catalogEvents);
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const syllable = () => `${pick([...CONSONANTS])}${pick([...VOWELS])}`;
  const now = new Date();
  const at = now.toISOString();
  const thisWeek = isoDate(mondayOf(now));
  let count = 0;
  // appends in flight together share one commit of the store's writer thread (batched appends);
  // each stream is new, so they cannot conflict, and they commit in the order they were asked
  // (one batch commits while the next is made)
  let inFlight: Promise<unknown>[] = [];
  let committing: Promise<unknown> = Promise.resolve();
  const append = async (stream: string, events: readonly DomainEvent[]) => {
    inFlight.push(store.append(stream, toNew(events), 'no_stream'));
    count += events.length;
    if (inFlight.length >= APPENDS_IN_FLIGHT) {
      await committing;
      committing = Promise.all(inFlight);
      inFlight = [];
    }
  };
  const leaves: string[] = [];
  for (const root of ROOTS) {
    const data = {
      slug: root,
      name: root,
      parent: null,
      description: `${root} tools`,
      faqs: [],
      attributes: ['pricing_model', 'country', 'features'],
    };
    await append(
      categoryStream(root),
      categoryDecider.decide(
        { type: 'CreateCategory', data: { ...data, parent_exists: false, parent_is_root: false } },
        categoryDecider.initialState,
      ),
    );
    for (let c = 1; c <= 4; c++) {
      const slug = `${root}-${c}`;
      leaves.push(slug);
      await append(
        categoryStream(slug),
        categoryDecider.decide(
          {
            type: 'CreateCategory',
            data: { ...data, slug, name: slug, parent: root, parent_exists: true, parent_is_root: true },
          },
          categoryDecider.initialState,
        ),
      );
    }
  }
  const names: string[] = [];
  const seen = new Set<string>();
  for (let id = 1; id <= listings; id++) {
    let name = '';
    do {
      const s = `${syllable()}${syllable()}${syllable()}`;
      name = s[0]?.toUpperCase() + s.slice(1) + (random() < 0.3 ? syllable() : '');
    } while (seen.has(name));
    seen.add(name);
    names.push(name);
    const word = pick(WORDS);
    const profile: ListingDraftProfile = {
      url: `https://www.${name.toLowerCase()}.example.com`,
      name,
      tagline: `${name} keeps your ${word} in order`,
      short_description: `${name} helps teams with ${word}.`,
      description: `${name} is a tool for ${word}. `.repeat(5),
      country: pick(COUNTRIES),
      stage: pick(['Beta', 'Launched', 'Growing']),
      pricing_model: pick(['Free', 'Freemium', 'Subscription']),
      categories: [pick(leaves)],
      tags: [word],
      keywords: [word, 'software'],
      features: [`Fast ${word}`, 'Integrations'],
      faqs: [{ question: `Is ${name} free?`, answer: 'There is a free plan.' }],
      founders: [{ name: `${syllable()}${syllable()} ${syllable()}${syllable()}`, title: 'CEO' }],
    };
    const slug = name.toLowerCase();
    let state = listingDecider.initialState;
    const events: DomainEvent[] = [];
    for (const command of [
      {
        type: 'SaveListingFromDraft' as const,
        data: {
          listing_id: id,
          slug,
          draft_id: randomUUID(),
          owners: [`owner-${id}`],
          profile,
          categories: profile.categories as string[],
          create: true,
          now: at,
        },
      },
      {
        type: 'PublishListing' as const,
        data: { launch_week: null, this_week: thisWeek, plan: 'free' as const, now: at },
      },
      { type: 'RecordDomainRating' as const, data: { value: Math.floor(random() * 90), date: isoDate(now) } },
    ]) {
      const decided = listingDecider.decide(command, state);
      state = decided.reduce(listingDecider.evolve, state);
      events.push(...decided);
    }
    await append(listingStream(id), events);
    if (random() < 0.05) {
      const listing = { listing_id: id, status: 'live', owners: [`owner-${id}`] };
      for (let v = 0; v < 1 + Math.floor(random() * 5); v++) {
        const account = `person-${v}`;
        await append(
          engagementStream(id, account),
          engagementDecider.decide(
            {
              type: 'CastVote',
              data: {
                listing,
                account_id: account,
                email_confirmed: true,
                voter: { account_created_at: null, email_disposable: false, suspended: false, network: null },
                earlier: [],
                now: at,
              },
            },
            engagementDecider.initialState,
          ),
        );
      }
    }
  }
  await committing;
  await Promise.all(inFlight);
  await store.close();
  return { names, events: count };
};
