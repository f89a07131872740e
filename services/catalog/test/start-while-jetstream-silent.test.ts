import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { createLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../src/main.ts';
import { draftId, profile } from './support.ts';

const available = natsServerAvailable();
if (!available) console.warn('catalog start-up over a silent JetStream skipped: nats-server is not on the PATH');

/**
 * On a loaded machine the catalog's start (demo catalog loaded, then its durable consumers
 * created) crashed the process with an uncaught NATS `TIMEOUT`: the JetStream API did not answer a
 * consumer creation in time. Here the catalog starts while NATS runs without JetStream (core NATS
 * answers, the JetStream API does not): the start waits, logs each unanswered try, and the catalog
 * serves once JetStream is back.
 */
describe.skipIf(!available)('catalog start while NATS JetStream does not answer', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-silent-js-'));
  const storeDir = path.join(dataDir, 'nats');
  let nats: RunningNatsServer | undefined;
  const buses: Bus[] = [];
  let catalog: Awaited<ReturnType<typeof startCatalog>> | undefined;
  afterAll(async () => {
    await catalog?.stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the JetStream API does not answer during start then the catalog logs it, keeps trying and becomes ready once NATS answers', async () => {
    const lines: string[] = [];
    let warned: () => void = () => {};
    const firstWarning = new Promise<void>((resolve) => {
      warned = resolve;
    });
    const logger = createLogger({
      name: 'catalog',
      level: 'info',
      destination: {
        write: (line: string) => {
          lines.push(line);
          // the JetStream step: creating the catalog's first durable consumer
          if (line.includes('"step":"consumer ')) warned();
        },
      },
    });
    nats = await startNatsServer({ storeDir });
    const { port } = nats;
    const bus = await connectNatsBus({ servers: nats.url, name: 'catalog', jetStreamTimeoutMs: 300, logger });
    buses.push(bus);
    await nats.stop();
    // the same address, core NATS only: the bus reconnects, the JetStream API has no responder
    nats = await startNatsServer({ jetstream: false, port });

    let outcome: 'pending' | 'started' | 'failed' = 'pending';
    const starting = startCatalog({
      bus,
      logger,
      config: { dataDir, publicUrl: 'https://listings.test', demoData: true },
      demo: { seed: 7, listings: 6, people: 6, blogPosts: 1 },
    });
    void starting.then(
      () => {
        outcome = 'started';
      },
      () => {
        outcome = 'failed';
      },
    );
    await firstWarning;
    expect(outcome).toBe('pending');
    const warning = JSON.parse(lines.find((line) => line.includes('"step":"consumer ')) as string);
    expect(warning.level).toBe(40);
    expect(warning.msg).toMatch(/^NATS did not answer consumer .* in time; trying again$/);
    expect(warning.err).toBeDefined();
    expect(lines.some((line) => line.includes('demo catalog loaded'))).toBe(true);

    await nats.stop();
    nats = await startNatsServer({ storeDir, port });
    catalog = await starting;
    expect(await catalog.readModel.view.countListings()).toBeGreaterThan(0);
    const client = await connectNatsBus({ servers: nats.url, name: 'client' });
    buses.push(client);
    const saved = (await client.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: draftId(),
      owner_account_ids: ['owner'],
      profile: profile('Back Online'),
    })) as Reply;
    expect(saved.status).toBe(200);
  }, 90_000);
});
