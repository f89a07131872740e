import { verifyEmailClaim } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../app.ts';

/**
 * The claim link page against a stand-in claims service on an in-process bus (what the real one
 * answers is proven in services/claims/test/claims-service.test.ts): GET only shows the button,
 * POST verifies, and each answer of claims is a page that says what happened.
 */
const TOKEN = 'V'.repeat(43);
const form = (token: string) => ({
  method: 'POST' as const,
  url: '/claims/verify-email',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: `token=${token}`,
});

describe('the claim link page (/claims/verify-email)', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const asked: string[] = [];
  /** what claims answers next */
  let answer: object = { status: 200, body: { claim_id: 7, slug: 'acme-widgets', status: 'verified' } };

  beforeAll(async () => {
    await bus.serve(verifyEmailClaim.subject, async (payload) => {
      asked.push((payload as { token: string }).token);
      return answer;
    });
    app = await buildWebApp({ bus, publicUrl: 'http://directory.test', logger: silentLogger() });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when the link is opened then the page only offers the button, in the site layout, and verifies nothing', async () => {
    const page = await app.inject({ method: 'GET', url: `/claims/verify-email?token=${TOKEN}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("'nonce-");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('class="site-header"');
    expect(page.body).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
    expect(asked).toEqual([]);
  });

  it('when the button is pressed then claims verifies it and the page links to the listing', async () => {
    const done = await app.inject(form(TOKEN));
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Claim verified</h1>');
    expect(done.body).toContain('<a href="/listings/acme-widgets">acme-widgets</a>');
    expect(asked).toEqual([TOKEN]);
  });

  it('when claims refuses then the page says why with its status, and a malformed token asks nothing', async () => {
    const problem = (status: number) => ({ status, problem: { type: 'about:blank', title: 'refused', status } });
    answer = problem(410);
    const expired = await app.inject(form(TOKEN));
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link expired; start a new claim.');
    answer = problem(409);
    const taken = await app.inject(form(TOKEN));
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('already verified by its owners');
    const before = asked.length;
    const bad = await app.inject(form('not-a-token'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link is not valid.');
    expect(asked).toHaveLength(before);
  });

  it('when claims does not answer then the page is 503', async () => {
    const lone = createInProcessBus();
    const alone = await buildWebApp({ bus: lone, publicUrl: 'http://directory.test', logger: silentLogger() });
    const r = await alone.inject(form(TOKEN));
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('Claims are not answering');
    await alone.close();
    await lone.close();
  });
});
