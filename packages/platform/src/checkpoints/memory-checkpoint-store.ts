import type { CheckpointStore } from './checkpoint-store.ts';

/** An in-process CheckpointStore for tests; nothing is persisted. */
export function openMemoryCheckpointStore(): CheckpointStore {
  const positions = new Map<string, number>();
  return {
    async load(name) {
      return positions.get(name) ?? 0;
    },
    async save(name, position) {
      positions.set(name, position);
    },
    async close() {},
  };
}
