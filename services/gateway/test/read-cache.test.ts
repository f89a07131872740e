import { readModelChanged } from '@listings/contracts';
import { createInProcessBus, encodedOnce } from '@listings/platform/bus';
import { createLogger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';
import { afterEach, describe, expect, it } from 'vitest';
import { accountWithKey, buildTestApp } from './support.ts';

/**
 * The REST edge's read cache (packages/platform/src/edge/read-cache.ts, on the lean path:
 * src/routes/lean-reads.ts): an anonymous public read is answered from what the edge kept until
 * the catalog tells of a change; a caller with a credential is always asked of the service.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the REST edge with its read cache on', () => {
  /** a gateway in front of a catalog that counts its calls and tells of its changes as the real one does */
  const gateway = async () => {
    const bus = createInProcessBus();
    let sites = 0;
    let live = 1;
    const served = await serveOperations({
      service: 'catalog',
      bus,
      logger: createLogger({ name: 'catalog', level: 'silent' }),
      handlers: {
        get_site_info: async () => {
          sites++;
          return encodedOnce({ counts: { live_listings: live } });
        },
      },
    });
    const app = await buildTestApp(bus, { readCacheTtlMs: 60_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      await app.close();
      await served.stop();
      await bus.close();
    });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/site`;
    const get = async (headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      return { status: response.status, body: await response.json(), headers: response.headers };
    };
    /** the catalog's read model changes, and it tells the edges (before any answer that reads it) */
    const change = async () => {
      live++;
      bus.notify(readModelChanged.subjectOf('catalog'), null);
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { app, get, change, sites: () => sites };
  };

  it('answers an anonymous read again without asking the catalog, with its own rate-limit headers each time', async () => {
    const { get, sites } = await gateway();
    const first = await get();
    const second = await get();
    expect(second.body).toEqual(first.body);
    for (const header of ['content-type', 'content-length', 'ratelimit-policy'])
      expect(second.headers.get(header), header).toBe(first.headers.get(header));
    expect(sites()).toBe(1);
    // the rate limit still counts every request
    expect(first.headers.get('ratelimit')).not.toBe(second.headers.get('ratelimit'));
  });

  it('shows a change as soon as the catalog tells of it', async () => {
    const { get, change, sites } = await gateway();
    expect((await get()).body).toEqual({ counts: { live_listings: 1 } });
    await change();
    expect((await get()).body).toEqual({ counts: { live_listings: 2 } });
    expect(sites()).toBe(2);
  });

  it('asks the catalog every time for a caller with a credential, and refuses a bad one every time', async () => {
    const { app, get, sites } = await gateway();
    await get();
    const { authorization } = await accountWithKey(app, 'reader@example.com');
    expect((await get({ authorization })).status).toBe(200);
    expect((await get({ authorization })).status).toBe(200);
    expect(sites()).toBe(3);
    expect((await get({ authorization: 'Bearer not-a-key' })).status).toBe(401);
  });
});
