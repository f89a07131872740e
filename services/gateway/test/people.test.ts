import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  confirmEmail,
  createSessionApiKey,
  describeAccount,
  type IdentityInternalName,
  type IdentityReply,
  type IdentityRequest,
  listOAuthGrants,
  listSessionApiKeys,
  lookupSession,
  MAIL_REQUESTS_PER_ADDRESS,
  mailAccount,
  type OperationReply,
  redeemSignInLink,
  requestEmailConfirmation,
  requestSignInLink,
  revokeOAuthGrant,
  revokeSessionApiKey,
  SIGN_IN_LINK_TTL_MINUTES,
  signInWithPassword,
  signOut,
  signOutEverywhere,
  signUpWithPassword,
} from '@listings/contracts';
import { createIdentity, type Identity } from '@listings/identity';
import { hashPassword } from '@listings/identity/passwords';
import { sqliteDatabaseOf } from '@listings/identity/store';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { createAuthenticationClient } from '@listings/platform/edge';
import { createOutboxMailer, readOutbox } from '@listings/platform/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PUBLIC_URL = 'http://localhost:4000';

/** the people operations of identity, over the in-process bus, as the web edge calls them */
describe('identity for people: magic links, confirmation, sessions, keys (gateway.internal.*)', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-11-18T10:00:00.000Z');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'people-'));
  let identity: Identity;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    identity = createIdentity({
      publicUrl: PUBLIC_URL,
      clock,
      mailer: createOutboxMailer({ dataDir, now: () => clock.now() }),
    });
    const served = await identity.serve(bus);
    stop = async () => {
      await served.stop();
      await identity.close();
      await bus.close();
    };
  });
  afterAll(() => stop());

  const call = async <N extends IdentityInternalName>(
    contract: { subject: string; name: N },
    request: IdentityRequest<N>,
  ): Promise<OperationReply> => (await bus.request(contract.subject, request)) as OperationReply;
  const ok = async <N extends IdentityInternalName>(
    contract: { subject: string; name: N },
    request: IdentityRequest<N>,
  ): Promise<IdentityReply<N>> => {
    const reply = await call(contract, request);
    if (!('body' in reply)) throw new Error(`${contract.name}: ${JSON.stringify(reply)}`);
    return reply.body as IdentityReply<N>;
  };
  /** the token in the newest mail to `to` whose link starts with `pathStart` */
  const linkTokenFor = async (to: string, pathStart: string): Promise<string> => {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to === to);
    const text = mails.at(-1)?.text ?? '';
    const match = new RegExp(`${PUBLIC_URL}${pathStart.replace('?', '\\?')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no ${pathStart} link mailed to ${to}: ${text}`);
    return match[1] as string;
  };

  describe('sign-in by a mailed link', () => {
    it('when a new address asks for a link then a link is mailed, and using it creates the account with a confirmed email and a session that comes back where the person was', async () => {
      expect(await ok(requestSignInLink, { email: 'New.Person@Example.com', next: '/listings/acme?x=1' })).toEqual({
        sent: true,
        expires_in_minutes: SIGN_IN_LINK_TTL_MINUTES,
      });
      expect(await identity.store.findAccountForSignIn('new.person@example.com')).toBeNull();
      const mail = (await readOutbox(dataDir)).at(-1);
      expect(mail).toMatchObject({ to: 'new.person@example.com', kind: 'sign-in-link' });
      const token = await linkTokenFor('new.person@example.com', '/signin/link');

      const signedIn = await ok(redeemSignInLink, { token });
      expect(signedIn.next).toBe('/listings/acme?x=1');
      expect(signedIn.session).toMatchObject({ email: 'new.person@example.com', email_confirmed: true });
      expect(signedIn.session.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const looked = await ok(lookupSession, { session_token: signedIn.session_token });
      expect(looked).toEqual(signedIn.session);
    });

    it('when a link is used twice then the second use is 410 and opens no session', async () => {
      await ok(requestSignInLink, { email: 'twice@example.com' });
      const token = await linkTokenFor('twice@example.com', '/signin/link');
      await ok(redeemSignInLink, { token });
      const again = await call(redeemSignInLink, { token });
      expect(again.status).toBe(410);
    });

    it('when a link is older than its lifetime then it is 410', async () => {
      await ok(requestSignInLink, { email: 'late@example.com' });
      const token = await linkTokenFor('late@example.com', '/signin/link');
      clock.advance(SIGN_IN_LINK_TTL_MINUTES * 60_000 + 1);
      expect((await call(redeemSignInLink, { token })).status).toBe(410);
    });

    it('when an existing account asks then the same answer comes back and the link signs into that account', async () => {
      const { account } = await identity.store.ensureAccount('known@example.com');
      expect(await ok(requestSignInLink, { email: 'known@example.com' })).toEqual(
        await ok(requestSignInLink, { email: 'unknown-yet@example.com' }),
      );
      const signedIn = await ok(redeemSignInLink, { token: await linkTokenFor('known@example.com', '/signin/link') });
      expect(signedIn.session.account_id).toBe(account.id);
    });

    it.each([['//evil.example/x'], ['https://evil.example'], ['/\\evil.example']])(
      'when the return address is %s then it is dropped (no open redirect)',
      async (next) => {
        const email = `next-${encodeURIComponent(next).length}@example.com`;
        await ok(requestSignInLink, { email, next });
        expect((await ok(redeemSignInLink, { token: await linkTokenFor(email, '/signin/link') })).next).toBeNull();
      },
    );

    it('when an unknown token is used then 410; a malformed one is 400', async () => {
      expect((await call(redeemSignInLink, { token: 'A'.repeat(43) })).status).toBe(410);
      expect((await call(redeemSignInLink, { token: 'not a token' })).status).toBe(400);
    });

    it('when one address asks for more links than the limit then it is 429, and other addresses still get theirs', async () => {
      for (let i = 0; i < MAIL_REQUESTS_PER_ADDRESS.limit; i++)
        await ok(requestSignInLink, { email: 'greedy@example.com' });
      const refused = await call(requestSignInLink, { email: 'greedy@example.com' });
      expect(refused).toMatchObject({ status: 429, problem: { detail: expect.stringContaining('retry in') } });
      expect((await call(requestSignInLink, { email: 'patient@example.com' })).status).toBe(200);
    });

    it('when one client IP asks for links to many addresses then it is 429 past the per-IP limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await call(requestSignInLink, { email: `ip-${i}@example.com`, client_ip: '203.0.113.9' })).status,
        );
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('when the stored tokens are read then no link or session token is there in clear', async () => {
      await ok(requestSignInLink, { email: 'clear@example.com' });
      const token = await linkTokenFor('clear@example.com', '/signin/link');
      const { session_token } = await ok(redeemSignInLink, { token });
      const dump = JSON.stringify([
        sqliteDatabaseOf(identity.store).prepare('SELECT * FROM email_tokens').all(),
        sqliteDatabaseOf(identity.store).prepare('SELECT * FROM sessions').all(),
      ]);
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(session_token);
    });
  });

  describe('email confirmation for the password sign-up', () => {
    it('given a password account when it asks for a confirmation link then the mailed link confirms it once', async () => {
      await identity.store.createAccount({
        email: 'pw@example.com',
        name: 'Pat',
        passwordHash: await hashPassword('correct horse battery'),
      });
      const signedIn = await ok(signInWithPassword, { email: 'pw@example.com', password: 'correct horse battery' });
      expect(signedIn.session.email_confirmed).toBe(false);
      await ok(requestEmailConfirmation, { session_token: signedIn.session_token });
      const token = await linkTokenFor('pw@example.com', '/confirm-email');
      // a confirmation link is not a sign-in link, and the other way round
      expect((await call(redeemSignInLink, { token })).status).toBe(410);
      // used from the session that chose the password: the password and that session stay
      expect(await ok(confirmEmail, { token, session_token: signedIn.session_token })).toMatchObject({
        email: 'pw@example.com',
        email_confirmed: true,
        reset: null,
      });
      expect((await ok(lookupSession, { session_token: signedIn.session_token })).email_confirmed).toBe(true);
      expect((await call(confirmEmail, { token })).status).toBe(410);
      expect((await call(requestEmailConfirmation, { session_token: signedIn.session_token })).status).toBe(409);
    });

    it('when a person signs up with a password then the account and a session are made and the confirmation link is mailed; the address again is 409', async () => {
      const made = await ok(signUpWithPassword, {
        email: 'new-pw@example.com',
        name: 'Newt',
        password: 'correct horse battery',
        client_ip: '198.51.100.30',
      });
      expect(made).toMatchObject({ confirmation_sent: true, session: { email: 'new-pw@example.com', name: 'Newt' } });
      expect(made.session.email_confirmed).toBe(false);
      expect((await ok(lookupSession, { session_token: made.session_token })).account_id).toBe(made.session.account_id);
      const token = await linkTokenFor('new-pw@example.com', '/confirm-email');
      expect(await ok(confirmEmail, { token, session_token: made.session_token })).toMatchObject({
        email: 'new-pw@example.com',
        email_confirmed: true,
      });
      expect(
        (await ok(signInWithPassword, { email: 'new-pw@example.com', password: 'correct horse battery' })).session
          .account_id,
      ).toBe(made.session.account_id);
      const again = await call(signUpWithPassword, { email: 'new-pw@example.com', password: 'another long password' });
      expect(again.status).toBe(409);
      expect((await call(signUpWithPassword, { email: 'short@example.com', password: 'short' })).status).toBe(400);
    });

    it('when the password is wrong or the address unknown then the same 401', async () => {
      const wrong = await call(signInWithPassword, { email: 'pw@example.com', password: 'wrong password!' });
      const unknown = await call(signInWithPassword, { email: 'nobody@example.com', password: 'wrong password!' });
      expect(wrong.status).toBe(401);
      expect(unknown).toEqual(wrong);
    });
  });

  describe('sessions', () => {
    const signIn = async (email: string) => {
      await ok(requestSignInLink, { email });
      return ok(redeemSignInLink, { token: await linkTokenFor(email, '/signin/link') });
    };

    it('when a person signs out then that session is gone and their other sessions stay', async () => {
      const a = await signIn('two-devices@example.com');
      const b = await signIn('two-devices@example.com');
      expect(a.session.csrf_token).not.toBe(b.session.csrf_token);
      expect(await ok(signOut, { session_token: a.session_token })).toEqual({ sessions_ended: 1 });
      expect((await call(lookupSession, { session_token: a.session_token })).status).toBe(401);
      expect((await call(lookupSession, { session_token: b.session_token })).status).toBe(200);
    });

    it('when a person signs out everywhere then every session of theirs ends, and nobody else’s', async () => {
      const a = await signIn('everywhere@example.com');
      const b = await signIn('everywhere@example.com');
      const other = await signIn('bystander@example.com');
      expect(await ok(signOutEverywhere, { session_token: a.session_token })).toEqual({ sessions_ended: 2 });
      expect((await call(lookupSession, { session_token: b.session_token })).status).toBe(401);
      expect((await call(lookupSession, { session_token: other.session_token })).status).toBe(200);
    });

    it('when a session is older than its lifetime then it is 401', async () => {
      const s = await signIn('old@example.com');
      clock.advance(15 * 24 * 3_600_000);
      expect((await call(lookupSession, { session_token: s.session_token })).status).toBe(401);
    });
  });

  describe('mail to an account (for other services)', () => {
    it('when a service mails an account then it goes to the account’s address once per key; an erased account is 404', async () => {
      const { account } = await identity.store.ensureAccount('follower@example.com');
      const request = {
        account_id: account.id,
        kind: 'listing-update',
        subject: 'Acme: v2',
        text: 'Acme posted an update.',
        dedupe_key: 'follower-update:event-1',
      };
      expect(await ok(mailAccount, request)).toEqual({ sent: true });
      expect(await ok(mailAccount, request)).toEqual({ sent: false });
      expect((await readOutbox(dataDir)).filter((m) => m.to === 'follower@example.com')).toHaveLength(1);
      await identity.store.eraseAccount(account.id);
      expect((await call(mailAccount, { ...request, dedupe_key: 'follower-update:event-2' })).status).toBe(404);
    });
  });

  describe('naming an account to another person (the invite page names its sender)', () => {
    it('when an account is described then its name and email come back; an unknown or erased account is 404', async () => {
      const { account } = await identity.store.ensureAccount('sender@example.com');
      expect(await ok(describeAccount, { account_id: account.id })).toEqual({
        name: null,
        email: 'sender@example.com',
      });
      expect((await call(describeAccount, { account_id: 'acct-nobody' })).status).toBe(404);
      await identity.store.eraseAccount(account.id);
      expect((await call(describeAccount, { account_id: account.id })).status).toBe(404);
    });
  });

  describe('API keys of the signed-in person', () => {
    it('when a key is made from a session then it is shown once, authenticates against the API, is listed and can be revoked by its owner only', async () => {
      await ok(requestSignInLink, { email: 'keys@example.com' });
      const me = await ok(redeemSignInLink, { token: await linkTokenFor('keys@example.com', '/signin/link') });
      await ok(requestSignInLink, { email: 'thief@example.com' });
      const thief = await ok(redeemSignInLink, { token: await linkTokenFor('thief@example.com', '/signin/link') });

      const created = await ok(createSessionApiKey, {
        session_token: me.session_token,
        name: 'laptop',
        scopes: ['account:read'],
      });
      expect(created.key).toMatch(/^ldk_/);
      const authn = await createAuthenticationClient(bus).authenticate({
        authorization: `Bearer ${created.key}`,
        resource: 'api',
        requiredScope: 'account:read',
      });
      expect(authn).toMatchObject({ outcome: 'authenticated', principal: { account_id: me.session.account_id } });
      const listed = await ok(listSessionApiKeys, { session_token: me.session_token });
      expect(listed.keys.map((k) => k.name)).toEqual(['laptop']);
      expect(JSON.stringify(listed)).not.toContain(created.key);
      expect((await ok(listSessionApiKeys, { session_token: thief.session_token })).keys).toEqual([]);

      expect(
        (await call(revokeSessionApiKey, { session_token: thief.session_token, key_id: created.summary.id })).status,
      ).toBe(404);
      expect(
        (await call(createSessionApiKey, { session_token: me.session_token, name: 'LAPTOP', scopes: ['account:read'] }))
          .status,
      ).toBe(409);
      expect(await ok(revokeSessionApiKey, { session_token: me.session_token, key_id: created.summary.id })).toEqual({
        revoked: true,
      });
      expect(
        (
          await createAuthenticationClient(bus).authenticate({
            authorization: `Bearer ${created.key}`,
            resource: 'api',
            requiredScope: 'account:read',
          })
        ).outcome,
      ).toBe('refused');
    });

    it('when there is no session then key operations are 401', async () => {
      expect((await call(listSessionApiKeys, { session_token: 'B'.repeat(43) })).status).toBe(401);
    });
  });

  describe('connected OAuth apps of the signed-in person', () => {
    /** what oidc-provider stores for a registered client, a grant and a token issued under it */
    const record = (model: string, id: string, payload: object, grantId: string | null = null) =>
      sqliteDatabaseOf(identity.store)
        .prepare('INSERT INTO oauth_records (model, id, payload, expires_at, grant_id) VALUES (?, ?, ?, NULL, ?)')
        .run(model, id, JSON.stringify(payload), grantId);
    const recordsOf = (grantId: string) =>
      Number(
        (
          sqliteDatabaseOf(identity.store)
            .prepare("SELECT COUNT(*) AS n FROM oauth_records WHERE grant_id = ? OR (model = 'Grant' AND id = ?)")
            .get(grantId, grantId) as { n: number }
        ).n,
      );

    it('when a person lists their apps then they see only their grants, named by the client, and only they can revoke one, with its tokens', async () => {
      await ok(requestSignInLink, { email: 'apps@example.com' });
      const me = await ok(redeemSignInLink, { token: await linkTokenFor('apps@example.com', '/signin/link') });
      await ok(requestSignInLink, { email: 'other-apps@example.com' });
      const other = await ok(redeemSignInLink, {
        token: await linkTokenFor('other-apps@example.com', '/signin/link'),
      });
      const iat = Math.floor(clock.now().getTime() / 1000);
      record('Client', 'client-1', {
        client_id: 'client-1',
        client_name: 'Agent <One>',
        client_uri: 'https://one.example',
      });
      const resource = `${PUBLIC_URL}/api/v1`;
      record('Grant', 'grant-mine', {
        kind: 'Grant',
        jti: 'grant-mine',
        accountId: me.session.account_id,
        clientId: 'client-1',
        iat,
        resources: { [resource]: 'account:read listings:write' },
      });
      record('AccessToken', 'token-mine', { kind: 'AccessToken', grantId: 'grant-mine' }, 'grant-mine');
      record('RefreshToken', 'refresh-mine', { kind: 'RefreshToken', grantId: 'grant-mine' }, 'grant-mine');
      record('Grant', 'grant-theirs', {
        kind: 'Grant',
        jti: 'grant-theirs',
        accountId: other.session.account_id,
        clientId: 'client-1',
        iat,
        resources: { [resource]: 'orders:write' },
      });
      record('AccessToken', 'token-theirs', { kind: 'AccessToken', grantId: 'grant-theirs' }, 'grant-theirs');

      expect(await ok(listOAuthGrants, { session_token: me.session_token })).toEqual({
        grants: [
          {
            grant_id: 'grant-mine',
            client_id: 'client-1',
            client_name: 'Agent <One>',
            client_uri: 'https://one.example',
            scopes: ['account:read', 'listings:write'],
            resources: [resource],
            granted_at: clock
              .now()
              .toISOString()
              .replace(/\.\d{3}Z$/, '.000Z'),
          },
        ],
      });
      // someone else's grant is not there to revoke: 404, and it keeps working
      expect((await call(revokeOAuthGrant, { session_token: me.session_token, grant_id: 'grant-theirs' })).status).toBe(
        404,
      );
      expect(recordsOf('grant-theirs')).toBe(2);
      expect(await ok(revokeOAuthGrant, { session_token: me.session_token, grant_id: 'grant-mine' })).toEqual({
        revoked: true,
      });
      expect(recordsOf('grant-mine')).toBe(0);
      expect((await ok(listOAuthGrants, { session_token: me.session_token })).grants).toEqual([]);
      expect((await call(revokeOAuthGrant, { session_token: me.session_token, grant_id: 'grant-mine' })).status).toBe(
        404,
      );
      expect((await ok(listOAuthGrants, { session_token: other.session_token })).grants.map((g) => g.grant_id)).toEqual(
        ['grant-theirs'],
      );
    });

    it('when there is no session then the apps operations are 401, and a malformed grant id is refused', async () => {
      expect((await call(listOAuthGrants, { session_token: 'B'.repeat(43) })).status).toBe(401);
      expect((await call(revokeOAuthGrant, { session_token: 'B'.repeat(43), grant_id: 'g' })).status).toBe(401);
      expect(
        (await bus.request(revokeOAuthGrant.subject, { session_token: 'B'.repeat(43), grant_id: "x' OR 1=1" })) as {
          status: number;
        },
      ).toMatchObject({ status: 400 });
    });
  });
});

describe('API keys made from a session, past API_KEYS_PER_ACCOUNT_PER_DAY', () => {
  it('when the person made the day’s number of keys then the next create_api_key answers 429 naming the setting, with the seconds until 00:00 UTC', async () => {
    const bus = createInProcessBus();
    const clock = manualClock('2026-11-18T22:00:00.000Z');
    const identity = createIdentity({ publicUrl: PUBLIC_URL, clock, apiKeysPerDay: 1 });
    const served = await identity.serve(bus);
    try {
      const { account } = await identity.store.ensureAccount('daily@example.com');
      const session_token = (await identity.store.createSession(account.id)).token;
      const create = (name: string) =>
        bus.request(createSessionApiKey.subject, { session_token, name, scopes: ['account:read'] }) as Promise<
          OperationReply & { status: number }
        >;
      expect((await create('first')).status).toBe(200);
      const refused = await create('second');
      expect(refused).toMatchObject({ status: 429 });
      expect(JSON.stringify(refused)).toContain('API_KEYS_PER_ACCOUNT_PER_DAY');
      expect((await identity.store.listApiKeys(account.id)).map((k) => k.name)).toEqual(['first']);
    } finally {
      await served.stop();
      await identity.close();
      await bus.close();
    }
  });
});
