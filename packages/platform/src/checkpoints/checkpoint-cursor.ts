import type { CheckpointStore } from './checkpoint-store.ts';

/** events a subscriber passes over move its checkpoint only every so many (and on close) */
export const PASSED_OVER_PER_SAVE = 1_000;

/**
 * A log subscriber's position under its durable name: saved after each event it handled, after
 * every PASSED_OVER_PER_SAVE events it passed over without a write, and on close. A restart goes
 * over at most that many passed-over events again.
 */
export interface CheckpointCursor {
  /** the position saved last (at open: where the subscription resumes after) */
  readonly saved: number;
  /** the event at `position` was handled: saved now */
  handled(position: number): Promise<void>;
  /** the event at `position` needed nothing: saved with the next handled one, or every so many */
  passedOver(position: number): Promise<void>;
  /** saves how far it got, if further than saved */
  close(): Promise<void>;
}

export const openCheckpointCursor = async (checkpoints: CheckpointStore, name: string): Promise<CheckpointCursor> => {
  let saved = await checkpoints.load(name);
  let reached = saved;
  let passed = 0;
  const save = async (position: number) => {
    await checkpoints.save(name, position);
    saved = position;
    reached = position;
    passed = 0;
  };
  return {
    get saved() {
      return saved;
    },
    handled: save,
    passedOver: async (position) => {
      reached = position;
      if (++passed >= PASSED_OVER_PER_SAVE) await save(position);
    },
    close: async () => {
      if (reached > saved) await save(reached);
    },
  };
};
