import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { systemClock } from '@listings/platform/clock';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeyNameTakenError } from '../src/store/identity-store.ts';
import { openSqliteIdentityStore } from '../src/store/sqlite-identity-store.ts';
import { describeIdentityStoreContract } from './identity-store.contract.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'identity-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
describeIdentityStoreContract('sqlite', (clock) => {
  // a file, not :memory:, so that a second instance (a replica, the CLI) opens the same data
  const file = path.join(dir, `contract-${++files}.sqlite`);
  return {
    store: openSqliteIdentityStore({ file, clock }),
    again: () => openSqliteIdentityStore({ file, clock }),
  };
});

describe('the SQLite file from before', () => {
  it('when a data dir has keys with duplicate names from before the rule then start-up numbers them instead of failing', async () => {
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
    const store = openSqliteIdentityStore({ file, clock: systemClock });
    const names = (store.db.prepare('SELECT id, name FROM api_keys ORDER BY id').all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).toEqual(['laptop', 'Laptop (2)', 'laptop (3)', 'laptop']);
    await expect(store.createApiKey({ accountId: 'acc', name: 'LAPTOP', scopes: ['account:read'] })).rejects.toThrow(
      ApiKeyNameTakenError,
    );
    await store.close();
    // opened again (a restart, a second replica): nothing more changes
    const again = openSqliteIdentityStore({ file, clock: systemClock });
    expect((await again.listApiKeys('acc')).map((k) => k.name).sort()).toEqual(['Laptop (2)', 'laptop', 'laptop (3)']);
    await again.close();
  });
});
