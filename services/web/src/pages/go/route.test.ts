import { recordOutboundClick } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, NOT_FOUND_REPLY, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';

/**
 * `/go/{slug}` on the site: a 302 to the URL catalog names for the listing (its own), never
 * anywhere a request names; the owner's `ref` appended; who clicked sent as the account, the
 * visitor cookie or the client. Catalog's counting rules are proven in
 * services/catalog/test/outbound-clicks.test.ts.
 */
describe('outbound links (/go/{slug})', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const asked: { slug: string; visitor: string; user_agent: string | null }[] = [];
  beforeAll(async () => {
    await serveSessions(bus);
    await bus.serve(recordOutboundClick.subject, async (payload) => {
      const request = payload as (typeof asked)[number];
      asked.push(request);
      if (request.slug !== 'tool') return NOT_FOUND_REPLY;
      return { status: 200, body: { url: 'https://tool.example/app?lang=en', counted: true } };
    });
    app = await startWebApp(bus);
  });
  beforeEach(() => {
    asked.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });
  const go = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'user-agent': 'Browser/1', ...headers } });

  it("when someone follows a listing's link then 302 to the listing's own URL, not cached", async () => {
    const r = await go('/go/tool');
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('https://tool.example/app?lang=en');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([{ slug: 'tool', visitor: expect.stringMatching(/^client:/), user_agent: 'Browser/1' }]);
  });

  it("when the link carries the owner's ref then it is appended to the listing's URL as a query parameter", async () => {
    const r = await go('/go/tool?ref=spring-newsletter');
    expect(r.headers.location).toBe('https://tool.example/app?lang=en&ref=spring-newsletter');
  });

  it.each([
    ['too long', `ref=${'a'.repeat(65)}`],
    ['another URL', `ref=${encodeURIComponent('https://evil.example/')}`],
    ['two refs', 'ref=a&ref=b'],
    ['empty', 'ref='],
  ])('when the ref is %s then 400 naming ref, and no click is counted', async (_name, query) => {
    const r = await go(`/go/tool?${query}`);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('ref:');
    expect(asked).toEqual([]);
  });

  it('when the link names a place to go then it is ignored: only the listing URL is ever a target', async () => {
    for (const url of ['/go/tool?to=https://evil.example/', '/go/tool?url=//evil.example', '/go/tool/..%2f..%2fevil']) {
      const r = await go(url);
      if (r.statusCode === 302) expect(r.headers.location).toBe('https://tool.example/app?lang=en');
      else expect(r.statusCode).toBe(404);
    }
  });

  it('when the slug names no public listing then the 404 page', async () => {
    const r = await go('/go/nothing-here');
    expect(r.statusCode).toBe(404);
    expect(r.headers.location).toBeUndefined();
  });

  it('when the visitor is signed in or carries the visitor cookie then that is who clicked', async () => {
    await go('/go/tool', { cookie: `ld_session=${ALICE.token}` });
    await go('/go/tool', { cookie: `ld_visitor=${'v'.repeat(22)}` });
    expect(asked.map((a) => a.visitor)).toEqual([`account:${ALICE.account}`, `cookie:${'v'.repeat(22)}`]);
  });
});
