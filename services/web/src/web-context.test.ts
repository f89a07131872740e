import { manualClock } from '@listings/platform/clock';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html } from './html.ts';
import type { CatalogClient } from './operation-clients.ts';
import { createWebContext, PAGE_CACHE } from './web-context.ts';

/**
 * The page cache as a route sees it: a page whose content is a counter the test moves, built by a
 * function that counts its calls and waits until the test lets it finish.
 */
describe('anonymous pages: the two-second cache, then stale-while-revalidate', () => {
  const clock = manualClock('2026-11-27T12:00:00.000Z');
  // no site information: the pages use the fallback frame
  const catalog: CatalogClient = {
    call: async () => ({
      ok: false,
      status: 503,
      detail: 'not here',
      errors: [],
      problem: { type: '/api/v1/problems/service-unavailable', title: 'Service unavailable', status: 503 },
      unanswered: true,
    }),
  };
  let app: FastifyInstance;
  let content = 'one';
  let status = 200;
  let builds = 0;
  /** the builds waiting to finish: each resolves when the test calls it */
  let gates: (() => void)[] = [];
  let gated = false;
  const built: Promise<void>[] = [];

  beforeEach(async () => {
    content = 'one';
    status = 200;
    builds = 0;
    gates = [];
    gated = false;
    built.length = 0;
    const web = createWebContext({ catalog, clock, publicUrl: 'http://site.test', viewerOf: () => null });
    app = Fastify();
    app.get('/page', async (request, reply) =>
      web.page(request, reply, async () => {
        builds++;
        const shown = content;
        if (gated) {
          const { promise, resolve } = Promise.withResolvers<void>();
          gates.push(resolve);
          built.push(promise);
          await promise;
        }
        return { tree: html`<p>content ${shown}</p>`, status };
      }),
    );
    await app.ready();
  });
  afterEach(() => app.close());

  const get = async () => {
    const response = await app.inject({ method: 'GET', url: '/page' });
    return { status: response.statusCode, body: response.body };
  };
  /** waits until `count` builds have started (each is gated) */
  const buildsStarted = async (count: number) => {
    while (gates.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  it('when a page is asked for within two seconds then it is not built again', async () => {
    expect((await get()).body).toContain('content one');
    content = 'two';
    clock.advance(PAGE_CACHE.ttlMs - 1);
    expect((await get()).body).toContain('content one');
    expect(builds).toBe(1);
  });

  it('when a page is past its two seconds then the visitor gets it at once and the next one the new rendering', async () => {
    await get();
    content = 'two';
    clock.advance(PAGE_CACHE.ttlMs);
    gated = true;
    // the stale page, while the new one is being built (and not finished)
    expect((await get()).body).toContain('content one');
    await buildsStarted(1);
    expect((await get()).body).toContain('content one');
    expect(builds).toBe(2); // one rendering again, not one per visitor
    gated = false;
    gates[0]?.();
    await Promise.all(built);
    // the rendering lands in the cache once its build is done
    while ((await get()).body.includes('content one')) await new Promise((resolve) => setImmediate(resolve));
    expect((await get()).body).toContain('content two');
    expect(builds).toBe(2);
  });

  it('when a page is older than its stale time then the visitor waits for a new rendering', async () => {
    await get();
    content = 'two';
    clock.advance(PAGE_CACHE.ttlMs + PAGE_CACHE.staleMs);
    expect((await get()).body).toContain('content two');
    expect(builds).toBe(2);
  });

  it('when the page is rendered again as an error then the stale page is not sent again', async () => {
    await get();
    clock.advance(PAGE_CACHE.ttlMs);
    status = 404;
    gated = true;
    expect((await get()).status).toBe(200);
    await buildsStarted(1);
    gated = false;
    gates[0]?.();
    await Promise.all(built);
    let answer = await get();
    while (answer.status === 200) answer = await get();
    expect(answer.status).toBe(404);
  });

  it('when visitors ask for a page being rendered then they share that rendering', async () => {
    gated = true;
    const answers = [get(), get(), get()];
    await buildsStarted(1);
    gates[0]?.();
    const bodies = (await Promise.all(answers)).map((answer) => answer.body);
    expect(builds).toBe(1);
    expect(bodies.every((body) => body.includes('content one'))).toBe(true);
  });
});
