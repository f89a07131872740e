import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectNatsBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { mongoCollectionNames, type RunningDevInfra, startDevInfra } from '@listings/platform/testing/dev-infra';
import { ferretDbMissing } from '@listings/platform/testing/ferretdb-server';
import { natsServerBinary } from '@listings/platform/testing/nats-server';
import { temporalSkipReason } from '@listings/platform/testing/temporal-server';
import { TYPESENSE_INSTALL_HINT, typesenseServerAvailable } from '@listings/platform/testing/typesense-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS, type FixtureSite, startFixtureSite } from '../../../services/drafting/test/support/fixture-site.ts';
import { startCluster } from '../../src/cluster.ts';
import { testConfig } from '../support.ts';

/**
 * Cluster mode on the production stores (issue 13, part 4): every service its own process, with
 * NATS_URL, MONGO_URL (FerretDB), TYPESENSE_URL/TYPESENSE_API_KEY and TEMPORAL_ADDRESS pointing at
 * the `npm run dev:infra` stand-ins, the demo catalog on (the default). One REST flow from a draft to a paid launch found by search,
 * then every process (services and stores) restarts and the data is all still there.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

const missing = [
  natsServerBinary() === undefined ? 'nats-server is not installed (scripts/stand-ins/typesense-nats.sh)' : null,
  ferretDbMissing() ?? null,
  typesenseServerAvailable() ? null : TYPESENSE_INSTALL_HINT,
  temporalSkipReason('dev'),
].filter((reason): reason is string => reason !== null);
if (missing.length > 0) console.warn(`cluster on the production stores skipped: ${missing.join('; ')}`);

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/** every file under `dir`, relative to it, folders walked */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

/**
 * What the processes left under the shared DATA_DIR: each service's files (a SQLite file's `-wal`
 * and `-shm` siblings counted as the file), and `other`: whatever is not theirs, which takes in
 * the gateway's (an identity store `identity.sqlite`, keys under `secrets/`), the web and MCP
 * edges' and a mail `outbox/`. Excluded: `dev-infra/` alone (the stand-in servers' own data: in
 * production these are separate servers).
 */
const servicesFilesUnder = (dataDir: string) => {
  const services = ['catalog', 'claims', 'commerce', 'drafting'] as const;
  const found: Record<(typeof services)[number] | 'other', string[]> = {
    catalog: [],
    claims: [],
    commerce: [],
    drafting: [],
    other: [],
  };
  for (const file of filesUnder(dataDir)) {
    const [top] = file.split(path.sep);
    if (top === 'dev-infra') continue;
    const owner = services.find((service) => service === top) ?? 'other';
    const name = file.replace(/-(wal|shm)$/, '');
    if (!found[owner].includes(name)) found[owner].push(name);
  }
  return found;
};

describe.skipIf(missing.length > 0)('cluster mode on NATS, MongoDB (FerretDB), Typesense and Temporal', () => {
  let site: FixtureSite;
  let dataDir: string;
  let infra: RunningDevInfra | undefined;
  let cluster: { port: number; stop(): Promise<void> } | undefined;
  /** the environment of the running cluster (the CLI runs with it) */
  let settings: Record<string, string> = {};

  /** the stores (data under DATA_DIR/dev-infra), then the cluster over them */
  const start = async () => {
    infra = await startDevInfra({ dataDir, ports: 'free' });
    settings = {
      LOG_LEVEL: 'silent',
      // the demo catalog on, as by default: the stores start with it loaded (issue #28, must show)
      PORT: '0',
      DATA_DIR: dataDir,
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      MONGO_DB: 'production_stores_test',
      ...infra.env,
    };
    const running = await startCluster(testConfig(settings), silentLogger(), { ...process.env, ...settings });
    cluster = running;
    return { base: `http://127.0.0.1:${running.port}/api/v1`, natsUrl: infra.env.NATS_URL };
  };
  const stop = async () => {
    await cluster?.stop();
    cluster = undefined;
    await infra?.stop();
    infra = undefined;
  };

  beforeAll(async () => {
    site = await startFixtureSite();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-stores-'));
  });
  afterAll(async () => {
    await stop();
    await site?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a draft to a paid launch that search finds, and keeps it all across a restart of every process', async () => {
    let { base, natsUrl } = await start();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        cli,
        'api-key',
        'create',
        '--email',
        'alice@example.com',
        '--scopes',
        'account:read,listings:write,orders:write',
      ],
      // the operator CLI on the cluster's settings: the key goes into the identity store in MongoDB
      { env: { ...process.env, ...settings } },
    );
    const alice = `Bearer ${stdout.trim().split('\n').at(-1)}`;
    const api = (auth: string | null, method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    /** polls (bounded) until `check` holds: the read models and search follow the log */
    const eventually = async <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const value = await read();
        if (check(value)) return value;
        if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    // a draft crawled and drafted by its workflow on Temporal, to ready
    const created = await api(alice, 'POST', '/drafts', { url: site.url });
    expect(created.status).toBe(201);
    const { id } = await json(created);
    const draft = await eventually(
      'the draft',
      async () => json(await api(alice, 'GET', `/drafts/${id}`)),
      (body) => body.status !== 'crawling' && body.status !== 'drafting',
    );
    expect(draft.status).toBe('ready');
    expect(draft.fields.name.value).toBe(FACTS.name);

    const submitted = await api(alice, 'POST', `/drafts/${id}/submit`);
    const { listing_id: listingId } = await json(submitted);
    expect(submitted.status).toBe(200);
    const listing = await json(await api(alice, 'GET', `/me/listings/${listingId}`));
    expect(listing).toMatchObject({ status: 'draft', plan: 'none' });

    // a paid launch: quote, checkout, the checkout page's pay step; the order workflow fulfils it
    const items = [{ product: 'launch', listing_id: listingId }];
    expect((await api(alice, 'POST', '/orders/quote', { items, billing_country: 'US' })).status).toBe(200);
    const checkout = await api(alice, 'POST', '/orders/checkout', { items, billing_country: 'US' });
    const order = await json(checkout);
    expect(checkout.status, JSON.stringify(order)).toBe(200);
    const me = await json(await api(alice, 'GET', '/me'));
    const bus = await connectNatsBus({ servers: natsUrl, name: 'production-stores-test' });
    try {
      const paid = await bus.request('commerce.internal.pay_order', { number: order.number, account_id: me.id });
      expect(paid).toMatchObject({ status: 200, body: { status: 'fulfilled' } });
    } finally {
      await bus.close();
    }

    /** what must hold before and after the restart */
    const assertEverythingThere = async () => {
      expect(await json(await api(alice, 'GET', `/orders/${order.number}`))).toMatchObject({
        status: 'fulfilled',
        lines: [{ product: 'launch', fulfilled: true }],
      });
      expect(await json(await api(alice, 'GET', `/drafts/${id}`))).toMatchObject({
        id,
        status: 'ready',
        fields: { name: { value: FACTS.name } },
      });
      const live = await api(null, 'GET', `/listings/${listing.slug}`);
      expect(live.status).toBe(200);
      expect(await json(live)).toMatchObject({ status: 'live' });
      // search on Typesense finds it
      const found = await eventually(
        'search',
        async () => json(await api(null, 'GET', `/listings?q=${encodeURIComponent(FACTS.name)}`)),
        (body) => body.items?.some((item: { slug: string }) => item.slug === listing.slug),
      );
      expect(found.items.map((item: { slug: string }) => item.slug)).toContain(listing.slug);
      // and these answers came from the production stores, not files under DATA_DIR
      const env = infra?.env as RunningDevInfra['env'];
      const indexed = await fetch(`${env.TYPESENSE_URL}/collections/catalog_listings`, {
        headers: { 'X-TYPESENSE-API-KEY': env.TYPESENSE_API_KEY },
      });
      // ours and the demo catalog's (loaded at the first start, as by default)
      expect((await json(indexed)).num_documents).toBeGreaterThan(1);
      expect(await mongoCollectionNames(env.MONGO_URL, 'production_stores_test')).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^commerce\./),
          expect.stringMatching(/^drafting\./),
          'catalog.listings',
          'catalog.checkpoint',
        ]),
      );
    };
    await assertEverythingThere();

    // read-models rebuild on MongoDB + Typesense: refused while the services run, then done
    const rebuild = () =>
      promisify(execFile)(process.execPath, [cli, 'read-models', 'rebuild'], {
        env: { ...process.env, ...settings },
      }).then(
        (done) => ({ code: 0, ...done }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );
    const refused = await rebuild();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/catalog: not rebuilt: the MongoDB read models of catalog/);
    await cluster?.stop();
    cluster = undefined;
    const rebuilt = await rebuild();
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    for (const name of ['catalog', 'claims', 'commerce', 'drafting'])
      expect(rebuilt.stdout).toMatch(new RegExp(`^${name}: rebuilt to position \\d+ \\(\\d+ documents\\)`, 'm'));

    await stop();
    ({ base, natsUrl } = await start());
    await assertEverythingThere();

    // no process keeps state on its disk: checkpoints, personal-data keys and crawled pages are in
    // MongoDB, beside the read models, and so are the gateway's accounts, keys and sessions (the
    // CLI's key above signed every call, before and after the restart); under DATA_DIR each service
    // has nothing but the SQLite event store that stands in for KurrentDB here (KURRENTDB_URL unset),
    // with its WAL and SHM siblings, and the gateway, web and MCP edges nothing at all
    // (claims has no checkpoint collection yet: this run publishes no claims event)
    const env = infra?.env as RunningDevInfra['env'];
    expect(await mongoCollectionNames(env.MONGO_URL, 'production_stores_test')).toEqual(
      expect.arrayContaining([
        'catalog.subscription_checkpoints',
        'commerce.subscription_checkpoints',
        'drafting.blobs.files',
        'drafting.blobs.chunks',
        'gateway.accounts',
        'gateway.api_keys',
      ]),
    );
    expect(servicesFilesUnder(dataDir)).toEqual({
      catalog: ['catalog/events.sqlite'],
      claims: ['claims/events.sqlite'],
      commerce: ['commerce/events.sqlite'],
      drafting: ['drafting/events.sqlite'],
      other: [],
    });
  }, 240_000);
});
