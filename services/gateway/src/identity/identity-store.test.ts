import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { manualClock, systemClock } from '@listings/platform/clock';
import { DailyLimitError } from '@listings/platform/decider';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeyNameTakenError, openIdentityStore } from './identity-store.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'identity-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('API key names', () => {
  it('when an account names a second live key like the first (any case) then it is refused, naming the name', () => {
    const store = openIdentityStore({ file: ':memory:', clock: systemClock });
    const { account } = store.ensureAccount('a@example.com');
    const { account: other } = store.ensureAccount('b@example.com');
    store.createApiKey({ accountId: account.id, name: 'CI', scopes: ['account:read'] });
    expect(() => store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] })).toThrow(
      ApiKeyNameTakenError,
    );
    // another account may use it, and so may the account once the first key is revoked
    expect(store.createApiKey({ accountId: other.id, name: 'CI', scopes: ['account:read'] }).summary.name).toBe('CI');
    const first = store.listApiKeys(account.id)[0];
    expect(store.revokeApiKey(account.id, first?.id as string)).toBe(true);
    expect(store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] }).summary.name).toBe('ci');
    store.close();
  });

  it('when a taken name may be numbered then the next free one is used', () => {
    const store = openIdentityStore({ file: ':memory:', clock: systemClock });
    const { account } = store.ensureAccount('a@example.com');
    const names = [1, 2, 3].map(
      (_) =>
        store.createApiKey({ accountId: account.id, name: 'cli', scopes: ['account:read'], suffixIfTaken: true })
          .summary.name,
    );
    expect(names).toEqual(['cli', 'cli (2)', 'cli (3)']);
    store.close();
  });

  it('when two stores share the file (two replicas) then only one of them gets the name', () => {
    const file = path.join(dir, 'shared.sqlite');
    const one = openIdentityStore({ file, clock: systemClock });
    const two = openIdentityStore({ file, clock: systemClock });
    const { account } = one.ensureAccount('a@example.com');
    one.createApiKey({ accountId: account.id, name: 'deploy', scopes: ['account:read'] });
    expect(() => two.createApiKey({ accountId: account.id, name: 'deploy', scopes: ['account:read'] })).toThrow(
      /already have an API key named "deploy"/,
    );
    expect(two.listApiKeys(account.id).map((k) => k.name)).toEqual(['deploy']);
    one.close();
    two.close();
  });

  it('when a data dir has keys with duplicate names from before the rule then start-up numbers them instead of failing', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec(`
      CREATE TABLE accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT, password_hash TEXT, created_at TEXT NOT NULL);
      CREATE TABLE api_keys (id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
        secret_hash TEXT NOT NULL, scopes TEXT NOT NULL, created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT);
      INSERT INTO accounts VALUES ('acc', 'a@example.com', NULL, NULL, '2025-01-01T00:00:00.000Z');
      INSERT INTO api_keys VALUES ('k1', 'acc', 'laptop', 'h1', '["account:read"]', '2025-01-01T00:00:00.000Z', NULL, NULL);
      INSERT INTO api_keys VALUES ('k2', 'acc', 'Laptop', 'h2', '["account:read"]', '2025-01-02T00:00:00.000Z', NULL, NULL);
      INSERT INTO api_keys VALUES ('k3', 'acc', 'laptop', 'h3', '["account:read"]', '2025-01-03T00:00:00.000Z', NULL, NULL);
      INSERT INTO api_keys VALUES ('k4', 'acc', 'laptop', 'h4', '["account:read"]', '2025-01-04T00:00:00.000Z', NULL, '2025-02-01T00:00:00.000Z');
    `);
    old.close();
    const store = openIdentityStore({ file, clock: systemClock });
    const names = (store.db.prepare('SELECT id, name FROM api_keys ORDER BY id').all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).toEqual(['laptop', 'Laptop (2)', 'laptop (3)', 'laptop']);
    expect(() => store.createApiKey({ accountId: 'acc', name: 'LAPTOP', scopes: ['account:read'] })).toThrow(
      ApiKeyNameTakenError,
    );
    store.close();
    // opened again (a restart, a second replica): nothing more changes
    const again = openIdentityStore({ file, clock: systemClock });
    expect(
      again
        .listApiKeys('acc')
        .map((k) => k.name)
        .sort(),
    ).toEqual(['Laptop (2)', 'laptop', 'laptop (3)']);
    again.close();
  });
});

describe('erasing an account', () => {
  it('when an account is erased then its address, password, keys, sessions and OAuth records are gone and the address is free', () => {
    const store = openIdentityStore({ file: ':memory:', clock: systemClock });
    const account = store.createAccount({ email: 'gone@example.com', name: 'Gone', passwordHash: 'hash' });
    const { key } = store.createApiKey({ accountId: account.id, name: 'ci', scopes: ['account:read'] });
    const session = store.createSession(account.id);
    store.db
      .prepare('INSERT INTO oauth_records (model, id, payload) VALUES (?, ?, ?)')
      .run('Grant', 'g1', JSON.stringify({ accountId: account.id }));
    store.db
      .prepare('INSERT INTO oauth_records (model, id, payload) VALUES (?, ?, ?)')
      .run('Grant', 'g2', JSON.stringify({ accountId: 'someone-else' }));

    expect(store.eraseAccount(account.id)).toBe(true);
    expect(store.findAccountForSignIn('gone@example.com')).toBeNull();
    expect(store.findAccountById(account.id)).toMatchObject({
      name: null,
      email: expect.stringMatching(/@erased\.invalid$/),
    });
    expect(store.verifyApiKey(key)).toBeNull();
    expect(store.sessionAccount(session.token)).toBeNull();
    expect(store.db.prepare('SELECT id FROM oauth_records').all()).toEqual([{ id: 'g2' }]);
    expect(store.createAccount({ email: 'gone@example.com', name: null, passwordHash: null }).id).not.toBe(account.id);
    expect(store.eraseAccount('no-such-account')).toBe(false);
    store.close();
  });
});

describe('API keys per account per day (API_KEYS_PER_ACCOUNT_PER_DAY)', () => {
  it('when an account reaches its daily number of keys then the next is refused with 429 naming the setting, revoked keys count, and the next UTC day it may make more', () => {
    const clock = manualClock('2026-11-18T23:00:00.000Z');
    const store = openIdentityStore({ file: ':memory:', clock });
    const { account } = store.ensureAccount('a@example.com');
    const { account: other } = store.ensureAccount('b@example.com');
    const make = (accountId: string, name: string) =>
      store.createApiKey({ accountId, name, scopes: ['account:read'], perDay: 2 });
    make(account.id, 'one');
    const second = make(account.id, 'two');
    // revoking does not give the day's allowance back: create-and-revoke churn is what the limit stops
    expect(store.revokeApiKey(account.id, second.summary.id)).toBe(true);
    const refused = (() => {
      try {
        make(account.id, 'three');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DailyLimitError);
    expect(refused).toMatchObject({ status: 429, limit: 2, retryAfterSeconds: 3600 });
    expect((refused as Error).message).toContain('API_KEYS_PER_ACCOUNT_PER_DAY');
    expect(store.listApiKeys(account.id).map((k) => k.name)).toEqual(['one']);
    // another account has its own allowance, and the operator CLI's path (no perDay) is exempt
    expect(make(other.id, 'one').summary.name).toBe('one');
    expect(store.createApiKey({ accountId: account.id, name: 'cli', scopes: ['account:read'] }).summary.name).toBe(
      'cli',
    );
    clock.set('2026-11-19T00:00:00.000Z');
    expect(make(account.id, 'three').summary.name).toBe('three');
    store.close();
  });

  it('when two stores on one file (two gateway replicas) race for the last key of the day then exactly one gets it', () => {
    const file = path.join(dir, 'daily-keys.sqlite');
    const first = openIdentityStore({ file, clock: systemClock });
    const second = openIdentityStore({ file, clock: systemClock });
    const { account } = first.ensureAccount('race@example.com');
    first.createApiKey({ accountId: account.id, name: 'before', scopes: ['account:read'], perDay: 2 });
    const outcomes = [first, second].map((store, n) => {
      try {
        store.createApiKey({ accountId: account.id, name: `replica ${n}`, scopes: ['account:read'], perDay: 2 });
        return 'made';
      } catch (error) {
        return error instanceof DailyLimitError ? 'refused' : String(error);
      }
    });
    expect(outcomes.sort()).toEqual(['made', 'refused']);
    expect(second.listApiKeys(account.id)).toHaveLength(2);
    first.close();
    second.close();
  });
});
