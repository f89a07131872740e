import { type Clock, manualClock, systemClock } from '@listings/platform/clock';
import { DailyLimitError } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyNameTakenError, type IdentityStore, SESSION_TTL_MS } from '../src/store/identity-store.ts';
import { PasskeyTakenError, TooManyPasskeysError } from '../src/store/passkey-store.ts';

/**
 * The behaviour every identity store adapter must have (identity-store.ts). Test-only (imports
 * vitest). `open` gives a store on fresh storage, and `again` opens another instance on the same
 * storage: a second gateway replica (or the operator CLI) beside the first.
 */
export interface OpenedIdentityStores {
  readonly store: IdentityStore;
  readonly again: () => IdentityStore;
}

const settle = async <T>(work: Promise<T>): Promise<T | Error> => work.catch((error: Error) => error);

export function describeIdentityStoreContract(name: string, open: (clock: Clock) => OpenedIdentityStores): void {
  describe(`${name} (identity store contract)`, () => {
    const opened: IdentityStore[] = [];
    const openStores = (clock: Clock = systemClock) => {
      const stores = open(clock);
      opened.push(stores.store);
      return {
        store: stores.store,
        again: () => {
          const another = stores.again();
          opened.push(another);
          return another;
        },
      };
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    describe('accounts', () => {
      it('when two sign-ups with one address (any case) race on two replicas then one wins and the other is refused', async () => {
        const { store, again } = openStores();
        const other = again();
        const outcomes = await Promise.all([
          settle(store.createAccount({ email: 'race@example.com', name: 'A', passwordHash: 'a' })),
          settle(other.createAccount({ email: ' RACE@example.com', name: 'B', passwordHash: 'b' })),
        ]);
        expect(outcomes.filter((o) => o instanceof ConflictError)).toHaveLength(1);
        const winner = outcomes.find((o) => !(o instanceof Error));
        expect(await other.findAccountForSignIn('Race@Example.com')).toMatchObject({
          id: (winner as { id: string }).id,
        });
        // ensureAccount on the taken address finds it instead of making another
        expect(await store.ensureAccount('race@example.com')).toMatchObject({ created: false });
      });

      it('when an account is erased then its address, password, keys, sessions, passkeys and OAuth records are gone and the address is free', async () => {
        const { store } = openStores();
        const account = await store.createAccount({ email: 'gone@example.com', name: 'Gone', passwordHash: 'hash' });
        const { key } = await store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] });
        const session = await store.createSession(account.id);
        await store.passkeys.addPasskey({ ...passkey('gone-cred'), accountId: account.id });
        const grants = new store.oauthAdapter('Grant');
        await grants.upsert('g1', { accountId: account.id, clientId: 'app' }, 3600);
        await grants.upsert('g2', { accountId: 'someone-else', clientId: 'app' }, 3600);
        await new store.oauthAdapter('AccessToken').upsert('t1', { accountId: account.id, grantId: 'g1' }, 3600);

        expect(await store.eraseAccount(account.id)).toBe(true);
        expect(await store.findAccountForSignIn('gone@example.com')).toBeNull();
        expect(await store.findAccountById(account.id)).toMatchObject({
          name: null,
          email: expect.stringMatching(/@erased\.invalid$/),
        });
        expect(await store.verifyApiKey(key)).toBeNull();
        expect(await store.sessionAccount(session.token)).toBeNull();
        expect(await store.passkeys.findPasskeyByCredentialId('gone-cred')).toBeNull();
        expect(await grants.find('g1')).toBeUndefined();
        expect(await new store.oauthAdapter('AccessToken').find('t1')).toBeUndefined();
        expect(await grants.find('g2')).toMatchObject({ accountId: 'someone-else' });
        const again = await store.createAccount({ email: 'gone@example.com', name: null, passwordHash: null });
        expect(again.id).not.toBe(account.id);
        expect(await store.eraseAccount('no-such-account')).toBe(false);
      });
    });

    describe('roles', () => {
      it('when an operator role is granted on one replica then the other reads it; granted twice it changes nothing; revoked or erased it is gone', async () => {
        const { store, again } = openStores();
        const { account } = await store.ensureAccount('op@example.com');
        const other = again();
        expect(await other.rolesOf(account.id)).toEqual([]);
        expect(await store.setRole(account.id, 'operator', true)).toBe(true);
        expect(await store.setRole(account.id, 'operator', true)).toBe(false);
        expect(await other.rolesOf(account.id)).toEqual(['operator']);
        expect(await other.setRole(account.id, 'operator', false)).toBe(true);
        expect(await store.rolesOf(account.id)).toEqual([]);
        expect(await store.setRole('no-such-account', 'operator', true)).toBe(false);
        await store.setRole(account.id, 'operator', true);
        await store.eraseAccount(account.id);
        expect(await store.rolesOf(account.id)).toEqual([]);
      });
    });

    describe('suspensions', () => {
      it('when an operator suspends an account then it reads suspended with the reason, on another replica too; again changes nothing; restored then not', async () => {
        const clock = manualClock(new Date('2026-11-20T10:00:00.000Z'));
        const { store, again } = openStores(clock);
        const other = again();
        const { account } = await store.ensureAccount('ring@example.com');
        expect(account).toMatchObject({ suspendedAt: null, suspensionReason: null });
        const by = { reason: 'vote ring', operatorAccountId: 'op-1' };
        // (one after the other: FerretDB runs a filtered update as a read then a write, so two at
        // once may both answer true; the account ends suspended either way)
        expect(await store.suspendAccount(account.id, by)).toBe(true);
        expect(await other.suspendAccount(account.id, { reason: 'again', operatorAccountId: 'op-2' })).toBe(false);
        expect(await other.findAccountById(account.id)).toMatchObject({
          suspendedAt: '2026-11-20T10:00:00.000Z',
          suspensionReason: 'vote ring',
        });
        expect(await store.findAccountForSignIn('ring@example.com')).toMatchObject({ suspensionReason: 'vote ring' });
        const session = await store.createSession(account.id);
        expect((await store.sessionDetails(session.token))?.account.suspendedAt).toBe('2026-11-20T10:00:00.000Z');
        expect(await store.restoreAccount(account.id, { reason: 'appeal upheld', operatorAccountId: 'op-2' })).toBe(
          true,
        );
        expect(await other.findAccountById(account.id)).toMatchObject({ suspendedAt: null, suspensionReason: null });
        expect(await store.restoreAccount(account.id, { reason: 'again', operatorAccountId: 'op-2' })).toBe(false);
        expect(await store.suspendAccount('no-such-account', by)).toBe(false);
      });
    });

    describe('API keys', () => {
      it('when an account names a second live key like the first (any case) then it is refused, naming the name', async () => {
        const { store } = openStores();
        const { account } = await store.ensureAccount('a@example.com');
        const { account: other } = await store.ensureAccount('b@example.com');
        await store.createApiKey({ accountId: account.id, name: 'CI', scopes: ['account:read'] });
        await expect(
          store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] }),
        ).rejects.toThrow(ApiKeyNameTakenError);
        // another account may use it, and so may the account once the first key is revoked
        expect(
          (await store.createApiKey({ accountId: other.id, name: 'CI', scopes: ['account:read'] })).summary.name,
        ).toBe('CI');
        const first = (await store.listApiKeys(account.id))[0];
        expect(await store.revokeApiKey(account.id, first?.id as string)).toBe(true);
        expect(await store.revokeApiKey(account.id, first?.id as string)).toBe(false);
        expect(
          (await store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] })).summary.name,
        ).toBe('ci');
      });

      it('when a taken name may be numbered then the next free one is used', async () => {
        const { store } = openStores();
        const { account } = await store.ensureAccount('a@example.com');
        const names: string[] = [];
        for (let n = 0; n < 3; n++)
          names.push(
            (
              await store.createApiKey({
                accountId: account.id,
                name: 'cli',
                scopes: ['account:read'],
                suffixIfTaken: true,
              })
            ).summary.name,
          );
        expect(names).toEqual(['cli', 'cli (2)', 'cli (3)']);
      });

      it('when two replicas take one name at once then only one of them gets it', async () => {
        const { store, again } = openStores();
        const two = again();
        const { account } = await store.ensureAccount('a@example.com');
        const outcomes = await Promise.all(
          [store, two].map((s) =>
            settle(s.createApiKey({ accountId: account.id, name: 'deploy', scopes: ['account:read'] })),
          ),
        );
        expect(outcomes.filter((o) => o instanceof ApiKeyNameTakenError)).toHaveLength(1);
        expect((await two.listApiKeys(account.id)).map((k) => k.name)).toEqual(['deploy']);
      });

      it('when a key is made on one replica then the other verifies it, and a revoked or forged key is refused', async () => {
        const { store, again } = openStores();
        const two = again();
        const { account } = await store.ensureAccount('keys@example.com');
        const { key, summary } = await store.createApiKey({
          accountId: account.id,
          name: 'k',
          scopes: ['account:read', 'listings:write'],
        });
        expect(await two.verifyApiKey(key)).toEqual({
          keyId: summary.id,
          accountId: account.id,
          scopes: ['account:read', 'listings:write'],
        });
        expect(await two.verifyApiKey(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
        expect(await two.verifyApiKey('ldk_nope')).toBeNull();
        expect((await store.listApiKeys(account.id))[0]?.lastUsedAt).not.toBeNull();
        expect(await two.revokeApiKey(account.id, summary.id)).toBe(true);
        expect(await store.verifyApiKey(key)).toBeNull();
      });

      it('when an account reaches its daily number of keys then the next is refused with 429 naming the setting, revoked keys count, and the next UTC day it may make more', async () => {
        const clock = manualClock('2026-11-18T23:00:00.000Z');
        const { store } = openStores(clock);
        const { account } = await store.ensureAccount('a@example.com');
        const { account: other } = await store.ensureAccount('b@example.com');
        const make = (accountId: string, name: string) =>
          store.createApiKey({ accountId, name, scopes: ['account:read'], perDay: 2 });
        await make(account.id, 'one');
        const second = await make(account.id, 'two');
        // revoking does not give the day's allowance back: create-and-revoke churn is what the limit stops
        expect(await store.revokeApiKey(account.id, second.summary.id)).toBe(true);
        const refused = await settle(make(account.id, 'three'));
        expect(refused).toBeInstanceOf(DailyLimitError);
        expect(refused).toMatchObject({ status: 429, limit: 2, retryAfterSeconds: 3600 });
        expect((refused as Error).message).toContain('API_KEYS_PER_ACCOUNT_PER_DAY');
        expect((await store.listApiKeys(account.id)).map((k) => k.name)).toEqual(['one']);
        // another account has its own allowance, and the operator CLI's path (no perDay) is exempt
        expect((await make(other.id, 'one')).summary.name).toBe('one');
        expect(
          (await store.createApiKey({ accountId: account.id, name: 'cli', scopes: ['account:read'] })).summary.name,
        ).toBe('cli');
        clock.set('2026-11-19T00:00:00.000Z');
        expect((await make(account.id, 'three')).summary.name).toBe('three');
      });

      it('when two replicas race for the last key of the day then exactly one gets it', async () => {
        const { store, again } = openStores();
        const second = again();
        const { account } = await store.ensureAccount('race@example.com');
        await store.createApiKey({ accountId: account.id, name: 'before', scopes: ['account:read'], perDay: 2 });
        const outcomes = await Promise.all(
          [store, second].map((s, n) =>
            settle(
              s.createApiKey({ accountId: account.id, name: `replica ${n}`, scopes: ['account:read'], perDay: 2 }),
            ),
          ),
        );
        expect(
          outcomes.map((o) => (o instanceof DailyLimitError ? 'refused' : o instanceof Error ? o : 'made')).sort(),
        ).toEqual(['made', 'refused']);
        expect(await second.listApiKeys(account.id)).toHaveLength(2);
      });
    });

    describe('sessions', () => {
      it('when a session has passed its end then it is refused everywhere, even before anything deleted it', async () => {
        const clock = manualClock('2026-11-01T00:00:00.000Z');
        const { store, again } = openStores(clock);
        const two = again();
        const account = await store.createAccount({ email: 's@example.com', name: null, passwordHash: null });
        const session = await store.createSession(account.id, 'password');
        expect(await two.sessionAccount(session.token)).toMatchObject({ id: account.id });
        expect(await two.sessionDetails(session.token)).toMatchObject({
          account: { id: account.id },
          emailConfirmed: false,
          csrfToken: session.csrfToken,
        });
        expect(await two.sessionOrigin(session.token)).toMatchObject({ method: 'password' });
        clock.advance(SESSION_TTL_MS);
        expect(await two.sessionAccount(session.token)).toBeNull();
        expect(await two.sessionDetails(session.token)).toBeNull();
        expect(await two.sessionOrigin(session.token)).toBeNull();
        expect(await two.listSessions(account.id, session.token)).toEqual([]);
      });

      it('when sessions are listed and ended then only the named ones of the account end', async () => {
        const { store } = openStores();
        const account = await store.createAccount({ email: 'many@example.com', name: null, passwordHash: null });
        const [a, b, c] = [
          await store.createSession(account.id, 'password'),
          await store.createSession(account.id, 'link'),
          await store.createSession(account.id, 'passkey'),
        ];
        const listed = await store.listSessions(account.id, a.token);
        expect(listed).toHaveLength(3);
        expect(listed.filter((s) => s.current)).toHaveLength(1);
        const bId = listed.find((s) => s.method === 'link')?.id as string;
        expect(await store.endSessionById('someone-else', bId)).toBe(false);
        expect(await store.endSessionById(account.id, bId)).toBe(true);
        expect(await store.sessionAccount(b.token)).toBeNull();
        expect(await store.endOtherSessions(account.id, a.token)).toBe(1);
        expect(await store.sessionAccount(c.token)).toBeNull();
        expect(await store.sessionAccount(a.token)).not.toBeNull();
        await store.endSession(a.token);
        expect(await store.sessionAccount(a.token)).toBeNull();
        expect(await store.sessionAccount('x'.repeat(101))).toBeNull();
      });
    });

    describe('mailed links and mails', () => {
      it('when a sign-in link is used twice (two clicks on two replicas) then only the first signs in', async () => {
        const { store, again } = openStores();
        const two = again();
        const token = await store.issueEmailToken({
          purpose: 'sign_in',
          email: 'Link@Example.com',
          accountId: null,
          next: '/me',
          ttlMs: 60_000,
        });
        const used = await Promise.all([
          store.consumeEmailToken(token, 'sign_in'),
          two.consumeEmailToken(token, 'sign_in'),
        ]);
        expect(used.filter((u) => u !== null)).toEqual([{ email: 'link@example.com', accountId: null, next: '/me' }]);
        expect(await store.consumeEmailToken(token, 'sign_in')).toBeNull();
      });

      it('when a link has expired or is for another purpose then it is refused', async () => {
        const clock = manualClock('2026-11-01T00:00:00.000Z');
        const { store } = openStores(clock);
        const token = await store.issueEmailToken({
          purpose: 'confirm_email',
          email: 'c@example.com',
          accountId: 'acc',
          next: null,
          ttlMs: 60_000,
        });
        expect(await store.consumeEmailToken(token, 'sign_in')).toBeNull();
        clock.advance(60_000);
        expect(await store.consumeEmailToken(token, 'confirm_email')).toBeNull();
      });

      it('when a mail key is taken twice then the second is refused until it is given back', async () => {
        const { store, again } = openStores();
        const two = again();
        expect(await store.takeMailKey('follow-1')).toBe(true);
        expect(await two.takeMailKey('follow-1')).toBe(false);
        await two.releaseMailKey('follow-1');
        expect(await store.takeMailKey('follow-1')).toBe(true);
      });
    });

    describe('the first proof of the address', () => {
      it('when the owner proves the address for the first time then every way in made before goes, but the operator keys stay; a second proof touches nothing', async () => {
        const { store, again } = openStores();
        const two = again();
        const account = await store.createAccount({ email: 'squat@example.com', name: null, passwordHash: 'pw' });
        const session = await store.createSession(account.id, 'password');
        const siteKey = await store.createApiKey({
          accountId: account.id,
          name: 'site',
          scopes: ['account:read'],
          origin: 'site',
        });
        const operatorKey = await store.createApiKey({
          accountId: account.id,
          name: 'operator',
          scopes: ['account:read'],
        });
        await store.passkeys.addPasskey({ ...passkey('squat-cred'), accountId: account.id });
        await new store.oauthAdapter('Grant').upsert(
          'grant-1',
          { accountId: account.id, clientId: 'app', iat: 1 },
          3600,
        );
        await new store.oauthAdapter('AccessToken').upsert('at-1', { accountId: account.id, grantId: 'grant-1' }, 3600);
        await new store.oauthAdapter('Session').upsert('op-session', { accountId: account.id }, 3600);

        const reset = await two.confirmEmailAndResetEntry(account.id);
        expect(reset).toEqual({
          password_removed: true,
          sessions_ended: 1,
          api_keys_revoked: 1,
          apps_revoked: 1,
          passkeys_removed: 1,
        });
        expect(await store.isEmailConfirmed(account.id)).toBe(true);
        expect(await store.hasPassword(account.id)).toBe(false);
        expect(await store.sessionAccount(session.token)).toBeNull();
        expect(await store.verifyApiKey(siteKey.key)).toBeNull();
        expect(await store.verifyApiKey(operatorKey.key)).not.toBeNull();
        expect(await store.passkeys.countPasskeys(account.id)).toBe(0);
        expect(await new store.oauthAdapter('AccessToken').find('at-1')).toBeUndefined();
        expect(await new store.oauthAdapter('Session').find('op-session')).toBeUndefined();
        expect(await store.listOAuthGrants(account.id)).toEqual([]);
        // the revoked key's name is free again
        await store.createApiKey({ accountId: account.id, name: 'site', scopes: ['account:read'] });
        expect(await store.confirmEmailAndResetEntry(account.id)).toBe('confirmed-already');
        const fresh = await store.createAccount({ email: 'fresh@example.com', name: null, passwordHash: null });
        expect(await store.confirmEmailAndResetEntry(fresh.id)).toBeNull();
      });

      it('when two proofs of one address land at once on two replicas then one takes away and the other finds it confirmed', async () => {
        const { store, again } = openStores();
        const two = again();
        const account = await store.createAccount({ email: 'twice@example.com', name: null, passwordHash: 'pw' });
        const outcomes = await Promise.all([
          store.confirmEmailAndResetEntry(account.id),
          two.confirmEmailAndResetEntry(account.id),
        ]);
        expect(outcomes.filter((o) => o === 'confirmed-already')).toHaveLength(1);
        expect(outcomes.filter((o) => o !== 'confirmed-already' && o?.password_removed)).toHaveLength(1);
        expect(await two.isEmailConfirmed(account.id)).toBe(true);
      });
    });

    describe('passwords', () => {
      it('when a password is set and removed then the store says so, and removing none is false', async () => {
        const { store } = openStores();
        const account = await store.createAccount({ email: 'p@example.com', name: null, passwordHash: null });
        expect(await store.hasPassword(account.id)).toBe(false);
        expect(await store.setPasswordHash(account.id, null)).toBe(false);
        expect(await store.setPasswordHash(account.id, 'argon')).toBe(true);
        expect(await store.passwordHashOf(account.id)).toBe('argon');
        expect(await store.findAccountForSignIn('P@example.com')).toMatchObject({ passwordHash: 'argon' });
        expect(await store.setPasswordHash(account.id, null)).toBe(true);
        expect(await store.passwordHashOf(account.id)).toBeNull();
      });
    });

    describe('passkeys', () => {
      it('when a passkey is stored twice or past the limit then it is refused, even from two replicas at once', async () => {
        const { store, again } = openStores();
        const two = again();
        const account = await store.createAccount({ email: 'pk@example.com', name: null, passwordHash: null });
        const other = await store.createAccount({ email: 'pk2@example.com', name: null, passwordHash: null });
        await store.passkeys.addPasskey({ ...passkey('cred-1'), accountId: account.id, max: 3 });
        await expect(two.passkeys.addPasskey({ ...passkey('cred-1'), accountId: other.id, max: 3 })).rejects.toThrow(
          PasskeyTakenError,
        );
        const outcomes = await Promise.all(
          ['cred-2', 'cred-3', 'cred-4'].map((id, n) =>
            settle((n % 2 ? two : store).passkeys.addPasskey({ ...passkey(id), accountId: account.id, max: 3 })),
          ),
        );
        expect(outcomes.filter((o) => o instanceof TooManyPasskeysError).length).toBeGreaterThanOrEqual(1);
        expect(await two.passkeys.countPasskeys(account.id)).toBeLessThanOrEqual(3);
        const listed = await store.passkeys.listPasskeys(account.id);
        expect(listed[0]).toMatchObject({ name: 'cred-1 key', backedUp: true, lastUsedAt: null });
        expect(await store.passkeys.credentialsOf(account.id)).toContainEqual({
          credentialId: 'cred-1',
          transports: ['usb'],
        });
        // a place freed by a removal can be taken again
        expect(await two.passkeys.removePasskey(other.id, listed[0]?.id as string)).toBe(false);
        expect(await two.passkeys.removePasskey(account.id, listed[0]?.id as string)).toBe(true);
        await store.passkeys.addPasskey({ ...passkey('cred-5'), accountId: account.id, max: 3 });
        expect(await store.passkeys.countPasskeys(account.id)).toBe(3);
      });

      it('when a passkey signs in then its counter moves once, and a stale counter is refused', async () => {
        const { store, again } = openStores();
        const two = again();
        const account = await store.createAccount({ email: 'ctr@example.com', name: null, passwordHash: null });
        await store.passkeys.addPasskey({ ...passkey('ctr'), accountId: account.id });
        const stored = await two.passkeys.findPasskeyByCredentialId('ctr');
        expect(stored).toMatchObject({ accountId: account.id, counter: 0, transports: ['usb'] });
        expect([...(stored?.publicKey ?? [])]).toEqual([1, 2, 3]);
        const moves = await Promise.all([
          store.passkeys.recordPasskeyUse(stored?.id as string, 0, 1),
          two.passkeys.recordPasskeyUse(stored?.id as string, 0, 1),
        ]);
        expect(moves.sort()).toEqual([false, true]);
        expect((await store.passkeys.listPasskeys(account.id))[0]?.lastUsedAt).not.toBeNull();
      });

      it('when a ceremony is taken twice, or after its time, then there is no challenge', async () => {
        const clock = manualClock('2026-11-01T00:00:00.000Z');
        const { store, again } = openStores(clock);
        const two = again();
        const start = (challenge: string) =>
          store.passkeys.startCeremony({ purpose: 'sign_in', binding: 'tok', accountId: null, challenge, ttlMs: 1000 });
        await start('first');
        await start('second');
        expect(await two.passkeys.takeCeremony('register', 'tok')).toBeNull();
        const taken = await Promise.all([
          store.passkeys.takeCeremony('sign_in', 'tok'),
          two.passkeys.takeCeremony('sign_in', 'tok'),
        ]);
        expect(taken.filter((t) => t !== null)).toEqual([{ challenge: 'second', accountId: null }]);
        await start('late');
        clock.advance(1000);
        expect(await two.passkeys.takeCeremony('sign_in', 'tok')).toBeNull();
      });
    });

    describe('the OAuth server adapter', () => {
      it('when a code is consumed then every replica sees it consumed, and revoking its grant removes what it issued', async () => {
        const { store, again } = openStores();
        const two = again();
        const codes = new store.oauthAdapter('AuthorizationCode');
        await codes.upsert('code-1', { grantId: 'grant-9', accountId: 'acc', clientId: 'app' }, 60);
        await new store.oauthAdapter('RefreshToken').upsert('rt-1', { grantId: 'grant-9', accountId: 'acc' }, 600);
        await new store.oauthAdapter('RefreshToken').upsert('rt-2', { grantId: 'other', accountId: 'acc' }, 600);
        expect((await new two.oauthAdapter('AuthorizationCode').find('code-1'))?.consumed).toBeUndefined();
        await new two.oauthAdapter('AuthorizationCode').consume('code-1');
        expect((await codes.find('code-1'))?.consumed).toEqual(expect.any(Number));
        await new two.oauthAdapter('AuthorizationCode').revokeByGrantId('grant-9');
        expect(await codes.find('code-1')).toBeUndefined();
        expect(await new store.oauthAdapter('RefreshToken').find('rt-1')).toBeUndefined();
        expect(await new store.oauthAdapter('RefreshToken').find('rt-2')).toMatchObject({ grantId: 'other' });
      });

      it('when records are found by uid or user code, expire, or are destroyed then the adapter answers as oidc-provider expects', async () => {
        const clock = manualClock('2026-11-01T00:00:00.000Z');
        const { store, again } = openStores(clock);
        const interactions = new store.oauthAdapter('Interaction');
        const sessions = new (again().oauthAdapter)('Session');
        await sessions.upsert('s-1', { uid: 'uid-1', accountId: 'acc' }, 10);
        await new store.oauthAdapter('DeviceCode').upsert('d-1', { userCode: 'ABCD-EFGH' }, 10);
        // a client registration keeps URLs (dots) as keys of its metadata
        await new store.oauthAdapter('Client').upsert('c-1', { client_id: 'c-1', 'https://a.example/x': { y: 1 } });
        expect(await new store.oauthAdapter('Session').findByUid('uid-1')).toMatchObject({ accountId: 'acc' });
        expect(await new store.oauthAdapter('Grant').findByUid('uid-1')).toBeUndefined();
        expect(await new store.oauthAdapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({
          userCode: 'ABCD-EFGH',
        });
        expect(await new store.oauthAdapter('Client').find('c-1')).toEqual({
          client_id: 'c-1',
          'https://a.example/x': { y: 1 },
        });
        await interactions.upsert('i-1', { uid: 'i' }, 60);
        await interactions.destroy('i-1');
        expect(await interactions.find('i-1')).toBeUndefined();
        clock.advance(10_000);
        expect(await sessions.find('s-1')).toBeUndefined();
        expect(await new store.oauthAdapter('Session').findByUid('uid-1')).toBeUndefined();
        expect(await new store.oauthAdapter('Client').find('c-1')).toBeDefined();
      });

      it("when an account's grants are listed and one revoked then it and its tokens go, and the client's name shows", async () => {
        const { store, again } = openStores();
        const two = again();
        await new store.oauthAdapter('Client').upsert('app-1', {
          client_id: 'app-1',
          client_name: 'Notes',
          client_uri: 'https://notes.example',
        });
        await new store.oauthAdapter('Grant').upsert(
          'g-old',
          {
            accountId: 'acc',
            clientId: 'app-1',
            iat: 1_700_000_000,
            resources: { 'https://x.example/mcp': 'account:read listings:write' },
          },
          3600,
        );
        await new store.oauthAdapter('Grant').upsert(
          'g-new',
          { accountId: 'acc', clientId: 'elsewhere', iat: 1_800_000_000 },
          3600,
        );
        await new store.oauthAdapter('AccessToken').upsert('at-old', { accountId: 'acc', grantId: 'g-old' }, 3600);
        const listed = await two.listOAuthGrants('acc');
        expect(listed.map((g) => g.grantId)).toEqual(['g-new', 'g-old']);
        expect(listed[1]).toMatchObject({
          clientName: 'Notes',
          clientUri: 'https://notes.example',
          scopes: ['account:read', 'listings:write'],
          resources: ['https://x.example/mcp'],
        });
        expect(await two.revokeOAuthGrant('someone-else', 'g-old')).toBe(false);
        expect(await two.revokeOAuthGrant('acc', 'g-old')).toBe(true);
        expect(await new store.oauthAdapter('AccessToken').find('at-old')).toBeUndefined();
        expect((await store.listOAuthGrants('acc')).map((g) => g.grantId)).toEqual(['g-new']);
        expect(await store.endAllSessions('acc')).toBe(0);
      });
    });
  });
}

/** a passkey's stored parts (what a verified registration gives) */
const passkey = (credentialId: string) => ({
  name: `${credentialId} key`,
  credentialId,
  publicKey: new Uint8Array([1, 2, 3]),
  counter: 0,
  transports: ['usb'],
  backedUp: true,
  max: 10,
});
