/**
 * `docker compose up` of docker-compose.yml with docker-compose.local.yml (the stores' stand-in
 * images and the project's image built here; KurrentDB left out, each service on its own SQLite
 * event store: the override says why). Waits for every healthcheck, runs REST, site and MCP
 * requests through the published loopback ports (a draft crawled from a fixture site on the project's
 * network, submitted, priced), kills the catalog's process and sees compose restart it with nothing lost, then brings it all down with its volumes. Compose makes the
 * project's own network; nothing is published beyond 127.0.0.1. Skipped, saying why, without an
 * engine, compose or the images.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { newIdentitySecrets } from '@listings/platform/edge';
import { containerEnvironment, imageAvailable } from '@listings/platform/testing/containers';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS } from '../../../services/drafting/test/support/fixture-site.ts';
import { freePort, ROOT } from '../support.ts';
import { containerState, DOCKER, docker, eventually, LISTINGS_IMAGE, uniqueName } from './docker.ts';

const run = promisify(execFile);

/** the images the override names, as the global setup decided them (else the override's defaults) */
const IMAGE_VARIABLES = ['LISTINGS_IMAGE', 'NATS_IMAGE', 'MONGO_IMAGE', 'TYPESENSE_IMAGE', 'TEMPORAL_IMAGE'];
const images: Record<string, string> = { LISTINGS_IMAGE };
for (const name of IMAGE_VARIABLES.slice(1)) {
  const value = containerEnvironment(name);
  // the override needs stand-ins that take its commands; an official image is named explicitly only if set
  if (value) images[name] = value;
}
const STAND_INS = {
  NATS_IMAGE: 'local/nats:2.15.1',
  MONGO_IMAGE: 'local/ferretdb:1.24.2',
  TYPESENSE_IMAGE: 'local/typesense:0.24.1',
  TEMPORAL_IMAGE: 'local/temporal:1.9.1',
} as const;

const composeSkipReason = async (): Promise<string | null> => {
  try {
    await run(DOCKER, ['compose', 'version']);
    return null;
  } catch (error) {
    return `docker compose is not installed (${(error as Error).message.split('\n')[0]})`;
  }
};
const composeMissing = await composeSkipReason();
if (composeMissing) console.warn(`skipped compose up: ${composeMissing}`);
let available = composeMissing === null;
for (const [name, standIn] of Object.entries({ LISTINGS_IMAGE, ...STAND_INS })) {
  const image = images[name] ?? standIn;
  if (available) available = await imageAvailable('compose up', image);
  // the override never pulls (`pull_policy: never`): its images must be on the engine
  if (
    available &&
    !(await docker('image', 'inspect', image).then(
      () => true,
      () => false,
    ))
  ) {
    console.warn(`skipped compose up: ${image} is not on this engine (scripts/containers/images.sh builds it)`);
    available = false;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

describe.skipIf(!available)('docker compose up with docker-compose.local.yml', () => {
  const project = uniqueName('ldcompose');
  let env: Record<string, string> = {};
  const compose = async (...args: string[]) => {
    const { stdout } = await run(
      DOCKER,
      ['compose', '-p', project, '-f', 'docker-compose.yml', '-f', 'docker-compose.local.yml', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout.trim();
  };
  const services = async () =>
    (await compose('ps', '--all', '--format', 'json'))
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => JSON.parse(line) as { Service: string; State: string; Health: string; Name: string }[]);
  const allHealthy = () =>
    eventually(
      'every service healthy',
      async () => (await services()).map((service) => `${service.Service}:${service.State}:${service.Health}`).sort(),
      (states) => states.length === 11 && states.every((state) => state.endsWith(':running:healthy')),
      360_000,
    );
  const site = `${project}-site`;
  const SITE_HOST = 'acme-fixture.example.com';
  let api = '';
  let mcp = '';
  let web = '';

  beforeAll(async () => {
    const [port, mcpPort, webPort] = [await freePort(), await freePort(), await freePort()];
    const keys = newIdentitySecrets();
    env = {
      ...images,
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      WEB_PORT: String(webPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'off',
      TYPESENSE_API_KEY: 'compose-test-key',
      // the gateway's keys, which docker-compose.yml requires (`npm run cli -- secrets generate`)
      OAUTH_JWKS: JSON.stringify(keys.jwks),
      COOKIE_KEYS: keys.cookieKeys.join(','),
      // the fixture site below is on the project's network, a private address
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    api = `http://127.0.0.1:${port}/api/v1`;
    mcp = `http://127.0.0.1:${mcpPort}/mcp`;
    web = `http://127.0.0.1:${webPort}`;
    await compose('up', '-d');
    await allHealthy();
    // a product website for drafting to crawl, on the project's network (drafting's test fixture,
    // served by the project's image)
    await docker(
      'run',
      '-d',
      '--name',
      site,
      '--network',
      `${project}_default`,
      '--network-alias',
      SITE_HOST,
      '-v',
      `${path.join(ROOT, 'services/drafting/test/support')}:/fixture:ro`,
      '--entrypoint',
      'node',
      LISTINGS_IMAGE,
      '--input-type=module',
      '-e',
      `const { startFixtureSite } = await import('/fixture/fixture-site.ts'); await startFixtureSite({ host: '0.0.0.0', port: 8080 }); console.log('serving');`,
    );
    await eventually(
      'the fixture site',
      () => docker('logs', site),
      (logs) => logs.includes('serving'),
      60_000,
    );
  }, 420_000);
  afterAll(async () => {
    await docker('rm', '-f', site).catch(() => '');
    await compose('down', '-v', '--timeout', '20').catch((error: Error) => console.warn(error.message));
  }, 120_000);

  it('is up: every service healthy, the stand-ins in place of the stores and no KurrentDB', async () => {
    const names = (await services()).map((service) => service.Service).sort();
    expect(names).toEqual(
      [
        'catalog',
        'claims',
        'commerce',
        'drafting',
        'gateway',
        'mcp-gateway',
        'mongo',
        'nats',
        'temporal',
        'typesense',
        'web',
      ].sort(),
    );
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('serves REST, the site and MCP through the published ports, writes a draft and a listing, and keeps them across a crash of the catalog', async () => {
    // an API key made by the operator CLI in the gateway's container (docs/deployment.md, first steps)
    const created = await compose(
      'exec',
      '-T',
      'gateway',
      'node',
      'launcher/src/cli.ts',
      'api-key',
      'create',
      '--email',
      'alice@example.com',
      '--scopes',
      'account:read,listings:write,orders:write',
    );
    const key = created.split('\n').at(-1) ?? '';
    const auth = { authorization: `Bearer ${key}` };

    // REST through the gateway: the catalog over NATS, the account from the identity store
    const categories = await fetch(`${api}/categories`);
    expect(categories.status).toBe(200);
    expect(await json(categories)).toBeTruthy();
    const me = await fetch(`${api}/me`, { headers: auth });
    expect(me.status).toBe(200);
    const account = await json(me);
    expect(account).toMatchObject({ email: 'alice@example.com' });
    // search on Typesense: nothing yet (no demo catalog), but answered
    const search = await fetch(`${api}/listings?q=anything`);
    expect(search.status).toBe(200);

    // the site
    const home = await fetch(`${web}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toMatch(/<html/i);

    // MCP: a public tool the catalog answers, and a signed-in one with the API key
    const client = new Client({ name: 'compose-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp), { requestInit: { headers: auth } }));
    try {
      const site = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(site.isError, JSON.stringify(site.content)).toBeFalsy();
      expect(site.structuredContent).toMatchObject({ counts: { live_listings: 0 } });
      const mine = await client.callTool({ name: 'get_account', arguments: {} });
      expect(mine.isError, JSON.stringify(mine.content)).toBeFalsy();
      expect(mine.structuredContent).toMatchObject({ email: 'alice@example.com' });
    } finally {
      await client.close();
    }

    // a draft crawled from the fixture site and drafted by its Temporal workflow, then submitted
    const post = (url: string, body?: unknown) =>
      fetch(`${api}${url}`, {
        method: 'POST',
        headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const created2 = await post('/drafts', { url: `http://${SITE_HOST}:8080/` });
    expect(created2.status, await created2.clone().text()).toBe(201);
    const { id } = await json(created2);
    const draft = await eventually(
      'the draft',
      async () => json(await fetch(`${api}/drafts/${id}`, { headers: auth })),
      (body) => body.status !== 'crawling' && body.status !== 'drafting',
      120_000,
    );
    expect(draft.status, JSON.stringify(draft)).toBe('ready');
    expect(draft.fields.name.value).toBe(FACTS.name);
    const submitted = await post(`/drafts/${id}/submit`);
    expect(submitted.status).toBe(200);
    const { listing_id: listingId } = await json(submitted);
    const listing = await json(await fetch(`${api}/me/listings/${listingId}`, { headers: auth }));
    expect(listing).toMatchObject({ status: 'draft', plan: 'none' });
    // commerce prices a launch of it
    const quote = await post('/orders/quote', {
      items: [{ product: 'launch', listing_id: listingId }],
      billing_country: 'US',
    });
    expect(quote.status).toBe(200);

    // the catalog's process killed (a crash, not a stop): compose's restart policy brings it back
    const catalog = (await services()).find((service) => service.Service === 'catalog')?.Name ?? '';
    const { pid } = await containerState(catalog);
    process.kill(pid, 'SIGKILL');
    await eventually(
      'the catalog restarted',
      async () =>
        Number(await run(DOCKER, ['inspect', '-f', '{{.RestartCount}}', catalog]).then((r) => r.stdout.trim())),
      (count) => count >= 1,
      60_000,
    );
    await allHealthy();
    // nothing lost: the listing (the catalog's events in its SQLite event store on its volume, its
    // read model in FerretDB), the draft and the account
    const after = await eventually(
      'the listing after the restart',
      async () => fetch(`${api}/me/listings/${listingId}`, { headers: auth }),
      (answer) => answer.status === 200,
      60_000,
    );
    expect(await json(after)).toMatchObject({ id: listing.id, slug: listing.slug, status: 'draft' });
    expect(await json(await fetch(`${api}/drafts/${id}`, { headers: auth }))).toMatchObject({
      id,
      status: 'ready',
    });
    const again = await fetch(`${api}/me`, { headers: auth });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ id: account.id, email: 'alice@example.com' });
  }, 420_000);
});
