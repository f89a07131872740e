import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  confirmEmail,
  createSessionApiKey,
  endOneSession,
  type IdentityInternalName,
  type IdentityReply,
  type IdentityRequest,
  listOAuthGrants,
  listPasskeys,
  listSignInMethods,
  lookupSession,
  type OperationReply,
  PASSWORD_CHANGES_PER_ACCOUNT,
  PASSWORD_SET_AFTER_LINK_MINUTES,
  redeemSignInLink,
  removePassword,
  requestSignInLink,
  setPassword,
  signInWithPassword,
  signOutEverywhere,
  signUpWithPassword,
} from '@listings/contracts';
import { createIdentity, type Identity } from '@listings/identity';
import { sqliteDatabaseOf } from '@listings/identity/store';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { createAuthenticationClient } from '@listings/platform/edge';
import { createOutboxMailer, readOutbox } from '@listings/platform/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PUBLIC_URL = 'http://localhost:4000';
const ATTACKER_PASSWORD = 'chosen by someone else';

/**
 * Account pre-hijacking (issue #27, item 3) and the ways into an account, over the in-process bus
 * as the web edge asks: someone without the mailbox signs up with another person's address; the
 * owner's first proof of the address takes every way in away from them.
 */
describe('identity: the first proof of an address, and every way into an account', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-11-20T10:00:00.000Z');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'account-entry-'));
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
  const linkTokenFor = async (to: string, pathStart: string): Promise<string> => {
    const text = (await readOutbox(dataDir)).filter((m) => m.to === to).at(-1)?.text ?? '';
    const match = new RegExp(`${PUBLIC_URL}${pathStart}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no ${pathStart} link mailed to ${to}: ${text}`);
    return match[1] as string;
  };
  const signInByLink = async (email: string) => {
    await ok(requestSignInLink, { email });
    return ok(redeemSignInLink, { token: await linkTokenFor(email, '/signin/link') });
  };
  const keyWorks = async (key: string) =>
    (
      await createAuthenticationClient(bus).authenticate({
        authorization: `Bearer ${key}`,
        resource: 'api',
        requiredScope: 'account:read',
      })
    ).outcome === 'authenticated';

  /** the attacker's sign-up with the victim's address, a key, an app and a passkey made on it */
  const preHijack = async (email: string) => {
    const attacker = await ok(signUpWithPassword, { email, password: ATTACKER_PASSWORD });
    const accountId = attacker.session.account_id;
    const { key } = await ok(createSessionApiKey, {
      session_token: attacker.session_token,
      name: 'mine now',
      scopes: ['account:read'],
    });
    const db = sqliteDatabaseOf(identity.store);
    const grantId = `grant-${accountId.slice(0, 8)}`;
    const iat = Math.floor(clock.now().getTime() / 1000);
    const record = (model: string, id: string, payload: object, grant: string | null) =>
      db
        .prepare('INSERT INTO oauth_records (model, id, payload, expires_at, grant_id) VALUES (?, ?, ?, NULL, ?)')
        .run(model, id, JSON.stringify(payload), grant);
    record('Grant', grantId, { kind: 'Grant', jti: grantId, accountId, clientId: 'c', iat, resources: {} }, null);
    record('AccessToken', `at-${grantId}`, { kind: 'AccessToken', accountId, grantId }, grantId);
    record('Session', `s-${grantId}`, { kind: 'Session', accountId }, null);
    await identity.store.passkeys.addPasskey({
      accountId,
      name: 'attacker phone',
      credentialId: `cred-${accountId}`,
      publicKey: new Uint8Array([1, 2, 3]),
      counter: 0,
      transports: [],
      backedUp: false,
      max: 20,
    });
    return { attacker, accountId, key, grantId };
  };
  const oauthRecordsOf = (accountId: string) =>
    Number(
      (
        sqliteDatabaseOf(identity.store)
          .prepare("SELECT COUNT(*) AS n FROM oauth_records WHERE json_extract(payload, '$.accountId') = ?")
          .get(accountId) as { n: number }
      ).n,
    );

  describe('account pre-hijacking', () => {
    it('when the owner of an address signs in by a mailed link to an account someone else signed up with it, then the password, sessions, keys, apps and passkeys made before are gone, and the owner is told', async () => {
      const victim = 'victim@example.com';
      const { attacker, accountId, key } = await preHijack(victim);
      expect(await keyWorks(key)).toBe(true);
      // a key the operator made for the address (the CLI holds the data dir: not someone on the site)
      const operatorKey = await identity.store.createApiKey({
        accountId,
        name: 'from the operator',
        scopes: ['account:read'],
      });

      const owner = await signInByLink(victim);
      expect(owner.session.account_id).toBe(accountId);
      expect(owner.reset).toEqual({
        password_removed: true,
        sessions_ended: 1,
        api_keys_revoked: 1,
        apps_revoked: 1,
        passkeys_removed: 1,
      });
      // the attacker: no password, no session, no key, no app, no passkey
      expect((await call(signInWithPassword, { email: victim, password: ATTACKER_PASSWORD })).status).toBe(401);
      expect((await call(lookupSession, { session_token: attacker.session_token })).status).toBe(401);
      expect(await keyWorks(key)).toBe(false);
      expect(await keyWorks(operatorKey.key)).toBe(true);
      expect((await ok(listOAuthGrants, { session_token: owner.session_token })).grants).toEqual([]);
      expect(oauthRecordsOf(accountId)).toBe(0);
      expect((await ok(listPasskeys, { session_token: owner.session_token })).passkeys).toEqual([]);
      // the owner: this session only, no password, and a mail saying what was taken away
      const methods = await ok(listSignInMethods, { session_token: owner.session_token });
      expect(methods.password_set).toBe(false);
      expect(methods.sessions.map((s) => s.current)).toEqual([true]);
      const mail = (await readOutbox(dataDir)).filter((m) => m.to === victim).at(-1);
      expect(mail).toMatchObject({ kind: 'account-secured' });
      expect(mail?.text).toContain('password set before the address was confirmed was removed');
      // the next link finds a confirmed account: nothing more is taken away
      expect((await signInByLink(victim)).reset).toBeNull();
      expect((await ok(lookupSession, { session_token: owner.session_token })).account_id).toBe(accountId);
    });

    it('when the owner confirms the address from the mail the attacker’s sign-up sent, in their own browser, then the attacker loses every way in too', async () => {
      const victim = 'confirm-victim@example.com';
      const { attacker, key } = await preHijack(victim);
      const token = await linkTokenFor(victim, '/confirm-email');
      const confirmed = await ok(confirmEmail, { token });
      expect(confirmed).toMatchObject({ email_confirmed: true, reset: { password_removed: true, sessions_ended: 1 } });
      expect((await call(signInWithPassword, { email: victim, password: ATTACKER_PASSWORD })).status).toBe(401);
      expect((await call(lookupSession, { session_token: attacker.session_token })).status).toBe(401);
      expect(await keyWorks(key)).toBe(false);
    });

    it('when the owner confirms from a session of another account then it counts as anywhere else (the password goes)', async () => {
      const victim = 'other-session@example.com';
      await preHijack(victim);
      const bystander = await signInByLink('bystander-2@example.com');
      const token = await linkTokenFor(victim, '/confirm-email');
      const confirmed = await ok(confirmEmail, { token, session_token: bystander.session_token });
      expect(confirmed.reset?.password_removed).toBe(true);
      expect((await call(lookupSession, { session_token: bystander.session_token })).status).toBe(200);
    });

    it('when a person signs up and confirms in the browser they signed up with then the password and that session stay, the other sessions end and nothing is revoked', async () => {
      const email = 'honest@example.com';
      const made = await ok(signUpWithPassword, { email, password: 'my own good password' });
      const { key } = await ok(createSessionApiKey, {
        session_token: made.session_token,
        name: 'laptop',
        scopes: ['account:read'],
      });
      const elsewhere = await ok(signInWithPassword, { email, password: 'my own good password' });
      const token = await linkTokenFor(email, '/confirm-email');
      expect(await ok(confirmEmail, { token, session_token: made.session_token })).toMatchObject({ reset: null });
      expect((await ok(lookupSession, { session_token: made.session_token })).email_confirmed).toBe(true);
      expect((await call(lookupSession, { session_token: elsewhere.session_token })).status).toBe(401);
      expect((await call(signInWithPassword, { email, password: 'my own good password' })).status).toBe(200);
      expect(await keyWorks(key)).toBe(true);
    });
  });

  describe('setting and changing the password', () => {
    it('when a password session sets a new password without the current one then 403; a wrong current one is 400 naming current_password; the right one changes it and ends the other sessions', async () => {
      const email = 'changer@example.com';
      const made = await ok(signUpWithPassword, { email, password: 'first password!' });
      const other = await ok(signInWithPassword, { email, password: 'first password!' });
      expect(
        (await call(setPassword, { session_token: made.session_token, new_password: 'second password!' })).status,
      ).toBe(403);
      const wrong = await call(setPassword, {
        session_token: made.session_token,
        current_password: 'not the password',
        new_password: 'second password!',
      });
      expect(wrong).toMatchObject({ status: 400, problem: { errors: [{ field: 'current_password' }] } });
      expect(
        await ok(setPassword, {
          session_token: made.session_token,
          current_password: 'first password!',
          new_password: 'second password!',
        }),
      ).toEqual({ password_set: true, sessions_ended: 1 });
      expect((await call(lookupSession, { session_token: other.session_token })).status).toBe(401);
      expect((await call(signInWithPassword, { email, password: 'first password!' })).status).toBe(401);
      expect((await call(signInWithPassword, { email, password: 'second password!' })).status).toBe(200);
      expect((await readOutbox(dataDir)).filter((m) => m.to === email).at(-1)?.kind).toBe('password-changed');
    });

    it('when a session a mailed link opened just now sets a password then it is set without the current one; after PASSWORD_SET_AFTER_LINK_MINUTES it needs the current one', async () => {
      const email = 'linker@example.com';
      const linked = await signInByLink(email);
      const methods = await ok(listSignInMethods, { session_token: linked.session_token });
      expect(methods.password_set).toBe(false);
      expect(methods.password_settable_until).toBe(
        new Date(clock.now().getTime() + PASSWORD_SET_AFTER_LINK_MINUTES * 60_000).toISOString(),
      );
      await ok(setPassword, { session_token: linked.session_token, new_password: 'set by link one' });
      expect((await call(signInWithPassword, { email, password: 'set by link one' })).status).toBe(200);

      clock.advance(PASSWORD_SET_AFTER_LINK_MINUTES * 60_000 + 1);
      expect((await ok(listSignInMethods, { session_token: linked.session_token })).password_settable_until).toBeNull();
      expect(
        (await call(setPassword, { session_token: linked.session_token, new_password: 'set by link two' })).status,
      ).toBe(403);
    });

    it('when a session with no password and no fresh link sets one then 403 (a passkey or an old link session is not enough)', async () => {
      const { account } = await identity.store.ensureAccount('cli-made@example.com');
      const session = await identity.store.createSession(account.id, 'passkey');
      expect((await call(setPassword, { session_token: session.token, new_password: 'would like one' })).status).toBe(
        403,
      );
    });

    it('when someone keeps guessing the current password then 429 past PASSWORD_CHANGES_PER_ACCOUNT', async () => {
      const made = await ok(signUpWithPassword, { email: 'guessed@example.com', password: 'the real password' });
      const statuses: number[] = [];
      for (let i = 0; i <= PASSWORD_CHANGES_PER_ACCOUNT.limit; i++)
        statuses.push(
          (
            await call(setPassword, {
              session_token: made.session_token,
              current_password: `guess number ${i}`,
              new_password: 'a new password!',
            })
          ).status,
        );
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('removing a way in', () => {
    it('when the password is removed then it signs nobody in; removing it again is 404', async () => {
      const email = 'remover@example.com';
      const made = await ok(signUpWithPassword, { email, password: 'soon to be gone' });
      expect(await ok(removePassword, { session_token: made.session_token })).toEqual({ removed: true });
      expect((await call(signInWithPassword, { email, password: 'soon to be gone' })).status).toBe(401);
      expect((await ok(listSignInMethods, { session_token: made.session_token })).password_set).toBe(false);
      expect((await call(removePassword, { session_token: made.session_token })).status).toBe(404);
    });

    it('when a person lists their sessions then this one is marked; ending another by its id ends it only; someone else’s id is 404', async () => {
      const a = await signInByLink('sessions@example.com');
      const b = await signInByLink('sessions@example.com');
      const stranger = await signInByLink('stranger@example.com');
      const listed = await ok(listSignInMethods, { session_token: a.session_token });
      expect(listed.sessions).toHaveLength(2);
      expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);
      expect(listed.sessions.every((s) => s.method === 'link')).toBe(true);
      expect(JSON.stringify(listed)).not.toContain(b.session_token);
      const other = listed.sessions.find((s) => !s.current);
      const strangers = (await ok(listSignInMethods, { session_token: stranger.session_token })).sessions[0];
      expect(
        (await call(endOneSession, { session_token: a.session_token, session_id: strangers?.id ?? '' })).status,
      ).toBe(404);
      expect((await call(lookupSession, { session_token: stranger.session_token })).status).toBe(200);
      expect(await ok(endOneSession, { session_token: a.session_token, session_id: other?.id ?? '' })).toEqual({
        ended: true,
      });
      expect((await call(lookupSession, { session_token: b.session_token })).status).toBe(401);
      expect((await call(lookupSession, { session_token: a.session_token })).status).toBe(200);
    });

    it('when a person signs out everywhere then the OAuth server’s sign-in sessions of the account end too', async () => {
      const a = await signInByLink('oauth-everywhere@example.com');
      const accountId = a.session.account_id;
      sqliteDatabaseOf(identity.store)
        .prepare("INSERT INTO oauth_records (model, id, payload, expires_at) VALUES ('Session', ?, ?, NULL)")
        .run('oidc-session-1', JSON.stringify({ kind: 'Session', accountId }));
      await ok(signOutEverywhere, { session_token: a.session_token });
      expect(
        sqliteDatabaseOf(identity.store)
          .prepare("SELECT 1 FROM oauth_records WHERE model = 'Session' AND id = 'oidc-session-1'")
          .get(),
      ).toBeUndefined();
    });
  });
});
