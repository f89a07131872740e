import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OperationReply } from '@listings/contracts';
import { connectNatsBus } from '@listings/platform/bus';
import { newIdentitySecrets } from '@listings/platform/edge';
import { silentLogger } from '@listings/platform/logger';
import { type RunningDevInfra, startDevInfra } from '@listings/platform/testing/dev-infra';
import { ferretDbMissing } from '@listings/platform/testing/ferretdb-server';
import { freePort } from '@listings/platform/testing/free-port';
import { natsServerBinary } from '@listings/platform/testing/nats-server';
import { startTestSmtpServer, type TestSmtpServer } from '@listings/platform/testing/smtp-server';
import { temporalSkipReason } from '@listings/platform/testing/temporal-server';
import { TYPESENSE_INSTALL_HINT, typesenseServerAvailable } from '@listings/platform/testing/typesense-server';
import { until } from '@listings/platform/testing/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS, type FixtureSite, startFixtureSite } from '../../../services/drafting/test/support/fixture-site.ts';
import {
  authorize,
  discover,
  exchangeCode,
  registerClient,
  signUp,
} from '../../../services/gateway/test/oauth-client.ts';
import { toolCall } from '../../../services/mcp-gateway/test/support/tool-call.ts';
import { type Child, startServiceProcess, stopServiceProcess } from '../../src/cluster.ts';
import { formClient, hidden } from './web-support.ts';

/**
 * Issue #28, item 5: production on many nodes, proven across processes. Two replicas of every
 * edge (gateway, web, mcp-gateway) and of every service (catalog, drafting, commerce, claims), each process with
 * its own DATA_DIR, on the production stores' stand-ins (nats-server, FerretDB, Typesense, the
 * Temporal dev server) and a test SMTP server. The replicas of a service share nothing but the
 * SQLite event store that stands in for KurrentDB (EVENTS_DIR). What one replica records, another
 * serves: a person, a session, an API key, an OAuth client and its tokens, a draft's crawled pages.
 * Afterwards no process has written a file but that event store.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

const missing = [
  natsServerBinary() === undefined ? 'nats-server is not installed (scripts/stand-ins/typesense-nats.sh)' : null,
  ferretDbMissing() ?? null,
  typesenseServerAvailable() ? null : TYPESENSE_INSTALL_HINT,
  temporalSkipReason('dev'),
].filter((reason): reason is string => reason !== null);
if (missing.length > 0) console.warn(`replicas on the production stores skipped: ${missing.join('; ')}`);

/** every file under `dir`, relative to it (none when it was never made) */
const filesUnder = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();

const SERVICES = ['catalog', 'drafting', 'commerce', 'claims'] as const;
const PERSON = { email: 'replicas@example.com', name: 'Replica Person', password: 'correct horse battery staple' };

describe.skipIf(missing.length > 0)('two replicas of every process on the production stores', () => {
  let root: string;
  let infra: RunningDevInfra | undefined;
  let smtp: TestSmtpServer | undefined;
  let site: FixtureSite | undefined;
  /** every process started, by its name (`catalog-1`, `gateway-2`, ...) */
  const processes = new Map<string, Child>();
  /** each process's own DATA_DIR */
  const dataDirs = new Map<string, string>();
  /** each service replica's /healthz, /readyz and /metrics port */
  const opsPorts = new Map<string, number>();
  let common: Record<string, string> = {};
  const origins: Record<'gateway-1' | 'gateway-2' | 'web-1' | 'web-2' | 'mcp-gateway-1' | 'mcp-gateway-2', string> = {
    'gateway-1': '',
    'gateway-2': '',
    'web-1': '',
    'web-2': '',
    'mcp-gateway-1': '',
    'mcp-gateway-2': '',
  };

  /** one replica: its own DATA_DIR, everything else in common */
  const start = async (name: string, extra: Record<string, string> = {}) => {
    const service = name.replace(/-\d+$/, '');
    const dataDir = path.join(root, 'processes', name);
    dataDirs.set(name, dataDir);
    const child = startServiceProcess(
      service,
      { ...process.env, ...common, DATA_DIR: dataDir, ...extra },
      silentLogger(),
    );
    processes.set(name, child);
    const ready = await child.ready;
    if (ready.opsPort !== undefined) opsPorts.set(name, ready.opsPort);
    return ready;
  };
  const stop = async (name: string) => {
    const child = processes.get(name);
    if (child) await stopServiceProcess(child.process);
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
    infra = await startDevInfra({ dataDir: path.join(root, 'stores'), ports: 'free' });
    smtp = await startTestSmtpServer();
    site = await startFixtureSite();
    const secrets = newIdentitySecrets();
    const [gateway1, gateway2, web1, web2, mcp1, mcp2] = await Promise.all(Array.from({ length: 6 }, () => freePort()));
    origins['gateway-1'] = `http://127.0.0.1:${gateway1}`;
    origins['gateway-2'] = `http://127.0.0.1:${gateway2}`;
    origins['web-1'] = `http://127.0.0.1:${web1}`;
    origins['web-2'] = `http://127.0.0.1:${web2}`;
    origins['mcp-gateway-1'] = `http://127.0.0.1:${mcp1}`;
    origins['mcp-gateway-2'] = `http://127.0.0.1:${mcp2}`;
    common = {
      LOG_LEVEL: 'error',
      DEMO_DATA: 'off',
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      MONGO_DB: 'replicas_test',
      ...infra.env,
      // the one thing replicas of a service share on disk: the stand-in for KurrentDB
      EVENTS_DIR: path.join(root, 'events'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // the keys every gateway replica signs and checks with (a Kubernetes Secret in production)
      OAUTH_JWKS: JSON.stringify(secrets.jwks),
      COOKIE_KEYS: secrets.cookieKeys.join(','),
      // one public origin, as behind a load balancer: the OAuth issuer every replica names
      PUBLIC_URL: origins['gateway-1'],
      OPS_PORT: '0',
    };
    // the services side by side (the second drafting replica joins later: see the pages test), then the edges
    await Promise.all(
      SERVICES.flatMap((service) => (service === 'drafting' ? ['drafting-1'] : [`${service}-1`, `${service}-2`])).map(
        (name) => start(name),
      ),
    );
    await Promise.all([start('gateway-1', { PORT: String(gateway1) }), start('gateway-2', { PORT: String(gateway2) })]);
    await Promise.all([
      start('web-1', { PORT: String(gateway1), WEB_PORT: String(web1) }),
      start('web-2', { PORT: String(gateway2), WEB_PORT: String(web2) }),
      start('mcp-gateway-1', { PORT: String(gateway1), MCP_PORT: String(mcp1), GATEWAY_URL: origins['gateway-1'] }),
      start('mcp-gateway-2', { PORT: String(gateway2), MCP_PORT: String(mcp2), GATEWAY_URL: origins['gateway-2'] }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((child) => stopServiceProcess(child.process)));
    await site?.close();
    await smtp?.close();
    await infra?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  /** REST on one gateway replica */
  const api = (gateway: 'gateway-1' | 'gateway-2', auth: string | null, method: string, url: string, body?: unknown) =>
    fetch(`${origins[gateway]}/api/v1${url}`, {
      method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  let apiKey = '';

  it('when a person signs up on one web replica then they sign in on the other, and an API key made through one gateway works through the other', async () => {
    const made = await signUp(origins['web-1'], PERSON);
    expect(made.status).toBe(303);

    const other = formClient(origins['web-2']);
    const signedIn = await other.go('/signin', {
      method: 'POST',
      form: { email: PERSON.email, password: PERSON.password, next: '/me' },
    });
    expect(signedIn).toMatchObject({ status: 303, location: '/me' });
    const me = await other.go('/me');
    expect(me.status).toBe(200);
    expect(me.text).toContain(PERSON.email);

    // the key, made on the second web replica (which asks a gateway replica over NATS)
    const key = await other.go('/me/api-keys', {
      method: 'POST',
      form: {
        csrf: hidden(me.text, 'csrf'),
        form_id: hidden(me.text, 'form_id'),
        name: 'replicas',
        scopes: 'account:read',
      },
    });
    expect(key.status).toBe(201);
    apiKey = /id="new-api-key">([^<]+)</.exec(key.text)?.[1] as string;
    expect(apiKey).toMatch(/\S{20,}/);
    // each gateway replica knows the key: whichever made it, the other reads it from the store
    for (const gateway of ['gateway-1', 'gateway-2'] as const) {
      const answer = await api(gateway, `Bearer ${apiKey}`, 'GET', '/me');
      expect(answer.status, gateway).toBe(200);
      expect(await json(answer)).toMatchObject({ email: PERSON.email });
    }
    // and each MCP gateway replica, which asks a gateway replica over NATS who the key is
    for (const mcp of ['mcp-gateway-1', 'mcp-gateway-2'] as const) {
      const answer = await fetch(
        `${origins[mcp]}/mcp`,
        toolCall('list_my_drafts', {}, { authorization: `Bearer ${apiKey}` }),
      );
      expect(answer.status, mcp).toBe(200);
      expect(await answer.text(), mcp).toContain('"items":[]');
    }
  });

  it('when an OAuth client registers through one gateway then the other runs its authorization and token flow, and the token works on both', async () => {
    const redirectUri = 'http://127.0.0.1:9/callback';
    const first = await discover(origins['gateway-1']);
    const client = await registerClient(first, redirectUri, 'Replica Agent');
    // the same endpoints, on the other replica
    const onSecond = Object.fromEntries(
      Object.entries(first).map(([k, v]) => [
        k,
        typeof v === 'string' && k.endsWith('_endpoint') ? v.replace(origins['gateway-1'], origins['gateway-2']) : v,
      ]),
    ) as typeof first;
    const resource = `${origins['gateway-1']}/api/v1`;
    const result = await authorize({
      as: onSecond,
      issuerUrl: origins['gateway-2'],
      clientId: client.client_id,
      redirectUri,
      resource,
      scope: 'account:read',
      person: PERSON,
    });
    expect(result.kind, result.kind === 'error' ? result.html.slice(0, 400) : '').toBe('callback');
    const grant = await exchangeCode({ as: onSecond, client, result, redirectUri, resource });
    for (const gateway of ['gateway-1', 'gateway-2'] as const) {
      const answer = await api(gateway, `Bearer ${grant.access_token}`, 'GET', '/me');
      expect(answer.status, gateway).toBe(200);
      expect(await json(answer)).toMatchObject({ email: PERSON.email });
    }
  });

  it("when a draft's site was crawled by one drafting replica then the other, which never saw it, redrafts from its pages", async () => {
    // as a gateway replica asks drafting after authenticating someone: over NATS, the queue group
    // giving each request to one drafting replica
    const bus = await connectNatsBus({ servers: common.NATS_URL as string, name: 'replicas-test' });
    try {
      const principal = {
        account_id: 'acct-replicas-drafts',
        scopes: ['account:read', 'listings:write'],
        via: 'api_key',
      };
      const ask = async (operation: string, params: Record<string, unknown>, body?: unknown) =>
        (await bus.request(`drafting.${operation}`, {
          operation_id: operation,
          principal,
          params,
          query: {},
          ...(body === undefined ? {} : { body }),
        })) as OperationReply;
      const draftOf = async (id: string) => {
        const reply = await ask('get_draft', { id });
        // biome-ignore lint/suspicious/noExplicitAny: the draft as the API shows it
        return ('body' in reply ? reply.body : reply) as any;
      };

      // only drafting-1 runs: it crawls the site (its workflow's activities on Temporal)
      const created = await ask('submit_listing', {}, { url: site?.url });
      expect(created.status, JSON.stringify(created)).toBe(201);
      const { id } = (created as { body: { id: string } }).body;
      const crawled = await until(
        () => draftOf(id),
        (draft) => draft.status !== 'crawling' && draft.status !== 'drafting',
        { tries: 300 },
      );
      expect(crawled).toMatchObject({ status: 'ready', fields: { name: { value: FACTS.name } } });

      // drafting-1 goes away; drafting-2, with an empty DATA_DIR of its own, redrafts from the
      // pages drafting-1 stored (GridFS), answering every request meanwhile
      await stop('drafting-1');
      await start('drafting-2');
      const asked = await ask('update_draft', { id }, { regenerate: ['name'] });
      expect(asked.status, JSON.stringify(asked)).toBe(200);
      const redrafted = await until(
        () => draftOf(id),
        (draft) => draft.status === 'ready' && draft.regenerating?.length === 0,
        { tries: 300 },
      );
      expect(redrafted.fields.name).toMatchObject({ value: FACTS.name });
    } finally {
      await bus.close();
    }
  }, 180_000);

  it('when requests for a service arrive then its replicas share them (NATS queue group): each answers some', async () => {
    const bus = await connectNatsBus({ servers: common.NATS_URL as string, name: 'replicas-test-spread' });
    try {
      for (let i = 0; i < 40; i++) {
        const reply = (await bus.request('catalog.get_site_info', {
          operation_id: 'get_site_info',
          principal: { account_id: null, scopes: [], via: 'anonymous' },
          params: {},
          query: {},
        })) as OperationReply;
        expect(reply.status).toBe(200);
      }
    } finally {
      await bus.close();
    }
    /** how many get_site_info requests a catalog replica answered, from its /metrics */
    const answered = async (name: string) => {
      const metrics = await (await fetch(`http://127.0.0.1:${opsPorts.get(name)}/metrics`)).text();
      const line = metrics
        .split('\n')
        .find(
          (l) =>
            l.startsWith('listings_bus_handler_duration_seconds_count{') &&
            l.includes('subject="catalog.get_site_info"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const [first, second] = [await answered('catalog-1'), await answered('catalog-2')];
    expect(first + second).toBeGreaterThanOrEqual(40);
    // 40 requests, each given to one of the two at random: both at zero is a 1 in 2^39 chance
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
  });

  it('when every replica has run then no process has written a file but the shared event store', async () => {
    // the processes stop first (a process may write on its way out)
    await Promise.all([...processes.values()].map((child) => stopServiceProcess(child.process)));
    const written = Object.fromEntries([...dataDirs].map(([name, dir]) => [name, filesUnder(dir)]));
    expect(written).toEqual(Object.fromEntries([...dataDirs.keys()].map((name) => [name, []])));
    // and that event store holds one log per service (with SQLite's WAL and SHM siblings at most)
    const events = filesUnder(path.join(root, 'events')).map((file) => file.replace(/-(wal|shm)$/, ''));
    expect([...new Set(events)].sort()).toEqual(SERVICES.map((service) => `${service}/events.sqlite`).sort());
  }, 60_000);
});
