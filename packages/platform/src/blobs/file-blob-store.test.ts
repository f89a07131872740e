import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import { openFileBlobStore } from './file-blob-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

describeBlobStoreContract(
  'file blob store',
  async () => {
    const dir = path.join(root, `store-${++count}`);
    return { store: openFileBlobStore({ dir }), reopen: async () => openFileBlobStore({ dir }) };
  },
  { persistent: true },
);

describe('file blob store', () => {
  it('when a blob is put then it is one file under <dir>/<2 hex>/<64 hex> and no temporary file is left', async () => {
    const dir = path.join(root, 'layout');
    const ref = await openFileBlobStore({ dir }).put('page');
    const digest = ref.slice('sha256:'.length);
    expect(readdirSync(path.join(dir, digest.slice(0, 2)))).toEqual([digest]);
  });

  it('when a stored file was damaged then get refuses it instead of serving other bytes', async () => {
    const dir = path.join(root, 'damaged');
    const store = openFileBlobStore({ dir });
    const ref = await store.put('original');
    const digest = ref.slice('sha256:'.length);
    writeFileSync(path.join(dir, digest.slice(0, 2), digest), 'tampered');
    await expect(store.get(ref)).rejects.toThrow(/damaged/);
  });
});
