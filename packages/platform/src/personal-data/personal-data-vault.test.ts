import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyVault, memorySubjectKeys, sqliteSubjectKeys } from './key-vault.ts';
import { personalDataVaultContract } from './personal-data-vault.contract.ts';

personalDataVaultContract('memory', () => ({ vault: createKeyVault(memorySubjectKeys()), cleanup: () => {} }), {
  durable: false,
});

personalDataVaultContract(
  'sqlite',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-'));
    const file = path.join(dir, 'keys.sqlite');
    return {
      vault: createKeyVault(sqliteSubjectKeys({ path: file })),
      reopen: () => createKeyVault(sqliteSubjectKeys({ path: file })),
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
  { durable: true },
);

describe('sqlite subject keys shared by two replicas', () => {
  it('when two connections seal for a new subject then both use one key and each opens the other', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-'));
    const file = path.join(dir, 'keys.sqlite');
    const a = createKeyVault(sqliteSubjectKeys({ path: file }));
    const b = createKeyVault(sqliteSubjectKeys({ path: file }));
    const fromA = await a.seal('acc-9', 'a@example.com');
    const fromB = await b.seal('acc-9', 'b@example.com');
    expect(await b.open(fromA)).toBe('a@example.com');
    expect(await a.open(fromB)).toBe('b@example.com');
    await b.forget('acc-9');
    expect(await a.open(fromA)).toBeNull();
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
