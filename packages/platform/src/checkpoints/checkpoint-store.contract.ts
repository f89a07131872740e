import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckpointStore } from './checkpoint-store.ts';

/** The behaviour every CheckpointStore adapter must have. Test-only (imports vitest). */
export interface OpenedCheckpointStore {
  readonly checkpoints: CheckpointStore;
  /** opens another instance on the same storage (only for adapters that persist) */
  readonly reopen?: () => Promise<CheckpointStore>;
}

/** `persistent`: the adapter keeps positions across instances; only then is that tested. */
export function describeCheckpointStoreContract(
  name: string,
  open: () => Promise<OpenedCheckpointStore>,
  options: { persistent: boolean },
): void {
  const persistentIt = (options.persistent ? it : () => undefined) as typeof it;
  describe(`${name} (CheckpointStore contract)`, () => {
    let opened: OpenedCheckpointStore;
    const toClose: CheckpointStore[] = [];

    beforeEach(async () => {
      opened = await open();
      toClose.push(opened.checkpoints);
    });

    afterEach(async () => {
      await Promise.all(toClose.splice(0).map((checkpoints) => checkpoints.close()));
    });

    it('loads 0 for a name never saved', async () => {
      expect(await opened.checkpoints.load('projection-a')).toBe(0);
    });

    it('loads the last saved position, per name', async () => {
      const { checkpoints } = opened;
      await checkpoints.save('projection-a', 3);
      await checkpoints.save('projection-b', 7);
      await checkpoints.save('projection-a', 5);
      expect(await checkpoints.load('projection-a')).toBe(5);
      expect(await checkpoints.load('projection-b')).toBe(7);
    });

    persistentIt('keeps positions across close and reopen', async () => {
      const { checkpoints, reopen } = opened;
      if (!reopen) throw new Error(`${name} is declared persistent but gives no reopen`);
      await checkpoints.save('projection-a', 42);
      await checkpoints.close();
      const reopened = await reopen();
      toClose.push(reopened);
      expect(await reopened.load('projection-a')).toBe(42);
    });
  });
}
