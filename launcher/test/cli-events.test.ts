import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventCatalog } from '@listings/contracts/events';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeysFor,
  freePort,
  ROOT,
  runCli,
  type StartedProcess,
  startAllInOneProcess,
  tempDataDir,
} from './support.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON freely
type Json = any;

const CURRENT_VERSIONS = new Map(
  eventCatalog.flatMap((service) => service.events.map((e) => [`${service.service}/${e.type}`, e.version] as const)),
);

describe('operator CLI: event logs and read models, on the demo data', () => {
  const data = tempDataDir();
  let site: ProductSite;
  let service: StartedProcess | undefined;
  let port: number;
  let base: string;
  const env = () => ({ DATA_DIR: data.dir, LOG_LEVEL: 'info' });
  const cli = (...args: string[]) => runCli(env(), ...args);
  const start = async () => {
    service = startAllInOneProcess({
      ...env(),
      DEMO_DATA: 'on',
      PORT: String(port),
      PUBLIC_URL: base,
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    await service.listening;
  };

  beforeAll(async () => {
    site = await startProductSite();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
  }, 90_000);
  afterAll(async () => {
    await service?.interrupt();
    await site?.close();
    data.remove();
  });

  const api = async (
    key: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': `k-${Math.random()}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  it('when the events are exported to a file then it is valid JSON Lines, in log order with strictly increasing positions, per service too', async () => {
    const out = path.join(data.dir, 'events.jsonl');
    const result = await cli('events', 'export', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(100); // the demo catalog
    const events = lines.map((line) => JSON.parse(line) as Json);
    const last: Record<string, number> = {};
    events.forEach((event, i) => {
      expect(Object.keys(event).sort()).toEqual(
        [
          'data',
          'id',
          'metadata',
          'position',
          'revision',
          'service',
          'service_position',
          'stream',
          'time',
          'type',
          'version',
        ].sort(),
      );
      expect(event.position).toBe(i + 1);
      expect(event.service_position).toBeGreaterThan(last[event.service] ?? 0);
      last[event.service] = event.service_position;
      // the version the event schemas declare today (VoteCast is at 3)
      expect(event.version, event.type).toBe(CURRENT_VERSIONS.get(`${event.service}/${event.type}`));
      expect(Number.isNaN(Date.parse(event.time))).toBe(false);
    });
    expect(result.stderr).toContain(`${lines.length} events written to ${out}`);
    expect(events.some((e) => e.service === 'catalog' && e.type === 'ListingCreated')).toBe(true);
    expect(events.some((e) => e.service === 'commerce' && e.type === 'ProductDefined')).toBe(true);

    // one service from a position on: only what follows it, still in order
    const catalog = events.filter((e) => e.service === 'catalog');
    const from = catalog[catalog.length - 10].service_position as number;
    const tail = await cli('events', 'export', '--service', 'catalog', '--from', String(from));
    expect(tail.code, tail.stderr).toBe(0);
    const after = tail.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    expect(after.map((e) => e.id)).toEqual(catalog.slice(catalog.length - 9).map((e) => e.id));

    const ambiguous = await cli('events', 'export', '--from', '3');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('--from needs --service');
    const unknown = await cli('events', 'export', '--service', 'identity');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown service "identity"');
  });

  it('when events are tailed then an event appended by another process shows up as a JSON line; Ctrl-C stops it', async () => {
    const tail = spawn(process.execPath, [path.join(ROOT, 'launcher/src/cli.ts'), 'events', 'tail'], {
      cwd: ROOT,
      env: { ...process.env, ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => tail.once('exit', resolve));
    let stdout = '';
    let stderr = '';
    const checks = new Set<() => void>();
    tail.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const check of checks) check();
    });
    tail.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const check of checks) check();
    });
    const seen = (pattern: RegExp, stream: () => string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(stream())) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
        exited.then(() => reject(new Error(`tail exited: ${stderr}`)));
      });
    await seen(/following catalog, claims, commerce, drafting/, () => stderr);
    expect(stdout).toBe(''); // only what is new

    const set = await cli('product', 'set-price', 'launch', '6100');
    expect(set.code, set.stderr).toBe(0);
    await seen(/"service":"commerce"/, () => stdout);
    const line = JSON.parse(stdout.trimEnd().split('\n')[0] as string) as Json;
    expect(line).toMatchObject({ service: 'commerce', version: 1, stream: expect.any(String) });
    expect(JSON.stringify(line.data)).toContain('6100');

    tail.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('when the read models are rebuilt (service stopped) then the API answers exactly as before; while it runs the rebuild is refused', async () => {
    const { alice } = await apiKeysFor(data.dir, ['alice'], ['account:read', 'listings:write', 'orders:write']);
    // drafting: a draft made ready and submitted (catalog: a listing), commerce: an order, claims: a claim
    const made = await api(alice, 'POST', '/drafts', { url: site.url });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const draftId = String(made.body.id);
    const deadline = Date.now() + 30_000;
    while ((await api(alice, 'GET', `/drafts/${draftId}`)).body.status !== 'ready') {
      if (Date.now() > deadline) throw new Error('the draft never became ready');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const submitted = await api(alice, 'POST', `/drafts/${draftId}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const listingId = submitted.body.listing_id as number;
    const order = { items: [{ product: 'launch', listing_id: listingId }], billing_country: 'DE' };
    const checkout = await api(alice, 'POST', '/orders/checkout', order);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    // a demo listing nobody has verified yet
    let demo: Json;
    for (const item of (await api(alice, 'GET', '/listings?per_page=50')).body.items) {
      const claim = await api(alice, 'POST', '/claims', { slug: item.slug, method: 'dns' });
      if (claim.status === 409) continue;
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      demo = item;
      break;
    }
    expect(demo).toBeDefined();

    const answers = async () => {
      const paths = [
        '/drafts',
        `/drafts/${draftId}`,
        '/orders',
        `/orders/${checkout.body.number}`,
        '/claims',
        '/me/listings',
        `/listings/${demo.slug}`,
        '/listings?q=widgets',
        '/categories',
        '/launches',
        '/site',
      ];
      const all: Record<string, Json> = {};
      for (const p of paths) all[p] = await api(alice, 'GET', p);
      return all;
    };
    const before = await answers();
    expect(before['/orders'].body.total).toBe(1);
    expect(before['/claims'].body.total).toBe(1);
    expect(before['/drafts'].body.total).toBe(1);

    const refused = await cli('read-models', 'rebuild');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('commerce: not rebuilt');
    expect(refused.stderr).toContain('is open in another process (is the service running?)');

    expect(await service?.interrupt()).toBe(0);
    service = undefined;
    const rebuilt = await cli('read-models', 'rebuild');
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    for (const name of ['catalog', 'claims', 'commerce', 'drafting'])
      expect(rebuilt.stdout).toMatch(
        new RegExp(`^${name}: rebuilt to position [1-9]\\d* \\([1-9]\\d* documents\\)`, 'm'),
      );
    const one = await cli('read-models', 'rebuild', '--service', 'claims');
    expect(one.stdout.trim().split('\n')).toHaveLength(1);

    await start();
    expect(await answers()).toEqual(before);
  }, 120_000);
});
