import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeySignIn,
  listPasskeys,
  lookupSession,
  type NewSiteSession,
  type SiteSession,
} from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../app.ts';

/**
 * The passkey routes against a stand-in identity on an in-process bus: what the edge passes on
 * (the ceremony token from its cookie, the client IP, a local `next` only) and what it answers.
 * The real ceremonies are proven in services/gateway/test/passkeys.test.ts and in Chromium in
 * launcher/test/e2e/web-passkeys.test.ts.
 */
const ALICE = { token: 'a'.repeat(43), csrf: 'A'.repeat(43), account: 'acct-alice' };
const CEREMONY = 'c'.repeat(43);
const ANSWER = JSON.stringify({
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
});

describe('the passkey routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const calls: { subject: string; payload: Record<string, unknown> }[] = [];
  let finishAnswer: object = {};
  const session: SiteSession = {
    account_id: ALICE.account,
    email: 'alice@example.com',
    name: null,
    email_confirmed: true,
    account_created_at: '2025-01-01T00:00:00.000Z',
    email_disposable: false,
    suspended: false,
    csrf_token: ALICE.csrf,
    expires_at: '2099-01-01T00:00:00.000Z',
  };

  beforeAll(async () => {
    await bus.serve(lookupSession.subject, async (payload) =>
      (payload as { session_token: string }).session_token === ALICE.token
        ? { status: 200, body: session }
        : { status: 401, problem: { type: 'about:blank', title: 'Unauthorized', status: 401 } },
    );
    for (const contract of [beginPasskeySignIn, beginPasskeyRegistration, finishPasskeySignIn, listPasskeys])
      await bus.serve(contract.subject, async (payload) => {
        calls.push({ subject: contract.subject, payload: payload as Record<string, unknown> });
        if (contract === beginPasskeySignIn)
          return { status: 200, body: { ceremony_token: CEREMONY, options: { challenge: 'x', rpId: 'localhost' } } };
        if (contract === beginPasskeyRegistration)
          return { status: 200, body: { options: { challenge: 'y', rp: { id: 'localhost' } } } };
        if (contract === listPasskeys) return { status: 200, body: { passkeys: [] } };
        return finishAnswer;
      });
    app = await buildWebApp({
      bus,
      publicUrl: 'http://localhost:3000',
      logger: silentLogger(),
      requestTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    calls.length = 0;
    const opened: NewSiteSession = { session_token: 'n'.repeat(43), session, next: '/me' };
    finishAnswer = { status: 200, body: opened };
  });

  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('when a passkey sign-in starts then the options come back as JSON, never stored, and the ceremony token goes into its own cookie', async () => {
    const started = await post('/signin/passkey/options', {}, { accept: 'application/json' });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    expect(started.json()).toEqual({ challenge: 'x', rpId: 'localhost' });
    expect(started.headers['set-cookie']).toBe(
      `ld_passkey=${CEREMONY}; Max-Age=300; Path=/; HttpOnly; SameSite=Strict`,
    );
    expect(calls).toEqual([{ subject: beginPasskeySignIn.subject, payload: { client_ip: '127.0.0.1' } }]);
  });

  it('when the answer comes back then identity gets the ceremony token from the cookie, a session cookie is set and the person goes to next', async () => {
    const done = await post('/signin/passkey', { next: '/me', response: ANSWER }, { cookie: `ld_passkey=${CEREMONY}` });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/me');
    expect(calls).toEqual([
      {
        subject: finishPasskeySignIn.subject,
        payload: { ceremony_token: CEREMONY, response: JSON.parse(ANSWER), next: '/me' },
      },
    ]);
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith(`ld_session=${'n'.repeat(43)};`))).toBe(true);
    expect(cookies.some((c) => /^ld_passkey=;.*Path=\/;/.test(c))).toBe(true);
  });

  it('when next points off the site then it is dropped (no open redirect)', async () => {
    finishAnswer = { status: 200, body: { session_token: 'n'.repeat(43), session, next: null } };
    const done = await post(
      '/signin/passkey',
      { next: '//evil.example/', response: ANSWER },
      { cookie: `ld_passkey=${CEREMONY}` },
    );
    expect(calls[0]?.payload.next).toBe('/');
    expect(done.headers.location).toBe('/');
  });

  it('when identity refuses the passkey then the sign-in page says why beside the button, and nobody is signed in', async () => {
    finishAnswer = {
      status: 401,
      problem: { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'the passkey did not verify' },
    };
    const refused = await post(
      '/signin/passkey',
      { next: '/me', response: ANSWER },
      { cookie: `ld_passkey=${CEREMONY}` },
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toMatch(/id="signin-passkey-error"[^>]*>[^<]*the passkey did not verify/);
    expect(([] as string[]).concat(refused.headers['set-cookie'] ?? []).some((c) => c.startsWith('ld_session='))).toBe(
      false,
    );
    // without the cookie identity is not asked at all
    calls.length = 0;
    expect((await post('/signin/passkey', { next: '/me', response: ANSWER })).statusCode).toBe(410);
    expect(calls).toEqual([]);
  });

  it('when adding a passkey is asked without a session, without the token or cross-site then identity is not asked', async () => {
    const json = { accept: 'application/json' };
    expect((await post('/me/passkeys/options', {}, json)).statusCode).toBe(401);
    const signedIn = { ...json, cookie: `ld_session=${ALICE.token}` };
    expect((await post('/me/passkeys/options', {}, signedIn)).statusCode).toBe(403);
    expect(
      (await post('/me/passkeys/options', { csrf: ALICE.csrf }, { ...signedIn, 'sec-fetch-site': 'cross-site' }))
        .statusCode,
    ).toBe(403);
    expect(calls).toEqual([]);
    const options = await post('/me/passkeys/options', { csrf: ALICE.csrf }, signedIn);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ challenge: 'y', rp: { id: 'localhost' } });
    expect(calls).toEqual([{ subject: beginPasskeyRegistration.subject, payload: { session_token: ALICE.token } }]);
  });
});

// #27 item 9e: on https the site's cookies are `__Host-` cookies (Secure, Path=/, no Domain), so a
// sibling subdomain or a plain-http page cannot plant a session or a ceremony
describe('the site’s cookies on https', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const session: SiteSession = {
    account_id: ALICE.account,
    email: 'alice@example.com',
    name: null,
    email_confirmed: true,
    account_created_at: '2025-01-01T00:00:00.000Z',
    email_disposable: false,
    suspended: false,
    csrf_token: ALICE.csrf,
    expires_at: '2099-01-01T00:00:00.000Z',
  };
  beforeAll(async () => {
    await bus.serve(lookupSession.subject, async (payload) =>
      (payload as { session_token: string }).session_token === ALICE.token
        ? { status: 200, body: session }
        : { status: 401, problem: { type: 'about:blank', title: 'Unauthorized', status: 401 } },
    );
    await bus.serve(beginPasskeySignIn.subject, async () => ({
      status: 200,
      body: { ceremony_token: CEREMONY, options: { challenge: 'x', rpId: 'directory.example' } },
    }));
    await bus.serve(finishPasskeySignIn.subject, async (payload) =>
      (payload as { ceremony_token: string }).ceremony_token === CEREMONY
        ? { status: 200, body: { session_token: ALICE.token, session, next: '/me' } }
        : { status: 410, problem: { type: 'about:blank', title: 'Gone', status: 410 } },
    );
    app = await buildWebApp({
      bus,
      publicUrl: 'https://directory.example',
      logger: silentLogger(),
      requestTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://directory.example', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('when a person signs in with a passkey then the ceremony and the session cookies are __Host- cookies: Secure, Path=/, no Domain', async () => {
    const started = await post('/signin/passkey/options', {}, { accept: 'application/json' });
    expect(started.headers['set-cookie']).toBe(
      `__Host-ld_passkey=${CEREMONY}; Max-Age=300; Path=/; HttpOnly; Secure; SameSite=Strict`,
    );
    const done = await post(
      '/signin/passkey',
      { next: '/me', response: ANSWER },
      { cookie: `__Host-ld_passkey=${CEREMONY}` },
    );
    expect(done.statusCode).toBe(303);
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    const sessionCookie = cookies.find((c) => c.startsWith('__Host-ld_session='));
    expect(sessionCookie).toMatch(/^__Host-ld_session=a{43}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookies.some((c) => c.startsWith('ld_session='))).toBe(false);
  });

  it('when a request carries the plain-named cookies (planted by another origin) then they are not the session or the ceremony', async () => {
    const signedIn = await app.inject({ url: '/me', headers: { cookie: `__Host-ld_session=${ALICE.token}` } });
    expect(signedIn.statusCode).toBe(200);
    const planted = await app.inject({ url: '/me', headers: { cookie: `ld_session=${ALICE.token}` } });
    expect(planted.statusCode).toBe(303);
    const noCeremony = await post(
      '/signin/passkey',
      { next: '/me', response: ANSWER },
      { cookie: `ld_passkey=${CEREMONY}` },
    );
    expect(noCeremony.statusCode).toBe(410);
  });
});
