import { listOAuthGrants, type OAuthGrantSummary, revokeOAuthGrant } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';

/**
 * The connected apps routes against a stand-in identity on an in-process bus: two people, each
 * with a grant, and identity's rule that a session lists and revokes only its own grants. The real
 * identity (and the tokens a revoke kills) is proven in services/gateway/test/people.test.ts and
 * end to end in launcher/test/e2e/web-oauth-apps.test.ts.
 */
const grantOf = (grantId: string, owner: string, name: string | null): OAuthGrantSummary & { owner: string } => ({
  owner,
  grant_id: grantId,
  client_id: `client-${grantId}`,
  client_name: name,
  client_uri: 'https://agent.example/',
  scopes: ['account:read', 'orders:write'],
  resources: ['http://localhost:3000/api/v1'],
  granted_at: '2026-11-25T12:34:56.000Z',
});

describe('the /me/apps routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  let grants: ReturnType<typeof grantOf>[] = [];
  const revokes: { session_token: string; grant_id: string }[] = [];
  const who = (token: string) => [ALICE, BOB].find((p) => p.token === token);
  const unauthorized = { status: 401, problem: { type: 'about:blank', title: 'Unauthorized', status: 401 } };

  beforeAll(async () => {
    await serveSessions(bus);
    await bus.serve(listOAuthGrants.subject, async (payload) => {
      const person = who((payload as { session_token: string }).session_token);
      if (!person) return unauthorized;
      return {
        status: 200,
        body: { grants: grants.filter((g) => g.owner === person.account).map(({ owner: _, ...g }) => g) },
      };
    });
    await bus.serve(revokeOAuthGrant.subject, async (payload) => {
      const request = payload as { session_token: string; grant_id: string };
      revokes.push(request);
      const person = who(request.session_token);
      if (!person) return unauthorized;
      const found = grants.find((g) => g.grant_id === request.grant_id && g.owner === person.account);
      if (!found)
        return {
          status: 404,
          problem: { type: 'about:blank', title: 'Not found', status: 404, detail: 'no such app' },
        };
      grants = grants.filter((g) => g !== found);
      return { status: 200, body: { revoked: true } };
    });
    app = await startWebApp(bus);
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    grants = [grantOf('grant-alice', ALICE.account, 'Agent <b>One</b>'), grantOf('grant-bob', BOB.account, 'Bob Bot')];
    revokes.length = 0;
  });

  const as = (person: typeof ALICE | null) => (person ? { cookie: `ld_session=${person.token}` } : {});
  const revoke = (person: typeof ALICE | null, form: Record<string, string>, headers = {}) =>
    app.inject({
      method: 'POST',
      url: '/me/apps/revoke',
      headers: { ...as(person), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('when nobody is signed in then the page goes to sign-in and comes back', async () => {
    const page = await app.inject({ url: '/me/apps' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/signin/email?next=${encodeURIComponent('/me/apps')}`);
  });

  it('when a person opens the page then it lists their own apps only: the name (as text), its site, each scope in words, when', async () => {
    const page = await app.inject({ url: '/me/apps', headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<strong>Agent &lt;b>One&lt;/b></strong>');
    expect(page.body).toContain('href="https://agent.example/"');
    expect(page.body).toContain('Read your account, drafts, listings, claims and orders (<code>account:read</code>)');
    expect(page.body).toContain('Quote orders and create checkout links (<code>orders:write</code>)');
    expect(page.body).toContain('<time datetime="2026-11-25T12:34:56.000Z">2026-11-25 12:34 UTC</time>');
    expect(page.body).toContain(`name="csrf" value="${ALICE.csrf}"`);
    expect(page.body).not.toContain('grant-bob');
    const empty = await app.inject({ url: '/me/apps', headers: as(BOB) });
    expect(empty.body).not.toContain('grant-alice');
  });

  it('when a revoke has no token, another session’s token or comes from another site then it is refused with 403 before identity is asked', async () => {
    expect((await revoke(ALICE, { grant_id: 'grant-alice' })).statusCode).toBe(403);
    expect((await revoke(ALICE, { grant_id: 'grant-alice', csrf: BOB.csrf })).statusCode).toBe(403);
    const crossSite = await revoke(
      ALICE,
      { grant_id: 'grant-alice', csrf: ALICE.csrf },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(revokes).toEqual([]);
    expect(grants.map((g) => g.grant_id)).toEqual(['grant-alice', 'grant-bob']);
  });

  it('when a person revokes their app then identity is asked with their session and the list says it is gone', async () => {
    const answer = await revoke(ALICE, { grant_id: 'grant-alice', csrf: ALICE.csrf });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/me/apps?revoked');
    expect(revokes).toEqual([{ session_token: ALICE.token, grant_id: 'grant-alice' }]);
    const page = await app.inject({ url: answer.headers.location as string, headers: as(ALICE) });
    expect(page.body).toContain('The app is disconnected');
    expect(page.body).toContain('No connected apps.');
  });

  it('when a person posts someone else’s grant id then nothing is revoked and they are told it is not theirs; a malformed id is not sent', async () => {
    const answer = await revoke(ALICE, { grant_id: 'grant-bob', csrf: ALICE.csrf });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/me/apps?missing');
    expect(grants.map((g) => g.grant_id)).toEqual(['grant-alice', 'grant-bob']);
    const page = await app.inject({ url: answer.headers.location as string, headers: as(ALICE) });
    expect(page.body).toContain('not connected to your account');
    revokes.length = 0;
    expect((await revoke(ALICE, { grant_id: '../x', csrf: ALICE.csrf })).headers.location).toBe('/me/apps?missing');
    expect(revokes).toEqual([]);
  });
});
