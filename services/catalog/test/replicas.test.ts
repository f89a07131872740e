import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { createLogger, type Logger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../src/main.ts';
import { draftId, profile } from './support.ts';

/** a logger that counts the internal requests this replica answered */
const countingLogger = (): { logger: Logger; served: () => number } => {
  let served = 0;
  const logger = createLogger({
    name: 'catalog-replica',
    level: 'info',
    destination: {
      write: (line: string) => {
        if (line.includes('save_listing_from_draft')) served++;
      },
    },
  });
  return { logger, served: () => served };
};

const available = natsServerAvailable();
if (!available) console.warn('catalog replicas test skipped: nats-server is not on the PATH');

/**
 * Two catalog replicas in cluster mode: each its own NATS connection, its own connection to the
 * same SQLite event store file and its own read models; a real nats-server spreads the requests.
 */
describe.skipIf(!available)('catalog with two replicas over a real nats-server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-replicas-'));
  let nats: RunningNatsServer;
  const buses: Bus[] = [];
  let client: Bus;
  const replicas: Awaited<ReturnType<typeof startCatalog>>[] = [];
  const counters = [countingLogger(), countingLogger()];

  beforeAll(async () => {
    nats = await startNatsServer();
    const connect = async (name: string) => {
      const bus = await connectNatsBus({ servers: nats.url, name });
      buses.push(bus);
      return bus;
    };
    for (const [i, counter] of counters.entries())
      replicas.push(
        await startCatalog({
          bus: await connect(`catalog-${i + 1}`),
          logger: counter.logger,
          config: { dataDir, publicUrl: 'https://listings.test' },
          readModelDir: path.join(dataDir, `catalog-replica-${i + 1}`),
        }),
      );
    client = await connect('client');
  }, 30_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when 16 listings with one name are created at once across the replicas then their slugs and ids are all different', async () => {
    const saved = (await Promise.all(
      Array.from({ length: 16 }, () =>
        client.request('catalog.internal.save_listing_from_draft', {
          listing_id: null,
          draft_id: draftId(),
          owner_account_ids: ['owner'],
          profile: profile('Acme Widgets'),
        }),
      ),
    )) as Reply[];
    expect(saved.map((r) => r.status)).toEqual(Array(16).fill(200));
    const slugs = saved.map((r) => r.body.slug as string);
    const ids = saved.map((r) => r.body.listing_id as number);
    expect(new Set(slugs).size).toBe(16);
    expect(new Set(ids).size).toBe(16);
    expect(slugs).toContain('acme-widgets');
    for (const slug of slugs) expect(slug).toMatch(/^acme-widgets(-\d+)?$/);
    for (const [i, c] of counters.entries()) expect(c.served(), `replica ${i + 1}`).toBeGreaterThan(0);

    // the event store agrees: one ListingCreated per slug, and each slug's stream holds its listing
    const store = openSqliteEventStore({ path: path.join(dataDir, 'catalog', 'events.sqlite') });
    try {
      const created = (await store.readAll(0, 10_000))
        .filter((e) => e.type === 'ListingCreated')
        .map((e) => e.data as { listing_id: number; slug: string });
      expect(created).toHaveLength(16);
      expect(new Set(created.map((c) => c.slug)).size).toBe(16);
      for (const { listing_id, slug } of created) {
        const reservations = await store.readStream(`listingslug-${slug}`);
        expect(reservations.at(-1)).toMatchObject({ type: 'ListingSlugReserved', data: { slug, listing_id } });
      }
    } finally {
      await store.close();
    }
  });

  it('when 16 creates for one draft arrive at once across the replicas then the draft makes one listing and every answer names it', async () => {
    const draft = draftId();
    const before = counters.map((c) => c.served());
    const saved = (await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        client.request('catalog.internal.save_listing_from_draft', {
          listing_id: null,
          draft_id: draft,
          owner_account_ids: ['owner'],
          profile: profile('Acme Gadgets', { tagline: `attempt ${i}` }),
        }),
      ),
    )) as Reply[];
    expect(saved.map((r) => r.status)).toEqual(Array(16).fill(200));
    const [first] = saved;
    for (const reply of saved) expect(reply.body).toEqual({ ...first?.body, status: 'draft' });
    expect(first?.body.slug).toBe('acme-gadgets');
    for (const [i, c] of counters.entries()) expect(c.served(), `replica ${i + 1}`).toBeGreaterThan(before[i] ?? 0);

    // the event store agrees: one ListingCreated for the draft, one claim naming it, and any other
    // slug a losing create reserved on the way was given back
    const store = openSqliteEventStore({ path: path.join(dataDir, 'catalog', 'events.sqlite') });
    try {
      const all = await store.readAll(0, 100_000);
      const created = all
        .filter((e) => e.type === 'ListingCreated' && (e.data as { draft_id: string }).draft_id === draft)
        .map((e) => e.data);
      expect(created).toEqual([expect.objectContaining({ listing_id: first?.body.listing_id, slug: 'acme-gadgets' })]);
      // the last claim names it; a claim moved only from an id another draft's listing took
      const claims = (await store.readStream(`draftlisting-${draft}`)).map(
        (e) => e.data as { listing_id: number; replaces_listing_id?: number },
      );
      expect(claims.at(-1)?.listing_id).toBe(first?.body.listing_id);
      for (const [i, claim] of claims.entries()) {
        if (i > 0) expect(claim.replaces_listing_id).toBe(claims[i - 1]?.listing_id);
        if (i < claims.length - 1)
          expect((await store.readStream(`listing-${claim.listing_id}`))[0]?.data).not.toMatchObject({
            draft_id: draft,
          });
      }
      const gadgetSlugs = new Set(
        all.filter((e) => e.stream.startsWith('listingslug-acme-gadgets-')).map((e) => e.stream),
      );
      for (const slugStream of gadgetSlugs)
        expect((await store.readStream(slugStream)).at(-1)?.type, slugStream).toBe('ListingSlugReleased');
      // the listing holds one of the 16 profiles
      const tagline = (await replicas[0]?.readModel.view.listing(first?.body.listing_id))?.profile.tagline;
      expect(tagline).toMatch(/^attempt \d+$/);
    } finally {
      await store.close();
    }
  });
});
