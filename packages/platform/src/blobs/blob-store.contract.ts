import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { BlobNotFoundError, InvalidBlobRefError } from './blob-store.ts';

/**
 * The behaviour every BlobStore adapter must have, as one vitest suite. Test-only: import it from
 * a `*.test.ts`. `open` gives a fresh, empty store; `reopen` (persistent adapters) another
 * instance on the same storage; the persistence test is defined only for adapters that give it.
 */
export function describeBlobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; reopen?: () => Promise<BlobStore> }>,
  options: { persistent: boolean },
): void {
  const persistentIt = (options.persistent ? it : () => undefined) as typeof it;
  describe(`${name} (BlobStore contract)`, () => {
    it('when bytes are put then the reference is sha256: and their hex digest, and get gives them back', async () => {
      const { store } = await open();
      const bytes = new Uint8Array([0, 1, 2, 255]);
      const ref = await store.put(bytes);
      expect(ref).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      expect(await store.get(ref)).toEqual(bytes);
      expect(await store.has(ref)).toBe(true);
    });

    it('when a string is put then it is stored as UTF-8', async () => {
      const { store } = await open();
      const ref = await store.put('café <html>');
      expect(new TextDecoder().decode(await store.get(ref))).toBe('café <html>');
      expect(ref).toBe(await store.put(new TextEncoder().encode('café <html>')));
    });

    it('when the same bytes are put twice (or concurrently) then they have one reference and stay readable', async () => {
      const { store } = await open();
      const page = 'x'.repeat(300_000);
      const refs = await Promise.all([store.put(page), store.put(page), store.put(page)]);
      expect(new Set(refs).size).toBe(1);
      expect(await store.put(page)).toBe(refs[0]);
      expect((await store.get(refs[0] as string)).byteLength).toBe(300_000);
    });

    it('when the caller changes its buffer after put then the blob does not change', async () => {
      const { store } = await open();
      const bytes = new Uint8Array([1, 2, 3]);
      const ref = await store.put(bytes);
      bytes[0] = 9;
      expect(await store.get(ref)).toEqual(new Uint8Array([1, 2, 3]));
    });

    it('when a blob is not stored then get fails with BlobNotFoundError and has is false', async () => {
      const { store } = await open();
      const missing = `sha256:${'0'.repeat(64)}`;
      await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.has(missing)).toBe(false);
    });

    it('when a reference is malformed then it is refused (never used as a path)', async () => {
      const { store } = await open();
      for (const bad of ['../../etc/passwd', 'sha256:ABC', `sha1:${'0'.repeat(40)}`, `sha256:${'0'.repeat(63)}/`]) {
        await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidBlobRefError);
        await expect(store.has(bad)).rejects.toBeInstanceOf(InvalidBlobRefError);
      }
    });

    persistentIt('when the store is opened again then its blobs are still there', async () => {
      const { store, reopen } = await open();
      if (!reopen) throw new Error(`${name} is declared persistent but gives no reopen`);
      const ref = await store.put('kept');
      const again = await reopen();
      expect(new TextDecoder().decode(await again.get(ref))).toBe('kept');
    });
  });
}
