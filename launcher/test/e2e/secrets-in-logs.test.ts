import { randomBytes } from 'node:crypto';
import { createLogger } from '@listings/platform/logger';
import { readOutbox } from '@listings/platform/mail';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { startInMemoryTracing } from '@listings/platform/testing/spans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor } from '../../../services/gateway/test/site-browser.ts';
import { startAllInOne } from '../../src/all-in-one.ts';
import { tempDataDir, testConfig } from '../support.ts';

/**
 * #27 item 8: a secret in a URL (the invite link's token, the claim email link's, the sign-in and
 * email confirmation links', an OAuth `state`) and the credentials (API key, session cookie) are in
 * no log line and no span of an end-to-end run: every line the all-in-one process logs, at debug,
 * and every span it traces are searched for every secret the run made or used.
 */
describe('secrets never reach the logs or the traces (all-in-one)', () => {
  const data = tempDataDir();
  const lines: string[] = [];
  let tracing: Awaited<ReturnType<typeof startInMemoryTracing>>;
  let running: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  let site: ProductSite;

  beforeAll(async () => {
    tracing = await startInMemoryTracing('secrets-in-logs');
    site = await startProductSite();
    const logger = createLogger({
      name: 'listings',
      level: 'debug',
      destination: { write: (line) => lines.push(line) },
    });
    running = await startAllInOne(
      testConfig({
        PORT: '0',
        DATA_DIR: data.dir,
        PUBLIC_URL: 'http://directory.test',
        FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      }),
      logger,
      { host: '127.0.0.1', traced: true },
    );
    base = `http://127.0.0.1:${running.port}`;
  }, 90_000);
  afterAll(async () => {
    await running?.stop();
    await tracing?.shutdown();
    await site?.close();
    data.remove();
  });

  const api = async (key: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };
  /** the path and query of the last link mailed to `to` that starts with `pathStart` */
  const mailed = async (to: string, pathStart: string): Promise<string> => {
    const mail = (await readOutbox(data.dir)).filter((m) => m.to === to && m.text.includes(pathStart)).at(-1);
    const url = mail?.text.split(/\s+/).find((word) => word.includes(pathStart));
    if (!url) throw new Error(`no ${pathStart} link mailed to ${to}`);
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  const sessionCookieOf = (response: { headers: Headers }) =>
    /(?:^|\s)(?:__Host-)?ld_session=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? '';

  it('when a run signs up, signs in by link, makes a key, invites a co-owner who accepts, and opens a claim link then none of their secrets is logged or traced', async () => {
    const secrets: Record<string, string> = {};

    // sign up with a password: the session cookie, and the mailed email confirmation link
    const owner = browserFor(base);
    const signedUp = await owner.submit('/signup', '/signup', {
      email: 'owner@example.com',
      password: 'a long enough password',
      next: '/me',
    });
    expect(signedUp.status).toBe(303);
    secrets.session = sessionCookieOf(signedUp);
    const confirmation = await mailed('owner@example.com', '/confirm-email');
    secrets.confirmation = new URLSearchParams(confirmation.split('?')[1]).get('token') as string;
    // opening the link shows a button; the post confirms (in the browser that signed up)
    expect((await owner.submit(confirmation, '/confirm-email', { token: secrets.confirmation })).status).toBeLessThan(
      400,
    );

    // an API key made on the account page, then used; another with listings:write for the draft below
    const keys = await owner.submit('/me', '/me/api-keys', {
      name: 'tools',
      scopes: 'account:read',
    });
    expect(keys.status).toBe(201);
    secrets.pageKey = /id="new-api-key">([^<]+)</.exec(keys.html)?.[1]?.trim() as string;
    expect((await api(secrets.pageKey, 'GET', '/me')).status).toBe(200);
    const { account } = await running.identity.store.ensureAccount('owner@example.com');
    secrets.apiKey = (
      await running.identity.store.createApiKey({
        accountId: account.id,
        name: 'writer',
        scopes: ['account:read', 'listings:write'],
      })
    ).key;

    // a sign-in link, opened and used by another browser
    const other = browserFor(base);
    const form = await other.get('/signin/email?next=/me');
    const formId = /name="form_id" value="([^"]*)"/.exec(form.html)?.[1] ?? '';
    expect(
      (await other.post('/signin/email', { email: 'owner@example.com', next: '/me', form_id: formId })).status,
    ).toBe(200);
    const link = await mailed('owner@example.com', '/signin/link');
    secrets.signInLink = new URLSearchParams(link.split('?')[1]).get('token') as string;
    expect((await other.get(link)).status).toBe(200);
    const used = await other.post('/signin/link', { token: secrets.signInLink });
    expect(used.status).toBe(303);
    secrets.linkSession = sessionCookieOf(used);

    // a draft, an invite to a co-owner, who opens the link, signs up from it and accepts
    const draft = await api(secrets.apiKey, 'POST', '/drafts', { url: site.url });
    expect(draft.status).toBe(201);
    expect(
      (await api(secrets.apiKey, 'POST', `/drafts/${draft.body.id}/invites`, { email: 'co@example.com' })).status,
    ).toBe(201);
    const invite = await mailed('co@example.com', '/invites/');
    secrets.invite = invite.slice('/invites/'.length);
    const co = browserFor(base);
    expect((await co.get(invite)).status).toBe(200);
    expect((await co.get(`${invite}/`)).status).toBe(200);
    const coSignedUp = await co.submit(`/signup?next=${encodeURIComponent(invite)}`, '/signup', {
      email: 'co@example.com',
      password: 'a long enough password',
      next: invite,
    });
    expect(coSignedUp.status).toBe(303);
    expect((await co.submit(invite, invite, {})).status).toBe(303);

    // a claim email link (its token's shape; the page takes it to the claims service either way)
    secrets.claimLink = randomBytes(32).toString('base64url');
    expect((await owner.get(`/claims/verify-email?token=${secrets.claimLink}`)).status).toBeLessThan(500);

    // an OAuth authorization request's state and PKCE challenge (the provider's error page answers it)
    secrets.oauthState = 'st8-SecretStateValue-0123456789';
    await fetch(
      `${base}/oauth/authorize?response_type=code&client_id=nobody&state=${secrets.oauthState}&code_challenge=${'c'.repeat(43)}&code_challenge_method=S256`,
      { redirect: 'manual' },
    );

    for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThan(10);

    // every request was logged (the log is on), under its route with the secret parts redacted
    const logged = lines.join('\n');
    expect(logged).toContain('"url":"/invites/[redacted]"');
    const traced = JSON.stringify(
      tracing.spans().map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })),
    );
    expect(traced).toContain('/invites/:token');
    for (const [name, value] of Object.entries(secrets)) {
      expect(logged.includes(value), `${name} in the logs`).toBe(false);
      expect(traced.includes(value), `${name} in the spans`).toBe(false);
    }
  }, 120_000);
});
