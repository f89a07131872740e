import { operationById } from '@listings/contracts';
import { type Bus, connectNatsBus, RequestTimeoutError } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toolCall } from '../../../services/mcp-gateway/test/support/tool-call.ts';
import { startCluster } from '../../src/cluster.ts';
import { CLUSTER_START_TIMEOUT_MS, createApiKey, tempDataDir, testConfig } from '../support.ts';

/**
 * Faults in cluster mode fail fast and heal (issue 16, item 11), under load: while NATS is down,
 * requests (a signed-in checkout with an Idempotency-Key among them) get 503 problem+json with
 * Retry-After at once, not after the request timeout; every request sent while it comes back
 * completes; once it is back the next requests succeed. Each service (catalog, drafting,
 * commerce, claims) killed with SIGKILL is restarted by the cluster's supervisor and answers
 * again, and meanwhile its operations answer 503 with Retry-After, never a 500 or a hang.
 */
const available = natsServerAvailable();
if (!available) console.warn('faults test skipped: nats-server is not on the PATH');

/** polls until `check` passes (a restart or a reconnect takes its time); fails after `tries` */
const eventually = async <T>(attempt: () => Promise<T>, ok: (value: T) => boolean, tries = 150): Promise<T> => {
  let last: T | undefined;
  for (let i = 0; i < tries; i++) {
    last = await attempt();
    if (ok(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`still not ready: ${JSON.stringify(last)}`);
};

interface Answer {
  readonly what: string;
  readonly status: number;
  readonly ms: number;
  readonly retryAfter: string | null;
  readonly type: string;
  /** when it was sent (performance.now()) */
  readonly sentAt: number;
}

/** what a request answered and how long it took */
const timed = async (what: string, send: () => Promise<Response>): Promise<Answer> => {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return {
    what,
    status: response.status,
    ms: performance.now() - started,
    sentAt: started,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type') ?? '',
  };
};

/**
 * Load: `workers` loops, each sending the requests in turn until stopped; `stop` resolves to every
 * answer, the requests in flight at that moment included (awaited, so a hung one would show).
 */
const load = (requests: readonly (readonly [string, () => Promise<Response>])[], workers = 3) => {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; running; i++) {
      const [what, send] = requests[i % requests.length] as (typeof requests)[number];
      answers.push(await timed(what, send));
    }
  });
  const traffic = {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
  runningLoad = traffic;
  return traffic;
};
/** the load a test runs, stopped after it whatever happened */
let runningLoad: { stop(): Promise<Answer[]> } | undefined;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

describe.skipIf(!available)('faults in cluster mode', () => {
  const data = tempDataDir();
  let nats: RunningNatsServer;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let base: string;
  let key: string;
  /** a plain client of the bus, to see when nats-server itself knows a killed service is gone */
  let probeBus: Bus;
  // the edges' request timeout (10 s by default): a 503 that waited for it would show
  const REQUEST_TIMEOUT_MS = 10_000;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: `${data.dir}/nats` });
    const settings = {
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      PORT: '0',
      DATA_DIR: data.dir,
      NATS_URL: nats.url,
      RATE_LIMIT_AUTHENTICATED: '1000000/60',
      RATE_LIMIT_ANONYMOUS: '1000000/60',
    };
    cluster = await startCluster(testConfig(settings), silentLogger(), { ...process.env, ...settings });
    base = `http://127.0.0.1:${cluster.port}/api/v1`;
    key = await createApiKey(settings, 'faults@example.com', 'account:read,orders:write');
    probeBus = await connectNatsBus({ servers: nats.url, name: 'faults-probe' });
  }, CLUSTER_START_TIMEOUT_MS);
  afterEach(async () => {
    await runningLoad?.stop();
  });
  afterAll(async () => {
    await probeBus?.close();
    await cluster?.stop();
    await nats?.stop();
    data.remove();
  });

  const signedIn = (route: string) => () => fetch(`${base}${route}`, { headers: { authorization: `Bearer ${key}` } });
  const anonymous = (route: string) => () => fetch(`${base}${route}`);
  const checkout = () =>
    fetch(`${base}/orders/checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': `k-${Date.now()}-${Math.random()}`,
      },
      body: JSON.stringify({ items: [{ product: 'paid-launch', listing_id: 1 }], billing_country: 'DE' }),
    });
  /** one operation of each service, and a checkout (the Idempotency-Key store is on NATS too) */
  const mixed = [
    ['catalog: GET /categories', anonymous('/categories')],
    ['drafting: GET /drafts', signedIn('/drafts')],
    ['commerce: POST /orders/checkout', checkout],
    ['claims: GET /claims', signedIn('/claims')],
    ['commerce: GET /products', anonymous('/products')],
  ] as const;

  /**
   * An outage's answers: 503 problem+json with Retry-After or an answer below 500, never another
   * 5xx; and none waits for the request timeout once the fault is known (`knownAt`: nats-server has
   * stopped, or has dropped the killed process's connection). A request already on its way when the
   * fault struck (sent before `knownAt`: handed to the process as it died, or to its subscription
   * before nats-server noticed, or published as nats-server shut down) can't be answered by anyone:
   * it waits for the timeout and is a 503 with Retry-After all the same. Answers the count of those.
   */
  const expectHonest = (answers: readonly Answer[], knownAt = Number.NEGATIVE_INFINITY): number => {
    let lost = 0;
    for (const answer of answers) {
      const line = JSON.stringify(answer);
      expect(answer.status === 503 || answer.status < 500, line).toBe(true);
      if (answer.sentAt >= knownAt) expect(answer.ms, line).toBeLessThan(REQUEST_TIMEOUT_MS / 2);
      else if (answer.ms >= REQUEST_TIMEOUT_MS / 2) lost++;
      expect(answer.ms, line).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      if (answer.status === 503) {
        expect(Number(answer.retryAfter), line).toBeGreaterThan(0);
        expect(answer.type, line).toContain('application/problem+json');
      }
    }
    return lost;
  };

  it('when NATS is down under load then a checkout is 503 with Retry-After at once; every request sent while it comes back completes, and then the next requests succeed', async () => {
    expect((await fetch(`${base}/categories`)).status).toBe(200);
    const traffic = load(mixed);
    await eventually(
      async () => traffic.answers.length,
      (n) => n >= 10,
    );
    await nats.stop();
    const knownAt = performance.now();

    // the must-show: a checkout with NATS down, timed
    const checkouts: Answer[] = [];
    for (let i = 0; i < 5; i++) checkouts.push(await timed('checkout while NATS is down', checkout));
    for (const refused of checkouts) {
      expect(refused.status).toBe(503);
      expect(refused.type).toContain('application/problem+json');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    const figures = checkouts.map((c) => Math.round(c.ms));
    console.log(
      `checkout with NATS down: 503 with Retry-After in ${figures.join(', ')} ms (median ${median(figures)})`,
    );
    // not the request timeout: the edge knew the bus was down (the must-show's bound is 1 s)
    expect(median(figures)).toBeLessThan(1_000);
    expect(Math.max(...figures)).toBeLessThan(REQUEST_TIMEOUT_MS / 4);

    // the other edges too: a signed-in MCP call (its sign-in asks the gateway over NATS) and a site page
    const mcp = toolCall('list_my_drafts', {}, { authorization: `Bearer ${key}` });
    const edges = [
      await timed('MCP tools/call', () => fetch(`http://127.0.0.1:${cluster.mcpPort}/mcp`, mcp)),
      await timed('site page', () => fetch(`http://127.0.0.1:${cluster.webPort}/`)),
    ];
    for (const answer of edges) expect(answer.status, answer.what).toBe(503);
    expectHonest(edges.filter((a) => a.what === 'MCP tools/call'));
    for (const answer of edges) expect(Number(answer.retryAfter), answer.what).toBeGreaterThan(0);

    const sentBeforeReturn = traffic.answers.length;
    nats = await startNatsServer({ storeDir: `${data.dir}/nats`, port: nats.port });
    await eventually(
      () => fetch(`${base}/categories`).then((r) => r.status),
      (status) => status === 200,
    );
    // signed in again too: the checkout reaches commerce (its answer is about the order, not an outage)
    const backAt = performance.now();
    const after = await eventually(checkout, (r) => r.status !== 503);
    expect(after.status).toBeLessThan(500);
    console.log(
      `checkout answered by commerce ${Math.round(performance.now() - backAt)} ms after the gateway was back`,
    );
    // and the next requests of every kind succeed
    for (const [what, send] of mixed) expect((await timed(what, send)).status, what).toBeLessThan(500);

    const answers = await traffic.stop();
    expect(answers.length).toBeGreaterThan(sentBeforeReturn);
    const lost = expectHonest(answers, knownAt);
    console.log(
      `under load: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} answered 503, ${lost} in flight as NATS stopped waited for the timeout; once it was down the slowest took ${Math.round(Math.max(0, ...answers.filter((a) => a.sentAt >= knownAt).map((a) => a.ms)))} ms`,
    );
  }, 180_000);

  /**
   * Waits until nats-server no longer hands the operation's requests to the killed process: a
   * request on its subject is refused at once (no responders) or answered (by the restarted
   * process) instead of timing out. nats-server learns of the dead connection a moment after the
   * process has exited (at once on an idle machine, later on a loaded one); a request published in
   * between goes to the dead subscription and waits for the timeout, like one sent just before the
   * kill, and no edge can know better than the bus.
   */
  const busKnowsItGone = async (operationId: string) => {
    const subject = operationById(operationId)?.subject as string;
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await probeBus.request(subject, {}, { timeoutMs: 250 });
        return;
      } catch (error) {
        if (!(error instanceof RequestTimeoutError)) return;
      }
    }
  };

  for (const [service, what, probe, operationId] of [
    // signed in: an anonymous public read may be answered from the edge's read cache for up to
    // EDGE_READ_CACHE_MS after a crash (docs/api-decisions.md); a caller with a credential is always
    // asked of the catalog, so its answers say whether the catalog is up
    ['catalog', 'GET /categories', signedIn('/categories'), 'list_categories'],
    ['drafting', 'GET /drafts', signedIn('/drafts'), 'list_my_drafts'],
    ['commerce', 'GET /products', anonymous('/products'), 'list_products'],
    ['claims', 'GET /claims', signedIn('/claims'), 'list_my_claims'],
  ] as const) {
    it(`when ${service} is killed under load then its operations answer 503 with Retry-After until the supervisor has restarted it`, async () => {
      expect((await probe()).status, what).toBe(200);
      const traffic = load(mixed);
      await eventually(
        async () => traffic.answers.length,
        (n) => n >= 10,
      );
      const before = cluster.processOf(service);
      expect(before?.pid).toBeGreaterThan(0);
      const exited = new Promise((resolve) => before?.once('exit', resolve));
      before?.kill('SIGKILL');
      await exited;
      // the fault is known once the bus knows it (a request sent before waits for its timeout)
      await busKnowsItGone(operationId);
      const knownAt = performance.now();
      const down = await timed(what, probe);
      // while it is down: an honest 503 (it is not answering), never a 500
      expectHonest([down], knownAt);
      await eventually(
        () => probe().then((r) => r.status),
        (status) => status === 200,
      );
      expect(cluster.processOf(service)?.pid).not.toBe(before?.pid);
      const answers = await traffic.stop();
      const lost = expectHonest(answers, knownAt);
      console.log(
        `${service} killed under load: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} answered 503, ${lost} in flight at the kill waited for the timeout; the first request after it answered ${down.status} in ${Math.round(down.ms)} ms`,
      );
      // the other services kept answering meanwhile
      const others = answers.filter((a) => !a.what.startsWith(service) && a.status < 500);
      expect(others.length, `${service} down: the others answered`).toBeGreaterThan(0);
    }, 120_000);
  }
});
