import { recordOutboundClick } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, NOT_FOUND_REPLY, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';

/**
 * `/go/{slug}` on the site: a 302 to the URL catalog names for the listing (its own, with the
 * owner's `ref`), never anywhere a request names; who clicked sent as the account, the
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
      return { status: 200, body: { url: 'https://tool.example/app?lang=en&ref=launch', counted: true } };
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
    expect(r.headers.location).toBe('https://tool.example/app?lang=en&ref=launch');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([{ slug: 'tool', visitor: expect.stringMatching(/^client:/), user_agent: 'Browser/1' }]);
  });

  it('when the link names a place to go or a ref of its own then it is ignored: only the URL catalog names is ever a target', async () => {
    for (const url of [
      '/go/tool?to=https://evil.example/',
      '/go/tool?url=//evil.example',
      '/go/tool?ref=someone-elses',
      '/go/tool/..%2f..%2fevil',
    ]) {
      const r = await go(url);
      if (r.statusCode === 302) expect(r.headers.location).toBe('https://tool.example/app?lang=en&ref=launch');
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
