/**
 * The checkpoint store port: for each named subscriber, the global position of the last event it
 * has fully handled, so that after a restart it resumes right after it.
 */
export interface CheckpointStore {
  /** the saved position, or 0 (= from the beginning) when `name` has none */
  load(name: string): Promise<number>;
  /** replaces the saved position of `name` */
  save(name: string, position: number): Promise<void>;
  close(): Promise<void>;
}
