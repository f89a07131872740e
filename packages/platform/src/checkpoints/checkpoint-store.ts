import type { LeaseStore } from './subscription-lease.ts';

/**
 * The checkpoint store port: for each named subscriber, the global position of the last event it
 * has fully handled, so that after a restart it resumes right after it.
 */
export interface CheckpointStore {
  /** the saved position, or 0 (= from the beginning) when `name` has none */
  load(name: string): Promise<number>;
  /** replaces the saved position of `name` */
  save(name: string, position: number): Promise<void>;
  /**
   * Leases on subscriber names, when replicas in other processes share these checkpoints (MongoDB):
   * a checkpointed subscription then runs in one replica at a time (subscription-lease.ts). Absent
   * (the embedded stores, one process): every subscription runs at once.
   */
  readonly leases?: LeaseStore;
  /** a lease's lifetime unless renewed (default LEASE_TTL_MS; tests shorten it) */
  readonly leaseTtlMs?: number;
  close(): Promise<void>;
}
